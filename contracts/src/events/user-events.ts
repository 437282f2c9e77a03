import type { DomainEvent } from '../events.js';
import type { Role } from '../roles.js';

/** Personal fields (username, passwordHash) are sealed under the key of subject `user-<userId>`. */
export type UserCreated = DomainEvent<
  'UserCreated',
  { userId: string; cooperativeId: string; username: string; passwordHash: string; roles: Role[] }
>;
export type UserRenamed = DomainEvent<'UserRenamed', { userId: string; username: string }>;
export type UserPasswordChanged = DomainEvent<'UserPasswordChanged', { userId: string; passwordHash: string }>;
export type UserRolesChanged = DomainEvent<'UserRolesChanged', { userId: string; roles: Role[] }>;
export type UserDeleted = DomainEvent<'UserDeleted', { userId: string }>;
/** The user signed out: every token issued before ends (issue 38). */
export type UserSignedOut = DomainEvent<'UserSignedOut', { userId: string }>;

export type UserEvent =
  UserCreated | UserRenamed | UserPasswordChanged | UserRolesChanged | UserDeleted | UserSignedOut;

/** A username is reserved by its own stream, so uniqueness holds under concurrent writes. */
export type UsernameClaimed = DomainEvent<'UsernameClaimed', { username: string; userId: string }>;
export type UsernameReleased = DomainEvent<'UsernameReleased', { username: string; userId: string }>;
export type UsernameEvent = UsernameClaimed | UsernameReleased;

export const userStream = (userId: string): string => `user-${userId}`;
/**
 * A username as its claim and the sign-in compare it: trimmed, composed (NFC: `o` and a combining diaeresis is `ö`),
 * lower-cased, so it equals another exactly when the sign-in's lookup (the read store's compareKey) would find one for
 * the other. Its claim once lower-cased without composing: a user of one cooperative could claim `mo\u0308ller` beside
 * another's `möller`, and the sign-in then found only the older of the two (decision 291).
 */
export const usernameKey = (username: string): string => username.trim().normalize('NFC').toLowerCase();
/** Usernames are unique across the platform: sign-in takes a username only. Case-insensitive, composed. */
export const usernameStream = (username: string): string => `username-${usernameKey(username)}`;
/**
 * The streams the name may have been claimed on before decision 291, which lower-cased a name without composing it:
 * as typed now, and fully decomposed (NFD, how a decomposed spelling is usually typed), where they differ from
 * `usernameStream`. A claim there by another user still holds the name.
 */
export function earlierUsernameStreams(username: string): string[] {
  const trimmed = username.trim();
  const now = usernameStream(username);
  const earlier = [trimmed.toLowerCase(), trimmed.normalize('NFD').toLowerCase()].map((key) => `username-${key}`);
  return [...new Set(earlier)].filter((stream) => stream !== now);
}
