import { isRole } from '@coop/contracts';
import type { Actor } from '../platform/commands/command-context.js';

/** Verified tokens kept (all are dropped when the map is full: sessions reuse one token for many requests). */
const VERIFIED_KEPT = 10_000;

/** What a verified token says: its actor as signed (the guard reloads the roles), its expiry and its session's terms. */
export interface VerifiedToken {
  readonly actor: Actor;
  /** Expiry in seconds since the epoch. */
  readonly exp: number;
  /** The session version it was issued for (`ver`; 0 in tokens issued before issue 38). */
  readonly version: number;
  /** The session's sign-in time (`auth_time`; `iat` in tokens issued before issue 38). */
  readonly authTime: number;
}

/** The claims of a verified token's payload, or undefined when one of ours is missing or of the wrong type. */
export function tokenClaims(payload: unknown): VerifiedToken | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const p = payload as Record<string, unknown>;
  if (
    typeof p.sub !== 'string' ||
    typeof p.username !== 'string' ||
    typeof p.cooperative !== 'string' ||
    typeof p.exp !== 'number'
  ) {
    return undefined;
  }
  const version = p.ver === undefined ? 0 : p.ver;
  const authTime = p.auth_time === undefined ? p.iat : p.auth_time;
  if (
    typeof version !== 'number' ||
    !Number.isSafeInteger(version) ||
    typeof authTime !== 'number' ||
    !Number.isFinite(authTime)
  )
    return undefined;
  const roles = Array.isArray(p.roles) ? p.roles.filter(isRole) : [];
  return {
    actor: { userId: p.sub, username: p.username, roles, cooperativeId: p.cooperative },
    exp: p.exp,
    version,
    authTime,
  };
}

/**
 * Tokens already verified, by their exact text: the signature and claims of the same text verify the same way
 * until it expires (checked at every use), so the HMAC and the claim checks run once per token, not per request.
 * The roles are not taken from here: the strategy reloads them each time.
 */
export class VerifiedTokens {
  private readonly kept = new Map<string, VerifiedToken>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The token's claims if it was verified before and has not expired (expired at or after its `exp` second). */
  get(token: string): VerifiedToken | undefined {
    const kept = this.kept.get(token);
    if (!kept) return undefined;
    if (kept.exp > Math.floor(this.now() / 1000)) return kept;
    this.kept.delete(token);
    return undefined;
  }

  remember(token: string, verified: VerifiedToken): void {
    if (this.kept.size >= VERIFIED_KEPT) this.kept.clear();
    this.kept.set(token, verified);
  }
}
