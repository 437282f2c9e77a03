import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError, PermissionError, ROLES, ValidationError, type Role } from '@coop/contracts';
import {
  spec,
  COOP,
  OTHER_COOP,
  USER,
  admin,
  superAdmin,
  password,
  noPassword,
  created,
  create,
  remove,
  changeOwn,
  errorsOf,
} from './testing/user-commands.js';

// UpdateUser is in user-update.decider.unit.spec.ts.
describe('user decider: CreateUser', () => {
  it('creates a user with trimmed username, the hash and the roles sorted and de-duplicated', () => {
    spec
      .given([])
      .when(create({ username: '  anna  ', roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_USER'] }))
      .then([
        {
          type: 'UserCreated',
          data: {
            userId: USER,
            cooperativeId: COOP,
            username: 'anna',
            passwordHash: 'argon2(S3cret-Wanderweg)',
            roles: ['ROLE_ADMIN', 'ROLE_USER'],
          },
        },
      ]);
  });

  it.each(['', '   ', '\t'])('refuses the blank username %j with mustNotBeEmpty', (username) => {
    spec
      .given([])
      .when(create({ username }))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('username', 'mustNotBeEmpty')]));
  });

  it('requires a password on create (passwordRequired on password)', () => {
    spec
      .given([])
      .when(create(noPassword))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('password', 'passwordRequired')]));
  });

  it('refuses mismatched passwords with isNotEqual on passwordRepeat', () => {
    spec
      .given([])
      .when(create(password('S3cret-Wanderweg', 'S3cret-Wanderwe?', null)))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('passwordRepeat', 'isNotEqual')]));
  });

  it('refuses only a repeat typed (password empty) as isNotEqual', () => {
    spec
      .given([])
      .when(create(password('', 'S3cret-Wanderweg', null)))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('passwordRepeat', 'isNotEqual')]));
  });

  it('refuses a typed password the handler did not hash (no hash) as passwordRequired', () => {
    spec
      .given([])
      .when(create(password('S3cret-Wanderweg', 'S3cret-Wanderweg', null)))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('password', 'passwordRequired')]));
  });

  it('reports blank username and password mismatch together', () => {
    spec
      .given([])
      .when(create({ username: ' ', ...password('a', 'b', null) }))
      .thenThrows(ValidationError, (e) =>
        expect(errorsOf(e)).toEqual([
          fieldError('username', 'mustNotBeEmpty'),
          fieldError('passwordRepeat', 'isNotEqual'),
        ]),
      );
  });

  it('refuses an unknown role with invalidRole naming it', () => {
    spec
      .given([])
      .when(create({ roles: ['ROLE_USER', 'ROLE_GOD', 'role_admin'] }))
      .thenThrows(ValidationError, (e) =>
        expect(errorsOf(e)).toEqual([
          fieldError('roles', 'invalidRole', 'ROLE_GOD'),
          fieldError('roles', 'invalidRole', 'role_admin'),
        ]),
      );
  });

  it.each<Role>(['ROLE_SUPER_ADMIN', 'ROLE_EDIT_USERS', 'ROLE_ALLOWED_TO_SWITCH'])(
    'forbids an admin to grant %s, a role the admin does not hold (PermissionError)',
    (role) => {
      spec
        .given([])
        .when(create({ roles: ['ROLE_USER', role] }))
        .thenThrows(PermissionError, (e) => expect(e.message).toContain(role));
    },
  );

  it('lets an admin grant exactly the roles it holds', () => {
    spec
      .given([])
      .when(create({ roles: [...admin.roles] }))
      .then([
        {
          type: 'UserCreated',
          data: {
            userId: USER,
            cooperativeId: COOP,
            username: 'anna',
            passwordHash: 'argon2(S3cret-Wanderweg)',
            roles: ['ROLE_ADMIN', 'ROLE_CHANGE_OWN_PASSWORD', 'ROLE_USER'],
          },
        },
      ]);
  });

  it('lets a super admin grant every role', () => {
    spec
      .given([])
      .when(create({ roles: [...ROLES], by: superAdmin }))
      .then([
        {
          type: 'UserCreated',
          data: {
            userId: USER,
            cooperativeId: COOP,
            username: 'anna',
            passwordHash: 'argon2(S3cret-Wanderweg)',
            roles: [...ROLES].sort(),
          },
        },
      ]);
  });

  it('refuses to create a user whose stream already exists', () => {
    spec
      .given([created()])
      .when(create())
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError(null, 'invalidChoice', 'userId')]));
  });
});

describe('user decider: DeleteUser', () => {
  it('deletes a user of the own cooperative', () => {
    spec
      .given([created()])
      .when(remove())
      .then([{ type: 'UserDeleted', data: { userId: USER } }]);
  });

  it('refuses to delete oneself with cannotDeleteSelf (general error)', () => {
    spec
      .given([created()])
      .when(remove({ by: { userId: USER, roles: ['ROLE_ADMIN'] } }))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError(null, 'cannotDeleteSelf')]));
  });

  it('forbids a non-super admin to delete a super admin (PermissionError)', () => {
    spec
      .given([created({ roles: ['ROLE_SUPER_ADMIN'] })])
      .when(remove())
      .thenThrows(PermissionError);
  });

  it('lets a super admin delete a super admin', () => {
    spec
      .given([created({ roles: ['ROLE_SUPER_ADMIN'] })])
      .when(remove({ by: superAdmin }))
      .then([{ type: 'UserDeleted', data: { userId: USER } }]);
  });

  it('answers a user of another cooperative as NotFoundError', () => {
    spec
      .given([created({ cooperativeId: OTHER_COOP })])
      .when(remove())
      .thenThrows(NotFoundError);
  });

  it('answers an already deleted user as NotFoundError', () => {
    spec
      .given([created(), { type: 'UserDeleted', data: { userId: USER } }])
      .when(remove())
      .thenThrows(NotFoundError);
  });
});

describe('user decider: ChangeOwnPassword', () => {
  it('changes the own password', () => {
    spec
      .given([created()])
      .when(changeOwn(password('N3w-Wanderweg!')))
      .then([{ type: 'UserPasswordChanged', data: { userId: USER, passwordHash: 'argon2(N3w-Wanderweg!)' } }]);
  });

  it('requires a password (passwordRequired)', () => {
    spec
      .given([created()])
      .when(changeOwn(noPassword))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('password', 'passwordRequired')]));
  });

  it('refuses a mismatched repeat (isNotEqual on passwordRepeat)', () => {
    spec
      .given([created()])
      .when(changeOwn(password('N3w-Wanderweg!', 'N3w-Wanderweg', null)))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('passwordRepeat', 'isNotEqual')]));
  });

  it('answers a deleted own user as NotFoundError', () => {
    spec
      .given([created(), { type: 'UserDeleted', data: { userId: USER } }])
      .when(changeOwn(password('N3w-Wanderweg!')))
      .thenThrows(NotFoundError, (e) => expect(e.id).toBe(USER));
  });
});
