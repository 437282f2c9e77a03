import { describe, expect, it } from '@jest/globals';
import {
  fieldError,
  NotFoundError,
  PermissionError,
  ROLES,
  ValidationError,
  type Role,
  type UserCreated,
  type UserEvent,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { userDecider, type Grantor, type PasswordInput, type UserCommand } from './domain/user.decider.js';

const spec = deciderSpec(userDecider);

const COOP = 'coop-1';
const OTHER_COOP = 'coop-2';
const USER = 'user-1';

const admin: Grantor = { userId: 'admin-1', roles: ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'] };
const superAdmin: Grantor = { userId: 'root', roles: ['ROLE_SUPER_ADMIN'] };

/** Password fields as the handler passes them: a hash only for a typed, matching password. */
const password = (
  pw: string,
  repeat = pw,
  hash: string | null = pw === '' ? null : `argon2(${pw})`,
): PasswordInput => ({
  password: pw,
  passwordRepeat: repeat,
  passwordHash: hash,
  common: false,
});
const noPassword = password('');

const created = (data: Partial<UserCreated['data']> = {}): UserEvent => ({
  type: 'UserCreated',
  data: {
    userId: USER,
    cooperativeId: COOP,
    username: 'anna',
    passwordHash: 'argon2(old)',
    roles: ['ROLE_USER'],
    ...data,
  },
});

const create = (fields: Partial<Extract<UserCommand, { type: 'CreateUser' }>> = {}): UserCommand => ({
  type: 'CreateUser',
  userId: USER,
  cooperativeId: COOP,
  username: 'anna',
  roles: ['ROLE_USER'],
  by: admin,
  ...password('S3cret-Wanderweg'),
  ...fields,
});

const update = (fields: Partial<Extract<UserCommand, { type: 'UpdateUser' }>> = {}): UserCommand => ({
  type: 'UpdateUser',
  userId: USER,
  cooperativeId: COOP,
  username: 'anna',
  roles: ['ROLE_USER'],
  by: admin,
  ...noPassword,
  ...fields,
});

const remove = (fields: Partial<Extract<UserCommand, { type: 'DeleteUser' }>> = {}): UserCommand => ({
  type: 'DeleteUser',
  userId: USER,
  cooperativeId: COOP,
  by: admin,
  ...fields,
});

const changeOwn = (
  pw: PasswordInput,
  by: Grantor = { userId: USER, roles: ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'] },
): UserCommand => ({
  type: 'ChangeOwnPassword',
  by,
  currentPassword: 'correct',
  ...pw,
});

const errorsOf = (e: ValidationError) => e.errors;

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

describe('user decider: UpdateUser', () => {
  it('emits nothing when nothing changed (no-op)', () => {
    spec.given([created()]).when(update()).then([]);
  });

  it('emits nothing when only surrounding spaces of the username and the role order differ', () => {
    spec
      .given([created({ roles: ['ROLE_ADMIN', 'ROLE_USER'] })])
      .when(update({ username: '  anna ', roles: ['ROLE_USER', 'ROLE_ADMIN'] }))
      .then([]);
  });

  it('emits UserRenamed only when the username changed', () => {
    spec
      .given([created()])
      .when(update({ username: ' bert ' }))
      .then([{ type: 'UserRenamed', data: { userId: USER, username: 'bert' } }]);
  });

  it('treats a change of case as a rename', () => {
    spec
      .given([created()])
      .when(update({ username: 'Anna' }))
      .then([{ type: 'UserRenamed', data: { userId: USER, username: 'Anna' } }]);
  });

  it('renames against the latest name, not the first one', () => {
    spec
      .given([created(), { type: 'UserRenamed', data: { userId: USER, username: 'bert' } }])
      .when(update({ username: 'bert' }))
      .then([]);
  });

  it('emits UserRolesChanged with the sorted roles when the roles changed', () => {
    spec
      .given([created()])
      .when(update({ roles: ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'] }))
      .then([{ type: 'UserRolesChanged', data: { userId: USER, roles: ['ROLE_CHANGE_OWN_PASSWORD', 'ROLE_USER'] } }]);
  });

  it('changes the password only when a hash was computed', () => {
    spec
      .given([created()])
      .when(update(password('N3w-Wanderweg!')))
      .then([{ type: 'UserPasswordChanged', data: { userId: USER, passwordHash: 'argon2(N3w-Wanderweg!)' } }]);
  });

  it('leaves the password alone when both password fields are empty', () => {
    spec
      .given([created()])
      .when(update({ ...noPassword, passwordHash: null }))
      .then([]);
  });

  it('refuses a mismatched password on update with isNotEqual', () => {
    spec
      .given([created()])
      .when(update(password('N3w-Wanderweg!', 'N3w-Wanderweg?', null)))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('passwordRepeat', 'isNotEqual')]));
  });

  it('refuses a blank username on update', () => {
    spec
      .given([created()])
      .when(update({ username: '' }))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('username', 'mustNotBeEmpty')]));
  });

  it('emits rename, password and roles in that order when all three changed', () => {
    spec
      .given([created()])
      .when(update({ username: 'bert', roles: ['ROLE_ADMIN'], ...password('N3w-Wanderweg!') }))
      .then([
        { type: 'UserRenamed', data: { userId: USER, username: 'bert' } },
        { type: 'UserPasswordChanged', data: { userId: USER, passwordHash: 'argon2(N3w-Wanderweg!)' } },
        { type: 'UserRolesChanged', data: { userId: USER, roles: ['ROLE_ADMIN'] } },
      ]);
  });

  it('answers a user of another cooperative as NotFoundError', () => {
    spec
      .given([created({ cooperativeId: OTHER_COOP })])
      .when(update({ username: 'bert' }))
      .thenThrows(NotFoundError, (e) => {
        expect(e.entity).toBe('User');
        expect(e.id).toBe(USER);
      });
  });

  it('answers a user that never existed as NotFoundError', () => {
    spec.given([]).when(update()).thenThrows(NotFoundError);
  });

  it('answers a deleted user as NotFoundError', () => {
    spec
      .given([created(), { type: 'UserDeleted', data: { userId: USER } }])
      .when(update())
      .thenThrows(NotFoundError);
  });

  it('forbids removing a role the grantor does not hold (PermissionError)', () => {
    spec
      .given([created({ roles: ['ROLE_EDIT_USERS', 'ROLE_USER'] })])
      .when(update({ roles: ['ROLE_USER'] }))
      .thenThrows(PermissionError, (e) => expect(e.message).toContain('ROLE_EDIT_USERS'));
  });

  it('forbids adding a role the grantor does not hold (PermissionError)', () => {
    spec
      .given([created()])
      .when(update({ roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'] }))
      .thenThrows(PermissionError);
  });

  it('forbids an admin to rename a user who holds a role the admin does not hold (issue 38)', () => {
    spec
      .given([created({ roles: ['ROLE_EDIT_USERS', 'ROLE_USER'] })])
      .when(update({ username: 'bert', roles: ['ROLE_USER', 'ROLE_EDIT_USERS'] }))
      .thenThrows(PermissionError, (e) =>
        expect([e.template, e.parameters]).toEqual(['userHoldsRolesNotHeld', ['ROLE_EDIT_USERS']]),
      );
  });

  it('lets a super admin remove any role', () => {
    spec
      .given([created({ roles: ['ROLE_EDIT_USERS', 'ROLE_SUPER_ADMIN', 'ROLE_USER'] })])
      .when(update({ roles: ['ROLE_USER'], by: superAdmin }))
      .then([{ type: 'UserRolesChanged', data: { userId: USER, roles: ['ROLE_USER'] } }]);
  });

  it('refuses an unknown role on update', () => {
    spec
      .given([created()])
      .when(update({ roles: ['ROLE_NOPE'] }))
      .thenThrows(ValidationError, (e) =>
        expect(errorsOf(e)).toEqual([fieldError('roles', 'invalidRole', 'ROLE_NOPE')]),
      );
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
