import { isRole } from '@coop/contracts';
import type { UserState } from './domain/user.decider.js';
import { versionTag } from '../platform/commands/version-tag.js';

/*
 * A user's name and roles as one tag (as decisions 418 and 420 for a member and the cooperative): the user answers it
 * (`UserDto.masterTag`) and a change sent back with it is refused `409 recordChangedMeanwhile` when the user's name or
 * roles are no longer those (a lost update: two administrators editing one user, the later form written over the
 * earlier change, e.g. ROLE_ADMIN another administrator took away given back). Every field `PUT /users/{id}` writes is
 * tagged but the password: a password is written only when one is typed (left empty it stays), so a form read before
 * cannot write an old one back; and the tag must not hang on the hash (it leaks nothing of it, and the user's own
 * password change does not refuse an administrator's form). The roles are read as the answer reads them (known roles,
 * in their order), so the record answered and the state the handler decides on compare alike. Not in domain/: the
 * layer rules keep platform code (versionTag) out of a decider.
 */

/** The tag of a user's name and roles. */
export function userTag(username: string, roles: readonly unknown[]): string {
  const known = [...new Set(roles.filter(isRole))].sort();
  return versionTag([username, known]);
}

/** The tag of the user in the stream's state (the decider's fold). */
export function userTagOfState(state: UserState): string {
  return userTag(state.username ?? '', state.roles);
}
