import { businessToday } from '@coop/contracts';
import {
  ADMINS,
  MEMBER_READERS,
  MEMBER_WRITERS,
  DIVIDEND_READERS,
  DIVIDEND_CLOSERS,
  TASK_READERS,
  NOTIFICATION_USERS,
  CHURCH,
  IMPORTERS,
  REPORT_READERS,
  MISSING,
  type MatrixRoute,
} from './role-groups.js';

/** Tasks, notifications, church tax, the import, reports and the payments' routes of the role matrix (role-groups.ts). */
export const TASK_ROUTES: readonly MatrixRoute[] = [
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
