import type { TaskTemplate } from './task-templates.js';
import type { BankStatementTemplate } from './bank-statement-templates.js';

/**
 * Templates of the API's answers other than a refused input: sign-in, session, role, not found, conflict, a server
 * failure (401, 403, 404, 409, 429, 500, 503). Part of `ValidationTemplate`: such an answer carries one general error
 * `{errors: [{field: null, template, parameters}]}` beside its English `message`, and the console shows the template in
 * the clerk's language. Suggested texts (en / de) per template; `{0}` is the first numbered parameter.
 */
export type AnswerTemplate =
  /** "Invalid username or password" / "Benutzername oder Passwort ist falsch" (401 of `POST /login`). */
  | 'invalidCredentials'
  /** "Too many failed sign-in attempts. Try again in {0} seconds." / "Zu viele fehlgeschlagene Anmeldungen. Bitte in {0} Sekunden erneut versuchen." (429). */
  | 'tooManySignInAttempts'
  /** "Your session has expired. Please sign in again." / "Ihre Sitzung ist abgelaufen. …" (401 of any other route). */
  | 'sessionExpired'
  /** "Your roles do not allow this action." / "Ihre Rollen erlauben diese Aktion nicht." (403). */
  | 'notAllowed'
  /** "You may not grant or remove roles you do not hold: {0}" (403; {0} the roles, comma-separated). */
  | 'rolesNotHeld'
  /** "Only a super administrator may delete a super administrator." (403). */
  | 'onlySuperAdminDeletesSuperAdmin'
  /** "Only a super administrator may change a super administrator." (403; issue 38). */
  | 'onlySuperAdminChangesSuperAdmin'
  /** "You may change only users whose roles you all hold yourself: {0}" (403; {0} the roles the actor lacks; issue 38). */
  | 'userHoldsRolesNotHeld'
  /** "Only a super administrator may create users in another cooperative." (403). */
  | 'onlySuperAdminOtherCooperative'
  /** "{0} not found" (404 of a record whose kind has no template of its own; {0} the kind as the API names it). The
   *  others: "Member not found" / "Mitglied nicht gefunden" and so on. */
  | 'notFound'
  | 'memberNotFound'
  | 'postingNotFound'
  | 'userNotFound'
  | 'cooperativeNotFound'
  | 'statisticsNotFound'
  | 'elmaNumberNotFound'
  | 'exemptionOrderNotFound'
  | 'nonAssessmentNotFound'
  | 'dividendNotFound'
  | 'settlementNotFound'
  | 'importNotFound'
  /** Issue 45: a share payment, a direct-debit mandate, a direct-debit collection (or its file), a reminder run. */
  | 'sharePaymentNotFound'
  | 'mandateNotFound'
  | 'directDebitCollectionNotFound'
  | 'reminderRunNotFound'
  | 'paymentReminderNotFound'
  /** "The API has no such address" (404 of a path no route answers; {0} method and path). */
  | 'routeNotFound'
  /** "The record was changed by someone else at the same time. Please reload and try again." (409). */
  | 'conflict'
  /** "Projections run in a separate worker here: …" (409 of a rebuild where a worker projects). */
  | 'rebuildInWorker'
  /** "Your last change is saved but does not show yet. …" (503 with Retry-After). */
  | 'notYetShown'
  /** "Other import files are being read just now. Please try again in a minute." (503 of the import's uploads while
   *  as many are read and waiting as the server takes at once; a review, stop 63). */
  | 'importBusy'
  /** "Other bank statements are being read just now. Please try again in a minute." (503 of a statement's upload while
   *  one is read and as many wait as the server takes; decision 304). */
  | 'bankStatementBusy'
  /** "The server failed on this request. …" (500). */
  | 'internalError'
  /** "The request failed (HTTP {0})" (any other refusal by the HTTP framework: 413, 415, …). */
  | 'requestFailed';

/** Every answer template, for the test that each has a text in both of the console's languages. */
export const ANSWER_TEMPLATES: readonly AnswerTemplate[] = Object.keys({
  invalidCredentials: 1,
  tooManySignInAttempts: 1,
  sessionExpired: 1,
  notAllowed: 1,
  rolesNotHeld: 1,
  onlySuperAdminDeletesSuperAdmin: 1,
  onlySuperAdminChangesSuperAdmin: 1,
  userHoldsRolesNotHeld: 1,
  onlySuperAdminOtherCooperative: 1,
  notFound: 1,
  memberNotFound: 1,
  postingNotFound: 1,
  userNotFound: 1,
  cooperativeNotFound: 1,
  statisticsNotFound: 1,
  elmaNumberNotFound: 1,
  exemptionOrderNotFound: 1,
  nonAssessmentNotFound: 1,
  dividendNotFound: 1,
  settlementNotFound: 1,
  importNotFound: 1,
  sharePaymentNotFound: 1,
  mandateNotFound: 1,
  directDebitCollectionNotFound: 1,
  reminderRunNotFound: 1,
  paymentReminderNotFound: 1,
  routeNotFound: 1,
  conflict: 1,
  rebuildInWorker: 1,
  notYetShown: 1,
  importBusy: 1,
  bankStatementBusy: 1,
  internalError: 1,
  requestFailed: 1,
} satisfies Record<AnswerTemplate, 1>) as AnswerTemplate[];

/** The template of a `404` for a record of this kind (`NotFoundError.entity`, as the API names it). */
const NOT_FOUND: Readonly<Record<string, AnswerTemplate | NotFoundTaskTemplate>> = {
  Member: 'memberNotFound',
  Balance: 'postingNotFound',
  Share: 'postingNotFound',
  User: 'userNotFound',
  Cooperative: 'cooperativeNotFound',
  Statistics: 'statisticsNotFound',
  'Approval number': 'elmaNumberNotFound',
  'Exemption order': 'exemptionOrderNotFound',
  'Non assessment': 'nonAssessmentNotFound',
  Dividend: 'dividendNotFound',
  Settlement: 'settlementNotFound',
  Import: 'importNotFound',
  Posting: 'postingNotFound',
  Payment: 'sharePaymentNotFound',
  Mandate: 'mandateNotFound',
  DirectDebitCollection: 'directDebitCollectionNotFound',
  DirectDebitFile: 'directDebitCollectionNotFound',
  PaymentReminderRun: 'reminderRunNotFound',
  PaymentReminder: 'paymentReminderNotFound',
  // The cooperative's payment terms (id: the cooperative's id) and a closure's result of one member.
  PaymentTerms: 'cooperativeNotFound',
  DividendMember: 'memberNotFound',
  Task: 'taskNotFound',
  'Task file': 'taskFileNotFound',
  Notification: 'notificationNotFound',
  'Bank statement': 'bankStatementNotFound',
};

/** The 404 templates of background tasks and notifications (contracts/src/task-templates.ts) and of bank statements. */
type NotFoundTaskTemplate =
  | Extract<TaskTemplate, 'taskNotFound' | 'taskFileNotFound' | 'notificationNotFound'>
  | Extract<BankStatementTemplate, 'bankStatementNotFound'>;

export function notFoundTemplate(entity: string): AnswerTemplate | NotFoundTaskTemplate {
  return Object.hasOwn(NOT_FOUND, entity) ? NOT_FOUND[entity]! : 'notFound';
}
