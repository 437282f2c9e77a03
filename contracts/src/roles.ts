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
