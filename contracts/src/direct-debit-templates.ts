/*
 * Templates of SEPA direct debits (issue 45, DEBIT: mandates, collections, returned debits), part of
 * `ValidationTemplate`. The console translates each (en, de: contracts/src/messages/validation.*.ts); `{0}` is the
 * first numbered parameter.
 */
export const DIRECT_DEBIT_TEMPLATES = [
  /** A mandate reference: 1 to 35 characters of the SEPA set (letters, digits and; no space, as the German banks' rules ask `/ - ? : ( ) . , ' +`). */
  'mandateReferenceInvalid',
  /** The reference {0} is taken by another mandate of the cooperative. */
  'mandateReferenceTaken',
  /** The date of signature lies after today ({0}). */
  'mandateSignedInFuture',
  /** The member has no valid IBAN in the master data: no mandate and no debit without one. */
  'mandateNeedsIban',
  /** The member's IBAN (country {0}) lies outside the SEPA scheme's area: a core direct debit cannot draw it. */
  'mandateIbanOutsideSepa',
  /** No mandate with this id for the member. */
  'mandateUnknown',
  /** The mandate was revoked on {0}. */
  'mandateAlreadyRevoked',
  /** A revocation dated before the mandate's date of signature {0} (decision 358). */
  'mandateRevokedBeforeSigned',
  /** A revocation dated before {0}, the day of the last debit collected under the mandate (decision 374). */
  'mandateRevokedBeforeCollection',
  /** The collection date must be a TARGET2 business day on or after {0} (one business day ahead). */
  'collectionDateTooEarly',
  /** The collection date lies after {0}, the latest (`COLLECTION_HORIZON_DAYS` ahead): its debits would be booked as paid in months before (decision 323). */
  'collectionDateTooLate',
  /** The collection date {0} is no TARGET2 business day (a weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December). */
  'collectionDateNotBusinessDay',
  /** The cooperative's payment terms name no SEPA creditor identifier (Gläubiger-ID). */
  'creditorIdMissing',
  /** None of the selected subscriptions can be collected (see the skipped ones). */
  'collectionEmpty',
  /** No payment with this id for the member. */
  'paymentUnknown',
  /** Only a payment by direct debit can come back as a returned debit. */
  'paymentNotDirectDebit',
  /** This payment was already recorded as returned on {0}. */
  'paymentAlreadyReturned',
  /** The return date lies before the payment's date {0}. */
  'returnBeforePayment',
  /** A return reason code: up to 4 letters and digits (ISO 20022, e.g. AC04, MD06). */
  'returnReasonInvalid',
] as const;
export type DirectDebitTemplate = (typeof DIRECT_DEBIT_TEMPLATES)[number];

/** Why a selected subscription is left out of a collection (`skipped[].reason`; the console translates `directDebitSkip.<reason>`). */
export const DIRECT_DEBIT_SKIP_REASONS = [
  'unknownDue',
  'nothingOutstanding',
  'notYetDue',
  'noMandate',
  /** The member's mandate lapsed: no collection under it for 36 months (decision 375). */
  'mandateLapsed',
  'noIban',
  'nameNotRepresentable',
  /** What is due is above the largest single SEPA debit (999,999,999.99 euro): the bank takes no such debit. */
  'aboveDebitLimit',
] as const;
export type DirectDebitSkipReason = (typeof DIRECT_DEBIT_SKIP_REASONS)[number];
