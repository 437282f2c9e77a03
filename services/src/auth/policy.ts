import type { Role } from '@coop/contracts';

/**
 * The role matrix: which roles may do what. Every route names one permission, or is for any signed-in user, or is public;
 * the guard refuses a route that names none. docs/security.md shows this table; a test walks it.
 */
export const PERMISSIONS = {
  'users:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'],
  'users:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'],
  'users:own-password': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS', 'ROLE_CHANGE_OWN_PASSWORD'],
  'cooperative:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER', 'ROLE_EDIT_USERS'],
  'cooperative:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
  'cooperatives:all': ['ROLE_SUPER_ADMIN'],
  'elmanumbers:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  'elmanumbers:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
  'projections:rebuild': ['ROLE_SUPER_ADMIN'],
  'members:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  'members:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  'taxpapers:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  'taxpapers:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  'dividend:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  /** Calculating (a preview of the payout, with every member's taxes) and closing a year. */
  'dividend:close': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  /** Church data typed in from a paper answer, the KiStAM query and its answer (issue 24). */
  'church:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  'shares:read': ['ROLE_SUPER_ADMIN'],
  'shares:write': ['ROLE_SUPER_ADMIN'],
  /** A cooperative's background tasks and their files (a KiStAM task's files need `church:read` as well). */
  'tasks:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  /** Church data (special-category data, Art. 9 GDPR): the roles that run the dividend. */
  'church:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  /** The notification centre: every role of the cooperative (issue 24). */
  'notifications:read': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  /** The data-protection clean-up (issue 27): list the members due and erase them. */
  'dataprotection:clean': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
  /** The import of an existing member register (issue 29): upload, dry run, write, history, templates. Administrators. */
  'import:write': ['ROLE_ADMIN'],
  'notifications:write': ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function allows(roles: readonly Role[], permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return roles.some((r) => allowed.includes(r));
}
