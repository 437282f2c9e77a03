import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { NotFoundError, PermissionError, ROLES, ValidationError, type Role, type UserEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { userDecider, type Grantor, type UserCommand, type UserState } from './domain/user.decider.js';

/**
 * Issue 38, "no way up the roles": an actor changes another user (name, password, roles, deletion) only when it holds
 * every role that user holds, before and after the change; a super administrator only by a super administrator.
 */
const spec = deciderSpec(userDecider);
const COOP = 'coop-1';
const TARGET = 'target-1';
const PASSWORD = 'Herbstlaub-Kanu-73';
const hashed = { password: PASSWORD, passwordRepeat: PASSWORD, passwordHash: `argon2(${PASSWORD})`, common: false };
const kept = { password: '', passwordRepeat: '', passwordHash: null, common: false };

const editUsers: Grantor = { userId: 'editor', roles: ['ROLE_EDIT_USERS'] };
const admin: Grantor = {
  userId: 'admin',
  roles: ['ROLE_ADMIN', 'ROLE_CHANGE_OWN_PASSWORD', 'ROLE_EDIT_USERS', 'ROLE_USER'],
};
const superAdmin: Grantor = { userId: 'root', roles: ['ROLE_SUPER_ADMIN'] };
const everyRoleButSuper: Grantor = { userId: 'almost', roles: ROLES.filter((r) => r !== 'ROLE_SUPER_ADMIN') };

const targetWith = (roles: readonly Role[], cooperativeId = COOP): UserEvent => ({
  type: 'UserCreated',
  data: { userId: TARGET, cooperativeId, username: 'target', passwordHash: 'argon2(old)', roles: [...roles] },
});

type Update = Extract<UserCommand, { type: 'UpdateUser' }>;
const update = (by: Grantor, roles: readonly Role[], fields: Partial<Update> = {}): UserCommand => ({
  type: 'UpdateUser',
  userId: TARGET,
  cooperativeId: COOP,
  username: 'target',
  roles: [...roles],
  by,
  otherAdministrators: 1,
  ...kept,
  ...fields,
});
const remove = (by: Grantor): UserCommand => ({
  type: 'DeleteUser',
  userId: TARGET,
  cooperativeId: COOP,
  by,
  otherAdministrators: 1,
});
const create = (by: Grantor, roles: readonly Role[]): UserCommand => ({
  type: 'CreateUser',
  userId: TARGET,
  cooperativeId: COOP,
  username: 'target',
  roles: [...roles],
  by,
  ...hashed,
});

const SUPER: readonly Role[] = ['ROLE_SUPER_ADMIN'];

describe('user decider: nobody changes a user who holds a role they lack (issue 38)', () => {
  it('refuses a new password for the super administrator from ROLE_EDIT_USERS, with the roles unchanged', () => {
    spec
      .given([targetWith(SUPER)])
      .when(update(editUsers, SUPER, hashed))
      .thenThrows(PermissionError, (e) => expect(e.template).toBe('onlySuperAdminChangesSuperAdmin'));
  });

  it.each<[string, Partial<Update>, readonly Role[]]>([
    ['a new password', hashed, ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']],
    ['a new name', { username: 'renamed' }, ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']],
    ['the removal of ROLE_ADMIN', {}, ['ROLE_SUPER_ADMIN']],
  ])('refuses %s for a super administrator from ROLE_ADMIN', (_what, fields, roles) => {
    spec
      .given([targetWith(['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'])])
      .when(update(admin, roles, fields))
      .thenThrows(PermissionError, (e) => expect(e.template).toBe('onlySuperAdminChangesSuperAdmin'));
  });

  it('refuses every change of a super administrator from a user holding every other role', () => {
    spec
      .given([targetWith(SUPER)])
      .when(update(everyRoleButSuper, SUPER, { username: 'x' }))
      .thenThrows(PermissionError);
    spec
      .given([targetWith(SUPER)])
      .when(remove(everyRoleButSuper))
      .thenThrows(PermissionError);
  });

  it('refuses to set the password of a user holding a role the actor lacks, naming the role', () => {
    spec
      .given([targetWith(['ROLE_ADMIN'])])
      .when(update(editUsers, ['ROLE_ADMIN'], hashed))
      .thenThrows(PermissionError, (e) =>
        expect([e.template, e.parameters]).toEqual(['userHoldsRolesNotHeld', ['ROLE_ADMIN']]),
      );
  });

  it('refuses to delete a user holding a role the actor lacks', () => {
    spec
      .given([targetWith(['ROLE_USER'])])
      .when(remove(editUsers))
      .thenThrows(PermissionError, (e) =>
        expect([e.template, e.parameters]).toEqual(['userHoldsRolesNotHeld', ['ROLE_USER']]),
      );
  });

  it('refuses to grant a role the actor lacks, on create and on edit', () => {
    spec
      .given([])
      .when(create(editUsers, ['ROLE_USER']))
      .thenThrows(PermissionError, (e) => expect(e.template).toBe('rolesNotHeld'));
    spec
      .given([targetWith(['ROLE_EDIT_USERS'])])
      .when(update(editUsers, ['ROLE_EDIT_USERS', 'ROLE_USER']))
      .thenThrows(PermissionError);
  });

  it('lets an actor change a user whose roles it all holds', () => {
    spec
      .given([targetWith(['ROLE_USER'])])
      .when(update(admin, ['ROLE_USER'], { username: 'renamed', ...hashed }))
      .then([
        { type: 'UserRenamed', data: { userId: TARGET, username: 'renamed' } },
        { type: 'UserPasswordChanged', data: { userId: TARGET, passwordHash: `argon2(${PASSWORD})` } },
      ]);
    spec
      .given([targetWith(['ROLE_EDIT_USERS'])])
      .when(remove(editUsers))
      .then([{ type: 'UserDeleted', data: { userId: TARGET } }]);
  });

  it('lets a super administrator change and delete a super administrator', () => {
    spec
      .given([targetWith(SUPER)])
      .when(update(superAdmin, ['ROLE_USER'], hashed))
      .then([
        { type: 'UserPasswordChanged', data: { userId: TARGET, passwordHash: `argon2(${PASSWORD})` } },
        { type: 'UserRolesChanged', data: { userId: TARGET, roles: ['ROLE_USER'] } },
      ]);
    spec
      .given([targetWith(SUPER)])
      .when(remove(superAdmin))
      .then([{ type: 'UserDeleted', data: { userId: TARGET } }]);
  });

  it('answers a user of another cooperative as not found, even to a super administrator', () => {
    spec
      .given([targetWith([], 'coop-2')])
      .when(update(superAdmin, []))
      .thenThrows(NotFoundError);
    spec
      .given([targetWith([], 'coop-2')])
      .when(remove(superAdmin))
      .thenThrows(NotFoundError);
  });
});

/** Every subset of the roles (128 sets). */
const ROLE_SETS: readonly (readonly Role[])[] = Array.from({ length: 1 << ROLES.length }, (_, mask) =>
  ROLES.filter((_r, i) => (mask >> i) & 1),
);
const holdsAll = (actor: readonly Role[], roles: readonly Role[]): boolean =>
  actor.includes('ROLE_SUPER_ADMIN') || roles.every((r) => actor.includes(r));
const stateOf = (events: readonly UserEvent[]): UserState =>
  events.reduce((s, e) => userDecider.evolve(s, e), userDecider.initialState());
const outcome = (command: UserCommand, state: UserState): 'allowed' | 'forbidden' | 'other' => {
  try {
    userDecider.decide(command, state);
    return 'allowed';
  } catch (error) {
    if (error instanceof PermissionError) return 'forbidden';
    if (error instanceof ValidationError || error instanceof NotFoundError) return 'other';
    throw error;
  }
};

describe('user decider: the rule as a property over role sets', () => {
  it('allows a rename, a new password and a deletion exactly when the actor holds every role of the target (all 128 × 128 pairs)', () => {
    for (const actorRoles of ROLE_SETS) {
      const by: Grantor = { userId: 'actor', roles: actorRoles };
      for (const targetRoles of ROLE_SETS) {
        const state = stateOf([targetWith(targetRoles)]);
        const expected = holdsAll(actorRoles, targetRoles) ? 'allowed' : 'forbidden';
        expect([actorRoles, targetRoles, outcome(update(by, targetRoles, { username: 'renamed' }), state)]).toEqual([
          actorRoles,
          targetRoles,
          expected,
        ]);
        expect([actorRoles, targetRoles, outcome(update(by, targetRoles, hashed), state)]).toEqual([
          actorRoles,
          targetRoles,
          expected,
        ]);
        expect([actorRoles, targetRoles, outcome(remove(by), state)]).toEqual([actorRoles, targetRoles, expected]);
        expect([actorRoles, targetRoles, outcome(create(by, targetRoles), stateOf([]))]).toEqual([
          actorRoles,
          targetRoles,
          expected,
        ]);
      }
    }
  });

  it('allows a change of roles exactly when the actor holds every role before and after', () => {
    const roleSet = fc.nat({ max: ROLE_SETS.length - 1 }).map((i) => ROLE_SETS[i]!);
    fc.assert(
      fc.property(roleSet, roleSet, roleSet, (actorRoles, before, after) => {
        const by: Grantor = { userId: 'actor', roles: actorRoles };
        const expected = holdsAll(actorRoles, before) && holdsAll(actorRoles, after) ? 'allowed' : 'forbidden';
        expect(outcome(update(by, after), stateOf([targetWith(before)]))).toBe(expected);
      }),
      { numRuns: 20_000, seed: 38 },
    );
  });
});
