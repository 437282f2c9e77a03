import { isRole, type ReadDocument, type UserDto } from '@coop/contracts';

/** The user as the API shows it; the credentials collection with the hash is never read here. */
export function toUserDto(doc: ReadDocument): UserDto {
  return {
    id: doc.id,
    username: typeof doc.username === 'string' ? doc.username : '',
    roles: Array.isArray(doc.roles) ? doc.roles.filter(isRole) : [],
    cooperative: doc.cooperativeId,
  };
}
