import { ROLES, type Role } from '@coop/contracts';

/**
 * The role matrix of docs/security.md, written out here on its own (not imported from the
 * policy) so that a change to the policy that the documentation does not share fails role-matrix.e2e.spec.ts.
 * These are the groups of roles its routes allow (support/role-matrix.ts, role-matrix-tasks.ts).
 */
export const ALL: readonly Role[] = ROLES;
export const USER_ADMINS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'];
export const ADMINS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'];
export const SUPER: readonly Role[] = ['ROLE_SUPER_ADMIN'];
export const COOP_READERS: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
  'ROLE_EDIT_USERS',
];
export const ELMA_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
export const MEMBER_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
export const MEMBER_WRITERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
export const TAX_PAPER_READERS: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
];
export const TAX_PAPER_WRITERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
export const DIVIDEND_READERS: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
];
export const DIVIDEND_CLOSERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
export const TASK_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
export const NOTIFICATION_USERS: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
];
/** Church data (Art. 9 GDPR; issue 24): the roles that run the dividend. */
export const CHURCH: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
/** The import of a member register (issue 29): administrators of the cooperative and the super administrator. */
export const IMPORTERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'];
/** The movement report for the annual accounts (issue 45): the roles that read members, the auditor's read-only role too. */
export const REPORT_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
export const OWN_PASSWORD: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_EDIT_USERS',
  'ROLE_CHANGE_OWN_PASSWORD',
];

export const MISSING = '00000000-0000-4000-8000-000000000000';

/** A route with the roles allowed; calls use unknown ids or empty bodies so nothing changes. */
export interface MatrixRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  doc: string;
  allowed: readonly Role[] | 'public';
}
