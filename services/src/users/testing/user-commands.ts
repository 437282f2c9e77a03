import type { UserCreated, UserEvent, ValidationError } from '@coop/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { userDecider, type Grantor, type PasswordInput, type UserCommand } from '../domain/user.decider.js';

/** The user decider's specs (user.decider, user-update.decider) share the grantors, the events and the commands. */
export const spec = deciderSpec(userDecider);

export const COOP = 'coop-1';
export const OTHER_COOP = 'coop-2';
export const USER = 'user-1';

export const admin: Grantor = { userId: 'admin-1', roles: ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'] };
export const superAdmin: Grantor = { userId: 'root', roles: ['ROLE_SUPER_ADMIN'] };

/** Password fields as the handler passes them: a hash only for a typed, matching password. */
export const password = (
  pw: string,
  repeat = pw,
  hash: string | null = pw === '' ? null : `argon2(${pw})`,
): PasswordInput => ({
  password: pw,
  passwordRepeat: repeat,
  passwordHash: hash,
  common: false,
});
export const noPassword = password('');

export const created = (data: Partial<UserCreated['data']> = {}): UserEvent => ({
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

export const create = (fields: Partial<Extract<UserCommand, { type: 'CreateUser' }>> = {}): UserCommand => ({
  type: 'CreateUser',
  userId: USER,
  cooperativeId: COOP,
  username: 'anna',
  roles: ['ROLE_USER'],
  by: admin,
  ...password('S3cret-Wanderweg'),
  ...fields,
});

export const update = (fields: Partial<Extract<UserCommand, { type: 'UpdateUser' }>> = {}): UserCommand => ({
  type: 'UpdateUser',
  userId: USER,
  cooperativeId: COOP,
  username: 'anna',
  roles: ['ROLE_USER'],
  by: admin,
  // Another administrator stands beside the user (decision 377's rule is shown by its own spec).
  otherAdministrators: 1,
  ...noPassword,
  ...fields,
});

export const remove = (fields: Partial<Extract<UserCommand, { type: 'DeleteUser' }>> = {}): UserCommand => ({
  type: 'DeleteUser',
  userId: USER,
  cooperativeId: COOP,
  by: admin,
  otherAdministrators: 1,
  ...fields,
});

export const changeOwn = (
  pw: PasswordInput,
  by: Grantor = { userId: USER, roles: ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'] },
): UserCommand => ({
  type: 'ChangeOwnPassword',
  by,
  currentPassword: 'correct',
  ...pw,
});

export const errorsOf = (e: ValidationError) => e.errors;
