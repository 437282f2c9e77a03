import { describe, expect, it } from '@jest/globals';
import { fieldError, ValidationError } from '@coop/contracts';
import { created, errorsOf, remove, spec, update } from './testing/user-commands.js';

/*
 * Decision 377 (a probe): one administrator deleted the other, then removed its own ROLE_ADMIN: nobody of the
 * cooperative could manage its users or settings (403 everywhere). The last administrator keeps the role and stays.
 */
describe('user decider: the last administrator of a cooperative', () => {
  const admin = created({ roles: ['ROLE_ADMIN', 'ROLE_USER'] });

  it('refuses to take ROLE_ADMIN from the last administrator, and to delete it', () => {
    spec
      .given([admin])
      .when(update({ roles: ['ROLE_USER'], otherAdministrators: 0 }))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('roles', 'lastAdministrator')]));
    spec
      .given([admin])
      .when(remove({ otherAdministrators: 0 }))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError(null, 'lastAdministrator')]));
  });

  it('takes the role or the user when another administrator remains, and leaves other changes alone', () => {
    spec
      .given([admin])
      .when(update({ roles: ['ROLE_USER'], otherAdministrators: 1 }))
      .then([{ type: 'UserRolesChanged', data: { userId: 'user-1', roles: ['ROLE_USER'] } }]);
    spec
      .given([admin])
      .when(remove({ otherAdministrators: 1 }))
      .then([{ type: 'UserDeleted', data: { userId: 'user-1' } }]);
    spec
      .given([admin])
      .when(update({ username: 'anna2', roles: ['ROLE_ADMIN', 'ROLE_USER'], otherAdministrators: 0 }))
      .then([{ type: 'UserRenamed', data: { userId: 'user-1', username: 'anna2' } }]);
    spec
      .given([created()])
      .when(remove({ otherAdministrators: 0 }))
      .then([{ type: 'UserDeleted', data: { userId: 'user-1' } }]);
  });
});
