import { isRole, type ReadDocument, type UserDto } from '@coop/contracts';
import { userTag } from '../master-tag.js';

/**
 * The user as the API shows it, with the tag of its name and roles as answered (`masterTag`: sent back with a change,
 * a change made meanwhile is refused, not overwritten); the credentials collection with the hash is never read here.
 */
export function toUserDto(doc: ReadDocument): UserDto {
  const username = typeof doc.username === 'string' ? doc.username : '';
  const roles = Array.isArray(doc.roles) ? doc.roles.filter(isRole) : [];
  return { id: doc.id, username, roles, cooperative: doc.cooperativeId, masterTag: userTag(username, roles) };
}
