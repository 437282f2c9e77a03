export const ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
  'ROLE_CHANGE_OWN_PASSWORD',
  'ROLE_EDIT_USERS',
  'ROLE_ALLOWED_TO_SWITCH',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The order in which the console lists a user's roles: the administrative ones first. */
export const ROLE_DISPLAY_ORDER: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_EDIT_USERS',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
  'ROLE_CHANGE_OWN_PASSWORD',
  'ROLE_ALLOWED_TO_SWITCH',
];

/** The roles a new user's form proposes (of them, the ones the signed-in user may grant). */
export const NEW_USER_ROLES: readonly Role[] = ['ROLE_USER'];
