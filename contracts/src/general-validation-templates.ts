import type { AnswerTemplate } from './answer-templates.js';
import type { MemberValidationTemplate } from './member-validation-templates.js';
import type { PlausibilityTemplate } from './plausibility.js';
import type { TaxPaperValidationTemplate } from './tax-paper-validation-templates.js';
import type { ValidationTemplate } from './validation.js';
import type { LimitTemplate } from './limit-templates.js';

/** The templates of `ValidationTemplate` that belong to no list of their own (users, cooperatives, approval numbers, lists;
 * the plausibility warnings have their own list, PLAUSIBILITY_TEMPLATES). */
export type GeneralValidationTemplate = Exclude<ValidationTemplate, MemberValidationTemplate | TaxPaperValidationTemplate | AnswerTemplate | PlausibilityTemplate | LimitTemplate>;

/**
 * Every general template at run time, for the test that each has a text in both of the console's languages. A template
 * added to `ValidationTemplate` without a line here fails the type check.
 */
export const GENERAL_VALIDATION_TEMPLATES: readonly GeneralValidationTemplate[] = Object.keys({
  mustNotBeEmpty: 1,
  isNotEqual: 1,
  passwordRequired: 1,
  invalidTaxId: 1,
  invalidTaxNumber: 1,
  invalidIban: 1,
  invalidBic: 1,
  invalidEmail: 1,
  invalidUrl: 1,
  invalidNumber: 1,
  usernameTaken: 1,
  invalidRole: 1,
  invalidElmaFs: 1,
  invalidElmaKm: 1,
  invalidChoice: 1,
  unknownField: 1,
  mustBeAtLeast: 1,
  mustBeAtMost: 1,
  cannotDeleteSelf: 1,
  retentionHoldAlreadySet: 1,
  retentionHoldNotSet: 1,
  memberErased: 1,
  missingPaymentDate: 1,
  missingDecisionDate: 1,
  currentYearClosure: 1,
  yearAlreadyClosed: 1,
  missingCooperativeBankname: 1,
  missingCooperativeIban: 1,
  missingCooperativeBic: 1,
  taxIdMissing: 1,
  spouseTaxIdMissing: 1,
  missingCooperativeName: 1,
  memberBankDataMissing: 1,
  sepaNothingToPay: 1,
  missingCooperativeTaxOffice: 1,
  missingCooperativeTaxNumber: 1,
  taxCertificateNotIssued: 1,
  // Background tasks (issue 24, contracts/src/task-templates.ts).
  missingElmaNoKm: 1,
  missingElmaNoFs: 1,
  taskAlreadyRunning: 1,
  fsakCurrentYear: 1,
  taskNotAwaitingInput: 1,
  invalidAnswerFile: 1,
  taskNotFound: 1,
  taskFileNotFound: 1,
  notificationNotFound: 1,
  fsakNothingToReport: 1,
  taskInterrupted: 1,
  nameMissing: 1,
  addressMissing: 1,
  spouseNameMissing: 1,
  // The import of a member register (issue 29, contracts/src/import-templates.ts).
  importUnknownKind: 1,
  importUnmappedRequired: 1,
  importMemberNrTaken: 1,
  importMemberNrTwice: 1,
  importMemberUnknown: 1,
  importHoldingDiffers: 1,
  importAmountDiffers: 1,
  importTransferWithoutPair: 1,
  importAnnulledPostingUnknown: 1,
  importEffectiveDateDiffers: 1,
  importRefTwice: 1,
  importHasProblems: 1,
  importNotEmptyFile: 1,
  importUnreadableFile: 1,
} satisfies Record<GeneralValidationTemplate, 1>) as GeneralValidationTemplate[];
