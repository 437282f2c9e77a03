import type { Grantor } from './domain/user.decider.js';
import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError, PermissionError, ValidationError } from '@coop/contracts';
import {
  spec,
  OTHER_COOP,
  USER,
  superAdmin,
  password,
  noPassword,
  created,
  update,
  errorsOf,
} from './testing/user-commands.js';

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

  // Decision 338 (a probe): a token alone could set its own user's password here and lock the owner out.
  it("refuses one's own password without the current one; renames and keeps the password empty", () => {
    const self: Grantor = { userId: USER, roles: ['ROLE_ADMIN', 'ROLE_USER'] };
    const given = [created({ roles: ['ROLE_ADMIN', 'ROLE_USER'] })];
    spec
      .given(given)
      .when(update({ by: self, roles: ['ROLE_ADMIN', 'ROLE_USER'], ...password('N3w-Wanderweg!') }))
      .thenThrows(ValidationError, (e) =>
        expect(errorsOf(e)).toEqual([fieldError('password', 'ownPasswordNeedsCurrent')]),
      );
    spec
      .given(given)
      .when(update({ by: self, username: 'bert', roles: ['ROLE_ADMIN', 'ROLE_USER'] }))
      .then([{ type: 'UserRenamed', data: { userId: USER, username: 'bert' } }]);
  });

  // Decision 344: a name that would not be taken today (an acute accent in compatibility form) stays editable.
  it('keeps an existing look-alike name on an edit without a rename, and refuses one as a new name', () => {
    const named = [created({ username: 'O\u00b4Brien' })];
    spec
      .given(named)
      .when(update({ username: 'O\u00b4Brien', roles: ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'] }))
      .then([{ type: 'UserRolesChanged', data: { userId: USER, roles: ['ROLE_CHANGE_OWN_PASSWORD', 'ROLE_USER'] } }]);
    spec
      .given([created()])
      .when(update({ username: '\uff41\uff44\uff4d\uff49\uff4e' }))
      .thenThrows(ValidationError, (e) => expect(errorsOf(e)).toEqual([fieldError('username', 'usernameLookAlike')]));
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
