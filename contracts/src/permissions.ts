import { ROLES, type Role } from './roles.js';

/**
 * The one role matrix of the house (issue 44): each capability is a permission, granted to roles. The API's guard
 * asks for permissions (`@Requires('members:write')`), the console's routes, menus and buttons ask for permissions
 * (`can(session, 'members:write')`), and the table in docs/security.md is generated from this object
 * (`npm run docs:roles`; a test fails when the doc is stale). Nothing else names a role to decide access.
 *
 * A new route takes an existing permission, or a new line here: its name (`area:action`), what it covers (the row of
 * the doc's table, English, for the documentation only) and the roles it is granted to. No package import: the console
 * takes it through `@coop/contracts/console`.
 */
export const PERMISSION_MATRIX = {
  'users:read': { covers: 'users: list, read', roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'] },
  'users:write': {
    covers: 'users: create, edit, delete',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'],
  },
  'users:own-password': {
    covers: 'own password (`PUT /users/me/password`)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS', 'ROLE_CHANGE_OWN_PASSWORD'],
  },
  /** Granting a role the user does not hold itself (the users decider's "no way up the roles" counts it as held). */
  'roles:grant-any': {
    covers: 'grant and remove any role (`GET /users/options?attribute=roles` offers every role)',
    roles: ['ROLE_SUPER_ADMIN'],
  },
  'cooperative:read': {
    covers: 'own cooperative: read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER', 'ROLE_EDIT_USERS'],
  },
  'cooperative:write': {
    covers: 'own cooperative: edit; the settlement terms (`PUT /settlements/terms`)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
  },
  'cooperatives:all': { covers: 'cooperatives: list all, read any, create', roles: ['ROLE_SUPER_ADMIN'] },
  'elmanumbers:read': {
    covers: 'approval numbers: read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'elmanumbers:write': { covers: 'approval numbers: create, edit, delete', roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'] },
  'projections:rebuild': {
    covers: 'rebuild projections (at once, or as a task: `POST /admin/projections/rebuild`, `…/rebuilds`)',
    roles: ['ROLE_SUPER_ADMIN'],
  },
  'members:read': {
    covers: 'members, postings (balances), dashboards, member history, member lists and PDFs: read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'members:write': {
    covers:
      "members: create, edit; postings: create (no delete); a member's hold from the clean-up (`PUT /members/{id}/retention-hold`)",
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'shares:read': { covers: 'share register (`shares`): read', roles: ['ROLE_SUPER_ADMIN'] },
  'shares:write': { covers: 'share register: correct payment fields', roles: ['ROLE_SUPER_ADMIN'] },
  'taxpapers:read': {
    covers: 'exemption orders, non-assessments (`exemptionorders`, `nonassessments`), their history: read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'taxpapers:write': {
    covers: 'exemption orders, non-assessments: create, correct (no delete)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'dividend:read': {
    covers: 'dividend: closures, the years, SEPA files, tax returns; settlements: list, terms, statements: read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'dividend:close': {
    covers:
      'dividend: calculate, close a year; FSA control report: preview, start; settlements: check, loss shares, heirs, pay, reverse',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'tasks:read': {
    covers:
      'background tasks (`GET /tasks`, `GET /tasks/{id}`); their files as the work that made them ("Task files" below)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'notifications:read': {
    covers: 'notifications: read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'notifications:write': {
    covers: 'notifications: mark seen (the only write a restricted user may do)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'church:read': {
    covers:
      "church data (Art. 9 GDPR): `GET /members/{id}/church-tax`, church fields in every answer, KiStAM task files, members' tax certificates",
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'church:write': {
    covers: 'church data: `PUT /members/{id}/church-tax`, `POST /tasks/kistam`, `POST /tasks/kistam/{id}/answer`',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'dataprotection:clean': {
    covers: 'data-protection clean-up (`GET`/`POST /dsgvo/clean-member`)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
  },
  'import:write': {
    covers:
      "import of a member register (`/import/…`: templates, inspect, dry run, problems workbook, write, history, abandoning a running import; the import tasks' files)",
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'],
  },
  'reports:read': {
    covers: 'the movement report of a year (§ 338 HGB): read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'sharepayments:read': {
    covers: 'payments on shares: outstanding dues, payment terms (read)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'sharepayments:write': {
    covers: 'payments on shares: record a payment, set an instalment plan',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'paymentterms:write': { covers: 'payment terms on shares: set', roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'] },
  'paymentreminders:read': {
    covers: 'payment reminders (`/payment-reminders`): the members due, the reminders recorded, the letters',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'paymentreminders:write': {
    covers: 'payment reminders: send (record them and make the letters)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'bankstatements:read': {
    covers: 'bank statements (CAMT.053, `GET /bank-statements`, `GET /bank-statements/{id}`): read',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'bankstatements:write': {
    covers:
      'bank statements: read a file in (`POST /bank-statements`), confirm entries as payments on shares, set entries aside',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
  'directdebits:read': {
    covers:
      "SEPA direct debits: a member's mandates (`GET /members/{id}/mandates`), the collections and their pain.008 files (`GET /direct-debits`, `…/{id}/file`)",
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'],
  },
  'directdebits:write': {
    covers:
      'SEPA direct debits: grant and revoke mandates, make a collection (`POST /direct-debits`) and see its preview first (`POST /direct-debits/preview`), record a returned debit (`POST /members/{id}/share-payments/{paymentId}/return`)',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'],
  },
} as const satisfies Record<string, { readonly covers: string; readonly roles: readonly Role[] }>;

export type Permission = keyof typeof PERMISSION_MATRIX;

export const PERMISSION_NAMES = Object.keys(PERMISSION_MATRIX) as readonly Permission[];

/** The roles a permission is granted to. */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSION_MATRIX[permission].roles;
}

/** Roles are combined: a user holding several roles may do what any of them allows. */
export function allows(roles: readonly string[] | null | undefined, permission: Permission): boolean {
  if (!roles) return false;
  const granted: readonly string[] = PERMISSION_MATRIX[permission].roles;
  return roles.some((role) => granted.includes(role));
}

/** Whether a string names a permission of the matrix. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSION_MATRIX, value);
}

/** The roles a user may grant or remove (issue 38): those it holds, or every role with `roles:grant-any`. */
export function grantableRoles(roles: readonly string[]): readonly Role[] {
  return allows(roles, 'roles:grant-any') ? ROLES : ROLES.filter((role) => roles.includes(role));
}
