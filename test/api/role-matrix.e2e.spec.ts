import request from 'supertest';
import { businessToday, ROLES, type Role } from '@coop/contracts';
import { auth, login, startApp, USER_PASSWORD, userWith, type TestApp } from './support/app.js';

/**
 * The role matrix of docs/security.md, written out here on its own (not imported from the
 * policy) so that a change to the policy that the documentation does not share fails this test.
 */
const ALL: readonly Role[] = ROLES;
const USER_ADMINS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'];
const ADMINS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'];
const SUPER: readonly Role[] = ['ROLE_SUPER_ADMIN'];
const COOP_READERS: readonly Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_RESTRICTED_USER',
  'ROLE_EDIT_USERS',
];
const ELMA_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
const MEMBER_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
const MEMBER_WRITERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
const TAX_PAPER_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
const TAX_PAPER_WRITERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
const DIVIDEND_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
const DIVIDEND_CLOSERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
const TASK_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
const NOTIFICATION_USERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
/** Church data (Art. 9 GDPR; issue 24): the roles that run the dividend. */
const CHURCH: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'];
/** The import of a member register (issue 29): administrators of the cooperative and the super administrator. */
const IMPORTERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'];
/** The movement report for the annual accounts (issue 45): the roles that read members, the auditor's read-only role too. */
const REPORT_READERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'];
const OWN_PASSWORD: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS', 'ROLE_CHANGE_OWN_PASSWORD'];

const MISSING = '00000000-0000-4000-8000-000000000000';

/** Every route with the roles allowed; calls use unknown ids or empty bodies so nothing changes. */
const MATRIX: readonly {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  doc: string;
  allowed: readonly Role[] | 'public';
}[] = [
  { method: 'post', path: '/api/v1/login', doc: '/api/v1/login', allowed: 'public' },
  { method: 'get', path: '/api/v1/ping', doc: '/api/v1/ping', allowed: ALL },
  // Signing out ends the token (issue 38): the case signs the role's user in again afterwards.
  { method: 'post', path: '/api/v1/logout', doc: '/api/v1/logout', allowed: ALL },
  { method: 'get', path: '/api/v1/users', doc: '/api/v1/users', allowed: USER_ADMINS },
  { method: 'post', path: '/api/v1/users', doc: '/api/v1/users', allowed: USER_ADMINS },
  { method: 'get', path: '/api/v1/users/options?attribute=roles', doc: '/api/v1/users/options', allowed: USER_ADMINS },
  { method: 'get', path: '/api/v1/users/me', doc: '/api/v1/users/me', allowed: ALL },
  { method: 'put', path: '/api/v1/users/me/password', doc: '/api/v1/users/me/password', allowed: OWN_PASSWORD },
  { method: 'get', path: `/api/v1/users/${MISSING}`, doc: '/api/v1/users/{id}', allowed: USER_ADMINS },
  { method: 'put', path: `/api/v1/users/${MISSING}`, doc: '/api/v1/users/{id}', allowed: USER_ADMINS },
  { method: 'delete', path: `/api/v1/users/${MISSING}`, doc: '/api/v1/users/{id}', allowed: USER_ADMINS },
  { method: 'get', path: '/api/v1/cooperatives', doc: '/api/v1/cooperatives', allowed: COOP_READERS },
  { method: 'post', path: '/api/v1/cooperatives', doc: '/api/v1/cooperatives', allowed: SUPER },
  { method: 'get', path: `/api/v1/cooperatives/${MISSING}`, doc: '/api/v1/cooperatives/{id}', allowed: COOP_READERS },
  { method: 'put', path: `/api/v1/cooperatives/${MISSING}`, doc: '/api/v1/cooperatives/{id}', allowed: ADMINS },
  { method: 'get', path: '/api/v1/elmanumbers', doc: '/api/v1/elmanumbers', allowed: ELMA_READERS },
  { method: 'post', path: '/api/v1/elmanumbers', doc: '/api/v1/elmanumbers', allowed: ADMINS },
  {
    method: 'get',
    path: '/api/v1/elmanumbers/options?attribute=elmaProcess',
    doc: '/api/v1/elmanumbers/options',
    allowed: ELMA_READERS,
  },
  { method: 'get', path: `/api/v1/elmanumbers/${MISSING}`, doc: '/api/v1/elmanumbers/{id}', allowed: ELMA_READERS },
  { method: 'put', path: `/api/v1/elmanumbers/${MISSING}`, doc: '/api/v1/elmanumbers/{id}', allowed: ADMINS },
  { method: 'delete', path: `/api/v1/elmanumbers/${MISSING}`, doc: '/api/v1/elmanumbers/{id}', allowed: ADMINS },
  {
    method: 'post',
    path: '/api/v1/admin/projections/rebuild',
    doc: '/api/v1/admin/projections/rebuild',
    allowed: SUPER,
  },
  {
    method: 'post',
    path: '/api/v1/admin/projections/rebuilds',
    doc: '/api/v1/admin/projections/rebuilds',
    allowed: SUPER,
  },
  { method: 'get', path: '/api/v1/members', doc: '/api/v1/members', allowed: MEMBER_READERS },
  { method: 'post', path: '/api/v1/members', doc: '/api/v1/members', allowed: MEMBER_WRITERS },
  { method: 'get', path: '/api/v1/members/options', doc: '/api/v1/members/options', allowed: MEMBER_READERS },
  { method: 'get', path: '/api/v1/members/duplicates', doc: '/api/v1/members/duplicates', allowed: MEMBER_READERS },
  { method: 'get', path: `/api/v1/members/${MISSING}`, doc: '/api/v1/members/{id}', allowed: MEMBER_READERS },
  { method: 'put', path: `/api/v1/members/${MISSING}`, doc: '/api/v1/members/{id}', allowed: MEMBER_WRITERS },
  {
    method: 'get',
    path: `/api/v1/members/${MISSING}/history`,
    doc: '/api/v1/members/{id}/history',
    allowed: MEMBER_READERS,
  },
  // The data-protection hold flag and clean-up (issue 27); a fresh installation has nobody due, so the clean-up erases nothing.
  {
    method: 'put',
    path: `/api/v1/members/${MISSING}/retention-hold`,
    doc: '/api/v1/members/{id}/retention-hold',
    allowed: MEMBER_WRITERS,
  },
  { method: 'get', path: '/api/v1/dsgvo/clean-member', doc: '/api/v1/dsgvo/clean-member', allowed: ADMINS },
  { method: 'post', path: '/api/v1/dsgvo/clean-member', doc: '/api/v1/dsgvo/clean-member', allowed: ADMINS },
  { method: 'get', path: '/api/v1/balances', doc: '/api/v1/balances', allowed: MEMBER_READERS },
  { method: 'post', path: '/api/v1/balances', doc: '/api/v1/balances', allowed: MEMBER_WRITERS },
  { method: 'get', path: `/api/v1/balances/${MISSING}`, doc: '/api/v1/balances/{id}', allowed: MEMBER_READERS },
  { method: 'get', path: '/api/v1/shares', doc: '/api/v1/shares', allowed: SUPER },
  { method: 'get', path: `/api/v1/shares/${MISSING}`, doc: '/api/v1/shares/{id}', allowed: SUPER },
  { method: 'put', path: `/api/v1/shares/${MISSING}`, doc: '/api/v1/shares/{id}', allowed: SUPER },
  { method: 'get', path: '/api/v1/dashboard', doc: '/api/v1/dashboard', allowed: MEMBER_READERS },
  {
    method: 'get',
    path: `/api/v1/dashboard/member/${MISSING}`,
    doc: '/api/v1/dashboard/member/{id}',
    allowed: MEMBER_READERS,
  },
  { method: 'get', path: '/api/v1/exemptionorders', doc: '/api/v1/exemptionorders', allowed: TAX_PAPER_READERS },
  { method: 'post', path: '/api/v1/exemptionorders', doc: '/api/v1/exemptionorders', allowed: TAX_PAPER_WRITERS },
  {
    method: 'get',
    path: `/api/v1/exemptionorders/${MISSING}`,
    doc: '/api/v1/exemptionorders/{id}',
    allowed: TAX_PAPER_READERS,
  },
  {
    method: 'put',
    path: `/api/v1/exemptionorders/${MISSING}`,
    doc: '/api/v1/exemptionorders/{id}',
    allowed: TAX_PAPER_WRITERS,
  },
  {
    method: 'get',
    path: `/api/v1/exemptionorders/${MISSING}/history`,
    doc: '/api/v1/exemptionorders/{id}/history',
    allowed: TAX_PAPER_READERS,
  },
  { method: 'get', path: '/api/v1/nonassessments', doc: '/api/v1/nonassessments', allowed: TAX_PAPER_READERS },
  { method: 'post', path: '/api/v1/nonassessments', doc: '/api/v1/nonassessments', allowed: TAX_PAPER_WRITERS },
  {
    method: 'get',
    path: `/api/v1/nonassessments/${MISSING}`,
    doc: '/api/v1/nonassessments/{id}',
    allowed: TAX_PAPER_READERS,
  },
  {
    method: 'put',
    path: `/api/v1/nonassessments/${MISSING}`,
    doc: '/api/v1/nonassessments/{id}',
    allowed: TAX_PAPER_WRITERS,
  },
  {
    method: 'get',
    path: `/api/v1/nonassessments/${MISSING}/history`,
    doc: '/api/v1/nonassessments/{id}/history',
    allowed: TAX_PAPER_READERS,
  },
  { method: 'get', path: '/api/v1/dividend/years', doc: '/api/v1/dividend/years', allowed: DIVIDEND_READERS },
  { method: 'get', path: '/api/v1/dividend/calc?year=x', doc: '/api/v1/dividend/calc', allowed: DIVIDEND_CLOSERS },
  { method: 'post', path: '/api/v1/dividend/store', doc: '/api/v1/dividend/store', allowed: DIVIDEND_CLOSERS },
  { method: 'get', path: '/api/v1/dividend', doc: '/api/v1/dividend', allowed: DIVIDEND_READERS },
  { method: 'get', path: `/api/v1/dividend/${MISSING}`, doc: '/api/v1/dividend/{id}', allowed: DIVIDEND_READERS },
  {
    method: 'get',
    path: `/api/v1/dividend/${MISSING}/members`,
    doc: '/api/v1/dividend/{id}/members',
    allowed: DIVIDEND_READERS,
  },
  { method: 'get', path: `/api/v1/dividend/tax-pdf/${MISSING}`, doc: '/api/v1/dividend/tax-pdf/{id}', allowed: CHURCH },
  // Settlements (issue 42): roles as for the dividend's closure; the payout period is a cooperative setting.
  { method: 'get', path: '/api/v1/settlements?year=2025', doc: '/api/v1/settlements', allowed: DIVIDEND_READERS },
  { method: 'get', path: '/api/v1/settlements/terms', doc: '/api/v1/settlements/terms', allowed: DIVIDEND_READERS },
  {
    method: 'get',
    path: '/api/v1/settlements/sepa?year=2025&payoutDate=2026-06-15',
    doc: '/api/v1/settlements/sepa',
    allowed: DIVIDEND_READERS,
  },
  { method: 'put', path: '/api/v1/settlements/terms', doc: '/api/v1/settlements/terms', allowed: ADMINS },
  {
    method: 'put',
    path: '/api/v1/settlements/loss-shares',
    doc: '/api/v1/settlements/loss-shares',
    allowed: DIVIDEND_CLOSERS,
  },
  { method: 'post', path: '/api/v1/settlements/check', doc: '/api/v1/settlements/check', allowed: DIVIDEND_CLOSERS },
  { method: 'post', path: '/api/v1/settlements/pay', doc: '/api/v1/settlements/pay', allowed: DIVIDEND_CLOSERS },
  { method: 'post', path: '/api/v1/settlements/heirs', doc: '/api/v1/settlements/heirs', allowed: DIVIDEND_CLOSERS },
  {
    method: 'post',
    path: `/api/v1/settlements/${MISSING}/reverse`,
    doc: '/api/v1/settlements/{id}/reverse',
    allowed: DIVIDEND_CLOSERS,
  },
  {
    method: 'get',
    path: `/api/v1/settlements/${MISSING}/statement`,
    doc: '/api/v1/settlements/{id}/statement',
    allowed: DIVIDEND_READERS,
  },
  {
    method: 'post',
    path: `/api/v1/dividend/tax-pdf/${MISSING}/corrections`,
    doc: '/api/v1/dividend/tax-pdf/{id}/corrections',
    allowed: CHURCH,
  },
  {
    method: 'get',
    path: `/api/v1/dividend/tax-pdf/${MISSING}/issues`,
    doc: '/api/v1/dividend/tax-pdf/{id}/issues',
    allowed: DIVIDEND_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/dividend/tax-return/${MISSING}.csv`,
    doc: '/api/v1/dividend/tax-return/{file}',
    allowed: DIVIDEND_READERS,
  },
  { method: 'get', path: '/api/v1/pdf/members?date=2020-01-01', doc: '/api/v1/pdf/members', allowed: MEMBER_READERS },
  {
    method: 'get',
    path: '/api/v1/pdf/member-balances?date=2020-01-01',
    doc: '/api/v1/pdf/member-balances',
    allowed: MEMBER_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/pdf/member-statement-of-account?member=${MISSING}`,
    doc: '/api/v1/pdf/member-statement-of-account',
    allowed: MEMBER_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/dividend/sepa/${MISSING}`,
    doc: '/api/v1/dividend/sepa/{id}',
    allowed: DIVIDEND_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/dividend/sepa/${MISSING}/check`,
    doc: '/api/v1/dividend/sepa/{id}/check',
    allowed: DIVIDEND_READERS,
  },
  { method: 'get', path: '/api/v1/export/members?date=bad', doc: '/api/v1/export/members', allowed: MEMBER_READERS },
  {
    method: 'get',
    path: '/api/v1/export/members.xlsx?date=bad',
    doc: '/api/v1/export/members.{format}',
    allowed: MEMBER_READERS,
  },
  { method: 'get', path: '/api/v1/tasks', doc: '/api/v1/tasks', allowed: TASK_READERS },
  { method: 'get', path: `/api/v1/tasks/${MISSING}`, doc: '/api/v1/tasks/{id}', allowed: TASK_READERS },
  {
    method: 'get',
    path: `/api/v1/tasks/${MISSING}/files/${MISSING}`,
    doc: '/api/v1/tasks/{id}/files/{fileId}',
    allowed: TASK_READERS,
  },
  { method: 'get', path: `/api/v1/tasks/fsak/${MISSING}`, doc: '/api/v1/tasks/fsak/{id}', allowed: DIVIDEND_CLOSERS },
  { method: 'post', path: `/api/v1/tasks/fsak/${MISSING}`, doc: '/api/v1/tasks/fsak/{id}', allowed: DIVIDEND_CLOSERS },
  { method: 'get', path: '/api/v1/notifications', doc: '/api/v1/notifications', allowed: NOTIFICATION_USERS },
  {
    method: 'get',
    path: `/api/v1/notifications/${MISSING}`,
    doc: '/api/v1/notifications/{id}',
    allowed: NOTIFICATION_USERS,
  },
  {
    method: 'post',
    path: '/api/v1/notifications/mark-seen',
    doc: '/api/v1/notifications/mark-seen',
    allowed: NOTIFICATION_USERS,
  },
  {
    method: 'get',
    path: `/api/v1/members/${MISSING}/church-tax`,
    doc: '/api/v1/members/{id}/church-tax',
    allowed: CHURCH,
  },
  {
    method: 'put',
    path: `/api/v1/members/${MISSING}/church-tax`,
    doc: '/api/v1/members/{id}/church-tax',
    allowed: CHURCH,
  },
  { method: 'post', path: '/api/v1/tasks/kistam', doc: '/api/v1/tasks/kistam', allowed: CHURCH },
  {
    method: 'post',
    path: `/api/v1/tasks/kistam/${MISSING}/answer`,
    doc: '/api/v1/tasks/kistam/{id}/answer',
    allowed: CHURCH,
  },
  // The import (issue 29); an empty JSON body is no upload (400), so nothing is written.
  {
    method: 'get',
    path: '/api/v1/import/templates/workbook.xlsx',
    doc: '/api/v1/import/templates/workbook.xlsx',
    allowed: IMPORTERS,
  },
  {
    method: 'get',
    path: '/api/v1/import/templates/members.csv',
    doc: '/api/v1/import/templates/{file}',
    allowed: IMPORTERS,
  },
  { method: 'post', path: '/api/v1/import/inspect', doc: '/api/v1/import/inspect', allowed: IMPORTERS },
  { method: 'post', path: '/api/v1/import/dry-run', doc: '/api/v1/import/dry-run', allowed: IMPORTERS },
  { method: 'post', path: '/api/v1/import/problems.xlsx', doc: '/api/v1/import/problems.xlsx', allowed: IMPORTERS },
  { method: 'post', path: '/api/v1/import', doc: '/api/v1/import', allowed: IMPORTERS },
  { method: 'get', path: '/api/v1/import/history', doc: '/api/v1/import/history', allowed: IMPORTERS },
  { method: 'get', path: '/api/v1/import/running', doc: '/api/v1/import/running', allowed: MEMBER_READERS },
  // Abandoning a running import (issue 40): none runs here, so an allowed role is answered 409 importNotRunning.
  {
    method: 'post',
    path: '/api/v1/import/0190a4c2-0000-7000-8000-000000000000/abandon',
    doc: '/api/v1/import/{id}/abandon',
    allowed: IMPORTERS,
  },
  { method: 'get', path: '/api/v1/import/register.xlsx', doc: '/api/v1/import/register.xlsx', allowed: IMPORTERS },
  // The year's movement report (issue 45): every reading role, the auditor's too. This year is always within the limits.
  {
    method: 'get',
    path: `/api/v1/reports/movements/${businessToday().slice(0, 4)}`,
    doc: '/api/v1/reports/movements/{year}',
    allowed: REPORT_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/reports/movements/${businessToday().slice(0, 4)}.pdf`,
    doc: '/api/v1/reports/movements/{year}.pdf',
    allowed: REPORT_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/reports/movements/${businessToday().slice(0, 4)}.xlsx`,
    doc: '/api/v1/reports/movements/{year}.xlsx',
    allowed: REPORT_READERS,
  },
  // The payments on shares (issue 45): unknown members answer 404, empty bodies 400, so nothing is written.
  { method: 'get', path: '/api/v1/share-dues', doc: '/api/v1/share-dues', allowed: MEMBER_READERS },
  {
    method: 'get',
    path: `/api/v1/members/${MISSING}/share-dues`,
    doc: '/api/v1/members/{id}/share-dues',
    allowed: MEMBER_READERS,
  },
  {
    method: 'post',
    path: `/api/v1/members/${MISSING}/share-payments`,
    doc: '/api/v1/members/{id}/share-payments',
    allowed: MEMBER_WRITERS,
  },
  {
    method: 'put',
    path: `/api/v1/members/${MISSING}/postings/${MISSING}/instalments`,
    doc: '/api/v1/members/{id}/postings/{balanceId}/instalments',
    allowed: MEMBER_WRITERS,
  },
  {
    method: 'get',
    path: '/api/v1/cooperative/payment-terms',
    doc: '/api/v1/cooperative/payment-terms',
    allowed: MEMBER_READERS,
  },
  {
    method: 'put',
    path: '/api/v1/cooperative/payment-terms',
    doc: '/api/v1/cooperative/payment-terms',
    allowed: ADMINS,
  },
  // Payment reminders (issue 45): every reader sees who is due and the letters, clerks send; an empty body is refused (400).
  {
    method: 'get',
    path: '/api/v1/payment-reminders/due?date=2026-02-10',
    doc: '/api/v1/payment-reminders/due',
    allowed: DIVIDEND_READERS,
  },
  {
    method: 'get',
    path: `/api/v1/payment-reminders?member=${MISSING}`,
    doc: '/api/v1/payment-reminders',
    allowed: DIVIDEND_READERS,
  },
  { method: 'post', path: '/api/v1/payment-reminders', doc: '/api/v1/payment-reminders', allowed: DIVIDEND_CLOSERS },
  {
    method: 'get',
    path: `/api/v1/payment-reminders/${MISSING}/letters.pdf`,
    doc: '/api/v1/payment-reminders/{runId}/letters.pdf',
    allowed: DIVIDEND_READERS,
  },
  // Bank statements (issue 45): an empty JSON body is no upload (400); a missing statement is not found (404).
  { method: 'get', path: '/api/v1/bank-statements', doc: '/api/v1/bank-statements', allowed: MEMBER_READERS },
  { method: 'post', path: '/api/v1/bank-statements', doc: '/api/v1/bank-statements', allowed: MEMBER_WRITERS },
  {
    method: 'get',
    path: `/api/v1/bank-statements/${MISSING}`,
    doc: '/api/v1/bank-statements/{id}',
    allowed: MEMBER_READERS,
  },
  {
    method: 'post',
    path: `/api/v1/bank-statements/${MISSING}/confirm`,
    doc: '/api/v1/bank-statements/{id}/confirm',
    allowed: MEMBER_WRITERS,
  },
  {
    method: 'post',
    path: `/api/v1/bank-statements/${MISSING}/ignore`,
    doc: '/api/v1/bank-statements/{id}/ignore',
    allowed: MEMBER_WRITERS,
  },
  // SEPA direct debits (issue 45): an empty body is refused (400) before anything is written.
  {
    method: 'get',
    path: `/api/v1/members/${MISSING}/mandates`,
    doc: '/api/v1/members/{id}/mandates',
    allowed: MEMBER_READERS,
  },
  {
    method: 'post',
    path: `/api/v1/members/${MISSING}/mandates`,
    doc: '/api/v1/members/{id}/mandates',
    allowed: MEMBER_WRITERS,
  },
  {
    method: 'post',
    path: `/api/v1/members/${MISSING}/mandates/${MISSING}/revoke`,
    doc: '/api/v1/members/{id}/mandates/{mandateId}/revoke',
    allowed: MEMBER_WRITERS,
  },
  {
    method: 'get',
    path: `/api/v1/members/${MISSING}/direct-debit-payments`,
    doc: '/api/v1/members/{id}/direct-debit-payments',
    allowed: MEMBER_READERS,
  },
  {
    method: 'post',
    path: `/api/v1/members/${MISSING}/share-payments/${MISSING}/return`,
    doc: '/api/v1/members/{id}/share-payments/{paymentId}/return',
    allowed: MEMBER_WRITERS,
  },
  { method: 'get', path: '/api/v1/direct-debits', doc: '/api/v1/direct-debits', allowed: MEMBER_READERS },
  { method: 'post', path: '/api/v1/direct-debits', doc: '/api/v1/direct-debits', allowed: MEMBER_WRITERS },
  {
    method: 'get',
    path: `/api/v1/direct-debits/${MISSING}/file`,
    doc: '/api/v1/direct-debits/{id}/file',
    allowed: MEMBER_READERS,
  },
];

describe('role matrix, enforced by the API for every route', () => {
  let t: TestApp;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    t = await startApp();
    for (const role of ROLES)
      tokens.set(role, (await userWith(t.http, t.adminToken, role.toLowerCase(), [role])).token);
  });
  afterAll(async () => t.close());

  it('lists every route of the OpenAPI document (a new route must join the matrix)', async () => {
    const doc = (await request(t.http).get('/api/docs-json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();
    const covered = [...new Set(MATRIX.map((r) => `${r.method} ${r.doc}`))].sort();
    expect(covered).toEqual(documented);
  });

  const cases = MATRIX.flatMap((route) => ROLES.map((role) => ({ ...route, role })));
  it.each(cases)('$method $doc as $role', async ({ method, path, allowed, role }) => {
    const res = await request(t.http)
      [method](path)
      .set(auth(tokens.get(role)!))
      .send({});
    if (path === '/api/v1/logout') tokens.set(role, await login(t.http, role.toLowerCase(), USER_PASSWORD));
    if (allowed === 'public') {
      // An empty sign-in is refused as bad credentials, never as a role question.
      expect(res.status).not.toBe(403);
    } else if (allowed.includes(role)) {
      expect([401, 403]).not.toContain(res.status);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Your roles do not allow this action.',
        errors: [{ field: null, template: 'notAllowed', parameters: {} }],
      });
    }
  });

  it.each(MATRIX.filter((r) => r.allowed !== 'public'))(
    '$method $doc without a token answers 401',
    async ({ method, path }) => {
      expect((await request(t.http)[method](path).send({})).status).toBe(401);
    },
  );
});
