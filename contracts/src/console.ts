/**
 * What the console (`admin-ui`) takes from the contracts, as `@coop/contracts/console`: the resources' types, the
 * writable fields, the validation templates, the members' and postings' codes and the tax papers' codes and allowance
 * rule. Only types (erased by the build) and plain constants or pure functions from files that import no package: the
 * console's bundle must not pull in the request classes' decorators or any server code.
 * `admin-ui/src/contractsBoundary.unit.spec.ts` checks that every value exported here comes from such a file.
 */
export type { UserDto, UserWrite } from './http/users.js';
export type { CooperativeFields, CooperativeDto } from './http/cooperatives.js';
export type { ElmaProcess, ElmaNumberDto } from './http/elma-numbers.js';
export type { Option } from './http/options.js';
export type { DuplicateCandidate, DuplicateReason } from './http/member-duplicates.js';
export type {
  MemberDto,
  BalanceDto,
  ShareVersion,
  ShareDto,
  DashboardDto,
  MemberDashboardDto,
  MemberDividendDto,
  MemberHistoryEntry,
  HistoryDividend,
  HistoryPosting,
} from './http/members.js';
export type {
  HistoryPayment,
  HistoryPaymentReturn,
  HistoryInstalmentPlan,
  HistoryMandate,
} from './http/member-history-payments.js';
export type { FieldChange, ExemptionOrderDto, NonAssessmentDto, TaxPaperHistoryEntry } from './http/tax-papers.js';
export type { Role } from './roles.js';
// The one role matrix (issue 44): the console's routes, menus and buttons ask for permissions, never for roles.
export {
  PERMISSION_MATRIX,
  PERMISSION_NAMES,
  allows,
  grantableRoles,
  rolesWith,
  type Permission,
} from './permissions.js';
export { NEW_USER_ROLES, ROLES, ROLE_DISPLAY_ORDER } from './roles.js';
export type { FieldError, ValidationTemplate } from './validation.js';
export type { MemberValidationTemplate } from './member-validation-templates.js';
export type { TaxPaperValidationTemplate } from './tax-paper-validation-templates.js';
export type { NonAssessmentType, TaxPaperState } from './tax-papers.js';
export { EXEMPTION_ORDER_TYPES, allowanceLimit, saversAllowance } from './tax-papers.js';
export { MEMBER_VALIDATION_TEMPLATES } from './member-validation-templates.js';
export { TAX_PAPER_VALIDATION_TEMPLATES } from './tax-paper-validation-templates.js';
export { ANSWER_TEMPLATES, type AnswerTemplate } from './answer-templates.js';
export { GENERAL_VALIDATION_TEMPLATES } from './general-validation-templates.js';
export { LIMIT_TEMPLATES, type LimitTemplate } from './limit-templates.js';
export * from './limits.js';
export {
  INTEREST_BEGIN_RULES,
  DEFAULT_INTEREST_BEGIN_RULE,
  PLAUSIBILITY_TEMPLATES,
  interestBeginFor,
  interestBeginRuleOf,
} from './plausibility.js';
export type { InterestBeginRule, PlausibilityTemplate, PlausibilityWarning } from './plausibility.js';
export { WRITABLE_FIELDS, type WritableResource } from './writable-fields.js';
export type { BalanceType, CivilStatus, GermanState, LegalForm, PostingType } from './events/member-events.js';
export {
  BALANCE_TYPES,
  CIVIL_STATUSES,
  EXIT_TYPES,
  GERMAN_STATES,
  LEGAL_FORMS,
  MEMBER_POSITIONS,
  MEMBER_TITLES,
  MEMBER_TYPES_ENTERABLE,
  OUTGOING_TYPES,
  POSTAL_SALUTATIONS,
  SALUTATIONS,
} from './events/member-events.js';
export {
  DEFAULT_NOTICE_PERIOD_MONTHS,
  EXTRAORDINARY_NOTICE_PERIOD_MONTHS,
  MAX_NOTICE_PERIOD_MONTHS,
  MIN_NOTICE_PERIOD_MONTHS,
  deathReason,
  extraordinaryNoticeFrom,
  financialYearEnd,
  membershipEndDate,
  noticeEffectiveDate,
  type MembershipEndReason,
} from './membership-end.js';
export type {
  DividendDto,
  DividendMemberDto,
  DividendErrorDto,
  DividendYearDto,
  TaxReturnDto,
  ChurchTaxDto,
  DividendSettingsDto,
  DividendStatus,
} from './http/dividend.js';
export type {
  SettlementDto,
  SettlementCheckDto,
  SettlementRefusalDto,
  SettlementTermsDto,
  LossShareDto,
} from './http/settlements.js';
export type { LossShareKind } from './events/settlement-events.js';
export {
  LOSS_SHARE_KINDS,
  MAX_SETTLEMENT_PERIOD_MONTHS,
  MIN_SETTLEMENT_PERIOD_MONTHS,
} from './events/settlement-events.js';
export type { DividendMethod, DayCount, RoundingMode, DividendType, DividendSettings } from './dividend.js';
export {
  DIVIDEND_METHODS,
  DAY_COUNTS,
  ROUNDING_MODES,
  DIVIDEND_TYPES,
  DEFAULT_DIVIDEND_SETTINGS,
  CHURCH_NAMES,
  churchName,
} from './dividend.js';
// Background tasks, notifications and church data (issue 24).
export type { TaskDto, TaskFileDto, TaskReasonDto, FsakPreviewDto, FsakImpossibleMemberDto } from './http/tasks.js';
export type { NotificationDto, NotificationErrorDto, MarkSeenRequest } from './http/notifications.js';
export type { ChurchTaxWrite, MemberChurchTaxDto } from './http/church-tax.js';
export type { TaxCertificateIssueDto } from './http/tax-certificates.js';
export type {
  TaskTemplate,
  NotificationMessage,
  KistamProblem,
  KistamAnswerRefusal,
  KistamLineProblem,
} from './task-templates.js';
export {
  NOTIFICATION_MESSAGES,
  KISTAM_PROBLEMS,
  KISTAM_ANSWER_REFUSALS,
  regularStatusDate,
  statusAppliesTo,
  inRegularQueryPeriod,
} from './task-templates.js';
export type { TaskKind, TaskPhase, TaskState } from './events/task-events.js';
export { TASK_KINDS, TASK_PHASES, TASK_STATES } from './events/task-events.js';
export type { NotificationType, NotificationEntityClass } from './events/notification-events.js';
export { NOTIFICATION_TYPES, NOTIFICATION_ENTITY_CLASSES } from './events/notification-events.js';
export type { ChurchQueryKind } from './events/member-events.js';
export { CHURCH_QUERY_KINDS } from './events/member-events.js';
// The data-protection clean-up and the hold flag (issue 27).
export type {
  DataProtectionListItem,
  CleanMemberResult,
  RetentionHoldRequest,
  RetentionHoldDto,
} from './http/data-protection.js';
export { DEFAULT_RETENTION_YEARS, MIN_RETENTION_YEARS, MAX_RETENTION_YEARS } from './retention.js';
export {
  DEFAULT_SESSION_IDLE_MINUTES,
  MIN_SESSION_IDLE_MINUTES,
  MAX_SESSION_IDLE_MINUTES,
  USER_ACTIVITY_HEADER,
} from './session.js';
// The import of a member register (issue 29) and the templates' texts (the console's `coop.validation`).
export type {
  AlreadyImportedDto,
  DetectedFormatDto,
  FileInspectionDto,
  ImportDryRunDto,
  ImportFieldDto,
  ImportFieldsDto,
  ImportInspectionDto,
  ImportProblemDto,
  ImportQueuedDto,
  ImportRecordDto,
  ImportRunningDto,
  ImportResultDto,
  ImportSummaryDto,
  SheetInspectionDto,
} from './http/member-import.js';
export { IMPORT_TEMPLATES, type ImportTemplate } from './import-templates.js';
export { VALIDATION_MESSAGES_EN } from './messages/validation.en.js';
export { VALIDATION_MESSAGES_DE } from './messages/validation.de.js';
export { PASSWORD_MIN_LENGTH, type PasswordRuleTemplate } from './password-rule.js';
export { CHOICE_LABELS_DE, CHOICE_LABELS_EN, type ChoiceLabels } from './messages/choice-labels.js';
// The year's movement report (issue 45).
export { LEAVE_REASONS, ADDING_KINDS, REDUCING_KINDS, MOVEMENT_KINDS, type LeaveReason } from './movement-kinds.js';
export type {
  MovementReportDto,
  MovementMembersDto,
  MovementHoldingDto,
  MovementKindDto,
  MovementLiabilityDto,
  LeaversDto,
} from './http/movement-report.js';
// The payments on shares (issue 45).
export type {
  ShareDueDto,
  ScheduledInstalmentDto,
  PaymentTermsDto,
  SharePaymentRecordedDto,
} from './http/share-payments.js';
export {
  RECORDED_PAYMENT_METHODS,
  SHARE_PAYMENT_REFERENCE_MAX,
  INSTALMENT_COUNT_MAX,
  REMINDER_RUN_MAX,
} from './share-payment-limits.js';
export { proposePlan } from './instalments.js';
export { REMINDER_BACKDATE_DAYS } from './reminder-spans.js';
export { mandateLapsedOn, mandateUsableUntil } from './mandate-lapse.js';
// The transfer's split (share-transfer.ts) is imported by the console as `@coop/contracts/share-transfer`, not from here
// (admin-ui/vite.config.ts says why).
export type { Instalment, InstalmentTerms } from './events/share-payment-events.js';
export { OWED_WITHOUT_END } from './events/share-payment-events.js';
export type {
  PaymentReminderDto,
  PaymentReminderDueDto,
  PaymentReminderRunDto,
  RemindedSubscriptionDto,
} from './http/payment-reminders.js';
// Bank statements (CAMT.053, issue 45).
export type {
  BankStatementDto,
  BankStatementDetailDto,
  BankStatementEntryDto,
  StatementAllocationDto,
  StatementConfirmation,
} from './http/bank-statements.js';
export {
  BANK_STATEMENT_BATCH_MAX,
  STATEMENT_ENTRY_STATES,
  UNMATCHED_REASONS,
  type StatementEntryState,
} from './events/bank-statement-events.js';
export { BANK_STATEMENT_TEMPLATES, type BankStatementTemplate } from './bank-statement-templates.js';
// SEPA direct debits (issue 45): mandates, collections, payments by direct debit and their returns.
export type {
  MandateDto,
  CollectionDto,
  CollectionCreatedDto,
  CollectionPreviewDto,
  SkippedDueDto,
  DebitAboveOutstandingDto,
  DirectDebitPaymentDto,
} from './http/direct-debits.js';
