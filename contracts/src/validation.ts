import type { AnswerTemplate } from './answer-templates.js';
import type { MemberValidationTemplate } from './member-validation-templates.js';
import type { TaxPaperValidationTemplate } from './tax-paper-validation-templates.js';
import type { PlausibilityTemplate } from './plausibility.js';
import type { TaskTemplate } from './task-templates.js';
import type { ImportTemplate } from './import-templates.js';
import type { SettlementTemplate } from './settlement-templates.js';
import type { DirectDebitTemplate } from './direct-debit-templates.js';
import type { LimitTemplate } from './limit-templates.js';
import type { PasswordRuleTemplate } from './password-rule.js';
import type { SharePaymentTemplate } from './share-payment-templates.js';
import type { BankStatementTemplate } from './bank-statement-templates.js';

/** Message templates the API answers with; the console translates each as a key. */
export type ValidationTemplate =
  | MemberValidationTemplate
  | TaxPaperValidationTemplate
  | AnswerTemplate
  | PlausibilityTemplate
  | TaskTemplate
  | ImportTemplate
  | SettlementTemplate
  | DirectDebitTemplate
  | LimitTemplate
  | PasswordRuleTemplate
  | SharePaymentTemplate
  | BankStatementTemplate
  | 'mustNotBeEmpty'
  | 'isNotEqual'
  | 'passwordRequired'
  /** A member's (or spouse's) tax identification number, the 11-digit Steuer-ID. */
  | 'invalidTaxId'
  /** The cooperative's tax number (Steuernummer, given by its tax office). */
  | 'invalidTaxNumber'
  | 'invalidIban'
  | 'invalidBic'
  | 'invalidEmail'
  | 'invalidUrl'
  | 'invalidNumber'
  | 'usernameTaken'
  | 'usernameLookAlike'
  | 'invalidRole'
  | 'invalidElmaFs'
  | 'invalidElmaKm'
  | 'invalidChoice'
  | 'unknownField'
  /** The request body is not the JSON object the route takes (an array, a text, a number). */
  | 'bodyMustBeObject'
  | 'mustBeAtLeast'
  /** "Must be at most {0}" / "Darf höchstens {0} sein". */
  | 'mustBeAtMost'
  | 'cannotDeleteSelf'
  /** The cooperative's last administrator would lose the role or be deleted: none could manage its users (decision 377). */
  | 'lastAdministrator'
  // The data-protection hold flag and clean-up (issue 27).
  | 'retentionHoldAlreadySet'
  | 'retentionHoldNotSet'
  | 'memberErased'
  /** The member's master data changed since the form was read (`masterTag`, a lost update): reload and enter again (409). */
  | 'memberChangedMeanwhile'
  /** The cooperative's master data changed since the form was read (`masterTag`, a lost update): reload and enter again (409). */
  | 'cooperativeChangedMeanwhile'
  /** Any other record (an order, a certificate, the payment terms, church data) changed since its form was read (409). */
  | 'recordChangedMeanwhile'
  // The dividend's closure (issue 23; SPEC.md 5, 8): what refuses it.
  | 'missingPaymentDate'
  | 'missingDecisionDate'
  /** "Cannot create closure for current year." (a year not yet over, too). */
  | 'currentYearClosure'
  /** "Year {0} is already closed". */
  | 'yearAlreadyClosed'
  /** "The closure of {0} is still being written; try again when it is closed" (issue 40). */
  | 'closureInProgress'
  /** "The closure of {0} was interrupted by restarts and is not finished; send the same request again (or restart) to finish it" (409). */
  | 'closureInterrupted'
  | 'missingCooperativeBankname'
  | 'missingCooperativeIban'
  | 'missingCooperativeBic'
  /** An exemption order would be consumed but the member has no tax id; {0}: the member numbers. */
  | 'taxIdMissing'
  /** A joint exemption order without the spouse's tax id; {0}: the member numbers. */
  | 'spouseTaxIdMissing'
  | 'nvTaxIdMissing'
  // The SEPA payment file of a closure (issue 25; DOMAIN.md 7): what refuses it.
  | 'missingCooperativeName'
  /** Members with a net payout but no valid IBAN; {0}: the member numbers. */
  | 'memberBankDataMissing'
  /** No member of the closure has a net payout above zero: nothing to transfer. */
  | 'sepaNothingToPay'
  /** A notice, not a refusal: members deceased by the payment day without their heirs' account; {0}: the member numbers. */
  | 'dividendHeirsAccountMissing'
  /** A notice, not a refusal: the payment day {0} is past; the file asks the bank to execute it on {1}, today. */
  | 'sepaExecutionMoved'
  // The tax certificates of a closure (issue 25; DOMAIN.md 6): what refuses them.
  /** The cooperative keeps no tax office (Betriebsstättenfinanzamt): no certificate leaves without it. */
  | 'missingCooperativeTaxOffice'
  /** The cooperative keeps no tax number (a cooperative registered at first start and never completed). */
  | 'missingCooperativeTaxNumber'
  /** A corrected certificate for a member who was never issued one in the closure: nothing to correct. */
  | 'taxCertificateNotIssued'
  /** A corrected certificate asked again, unchanged since the member's last one (issued on {0}), with another reason. */
  | 'taxCertificateUnchanged'
  /** A closure's certificates asked for when every member it paid was erased since (decision 430): none to issue. */
  | 'taxCertificatesAllErased'
  /** Payment reminders (issue 45): a reminder dated before {0}, the earliest (business today less 7 days; decision 356). */
  | 'reminderDateTooEarly';

export interface FieldError {
  /** The field the error belongs to; null for a general error. */
  readonly field: string | null;
  readonly template: ValidationTemplate;
  /** Numbered parameters: `{ "0": "…" }`. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** A command was refused because its input breaks a rule. No framework: the HTTP layer maps it to 400. */
export class ValidationError extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super(errors.map((e) => `${e.field ?? '(general)'}: ${e.template}`).join('; '));
    this.name = 'ValidationError';
  }
}

/** The record does not exist for the caller (also when it belongs to another cooperative). */
export class NotFoundError extends Error {
  constructor(
    readonly entity: string,
    readonly id: string,
  ) {
    super(`${entity} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

export function fieldError(field: string | null, template: ValidationTemplate, ...params: string[]): FieldError {
  const parameters: Record<string, string> = {};
  params.forEach((p, i) => (parameters[String(i)] = p));
  return { field, template, parameters };
}

/**
 * The actor may not do this (answers 403 with the template, `notAllowed` unless the rule names its own). A domain rule,
 * so it lives here and not in the HTTP layer.
 */
export class PermissionError extends Error {
  constructor(
    message = 'You are not allowed to do this.',
    readonly template: AnswerTemplate = 'notAllowed',
    readonly parameters: readonly string[] = [],
  ) {
    super(message);
    this.name = 'PermissionError';
  }
}
