import type { DomainEvent } from '../events.js';
import type { PassedOnDue } from '../share-transfer.js';

/*
 * The money that comes in on subscribed shares (issue 45; § 7, § 15b, § 19 GenG; DOMAIN.md 1.6, 9.1; SPEC.md "Share":
 * `rueckpfleinzahlung` is the payment actually made). The shared contract of the areas that build on it: share payments
 * (dues, instalments, payments, the outstanding list), direct debits (mandates, pain.008, returns), bank statements
 * (CAMT.053), reminders, and the dividend credited to the Geschäftsguthaben.
 *
 * Member-side facts live on the member stream `member-<memberId>` (one fact, one place: what was paid on a posting is
 * the posting's `payment`, the share register's `rueckpfleinzahlung`). The cooperative's terms live on
 * `payment-terms-<cooperativeId>`, a direct-debit collection on `direct-debit-<collectionId>`.
 * All amounts are integer euro cents, all dates business dates `YYYY-MM-DD`.
 */

/** How a payment on shares came in. `dividendCredit`: the net dividend credited to the Geschäftsguthaben (§ 19 (1) GenG). */
export const SHARE_PAYMENT_METHODS = ['transfer', 'directDebit', 'cash', 'dividendCredit'] as const;
export type SharePaymentMethod = (typeof SHARE_PAYMENT_METHODS)[number];

/**
 * Posting types that take shares and so can owe a payment: the initial and additional subscription, and the incoming
 * transfer (4), which owes what did not come paid with its shares (§ 76 GenG, decision 265).
 */
export const SUBSCRIPTION_TYPES = [0, 1, 4] as const;

/** One instalment of a subscription: due on `dueDate`, `amount` cents. */
export interface Instalment {
  readonly dueDate: string;
  readonly amount: number;
}

/**
 * A subscription (0, 1, 4) as its due needs it when a register correction (`SharePaymentCorrected.subscription`)
 * reaches a subscription paid in full when posted, which has no due stored (decision 268): its type, date, shares,
 * amount (cents) and what was paid with it (`SharesPosted.paid`, absent: the amount).
 */
export interface CorrectedSubscription {
  type: number;
  date: string;
  quantity: number;
  amount: number;
  paidWhenPosted: number;
  /** The effective date of the member's whole end when one is recorded: the due's `owedUntil` (decision 269). */
  owedUntil?: string;
}

/** What a register correction (`SharePaymentCorrected`) may say beside the payment and the end of interest. */
export interface CorrectionFacts {
  /** The subscription a correction reaches when it has no due stored (decision 268). */
  subscription?: CorrectedSubscription;
  /**
   * The day the change counts from, when later than the posting's date (absent: the posting's date, decision 232): an
   * end's payment following a payment returned after the end took effect (decision 298).
   */
  effectiveDate?: string;
  /**
   * A whole end's payment (6, 7, 8): the part of it paid after the end's effective date (cents, positive; decision 414).
   * No Geschäftsguthaben on the end's day (§ 73 (2) GenG): the settlement refunds it whole, beside the settled balance,
   * and the loss share takes nothing of it. Absent: as the end's previous correction said (none: 0).
   */
  paidAfterEnd?: number;
  /**
   * A partial termination (2) whose Geschäftsguthaben shrank below what it took (a debit returned, a payment corrected
   * down after it was noticed): the unpaid parts of its shares it releases from the member's dues beside those it
   * released when posted, oldest due first (decisions 267, 305); its annulation gives back both.
   */
  released?: PassedOnDue[];
  /**
   * An outgoing transfer (3) whose Geschäftsguthaben shrank below what it moved (a debit returned, a payment corrected
   * down after the transfer): the unpaid parts of its shares it passes on to the receiver beside those it passed on
   * when posted, oldest due first (decisions 265, 327); the receiver's incoming transfer is corrected with it, and the
   * transfer's annulation gives back both.
   */
  passedOn?: PassedOnDue[];
}

/**
 * The subscription `balanceId` (a type 0 or 1 posting) is paid by `instalments` (ascending due dates, the amounts sum
 * to the subscription's amount less what was paid when it was posted). A later plan replaces the earlier one. Without a
 * plan the whole unpaid part is due on the posting's date.
 */
export type InstalmentPlanSet = DomainEvent<
  'InstalmentPlanSet',
  { memberId: string; balanceId: string; instalments: Instalment[] }
>;

/**
 * A payment of `amount` cents (> 0) on the subscription `balanceId` received on `date`. It raises the posting's
 * `payment` (rueckpfleinzahlung) by `amount`. `reference`: the bank's remittance text or the cash receipt's number;
 * `collectionId`: the direct-debit collection that drew it; `statementId`: the bank statement it was matched from.
 */
export type SharePaymentReceived = DomainEvent<
  'SharePaymentReceived',
  {
    memberId: string;
    balanceId: string;
    paymentId: string;
    date: string;
    amount: number;
    method: SharePaymentMethod;
    reference: string | null;
    collectionId: string | null;
    statementId: string | null;
  }
>;

/**
 * The payment `paymentId` came back on `date` (a returned direct debit, Rücklastschrift): the posting's `payment` falls
 * by its amount again and the amount is due again. `reason`: the bank's return reason code (ISO 20022, e.g. `AC04`,
 * `MD06`) or null.
 */
export type SharePaymentReturned = DomainEvent<
  'SharePaymentReturned',
  { memberId: string; balanceId: string; paymentId: string; date: string; amount: number; reason: string | null }
>;

/** Whether a mandate allows one collection (`oneOff`, SEPA OOFF) or many (`recurring`, SEPA FRST then RCUR). */
export const MANDATE_KINDS = ['recurring', 'oneOff'] as const;
export type MandateKind = (typeof MANDATE_KINDS)[number];

/**
 * The member signed a SEPA core direct-debit mandate on `signedOn`, reference `reference` (the mandate id of the
 * pain.008 file, max. 35 characters of the SEPA character set, unique in the cooperative). The debtor account is the
 * member's bank account (master data) at collection time.
 */
export type DirectDebitMandateGranted = DomainEvent<
  'DirectDebitMandateGranted',
  { memberId: string; mandateId: string; reference: string; signedOn: string; kind: MandateKind }
>;

/** The mandate `mandateId` was revoked (or expired) on `date`; no collection uses it after that. */
export type DirectDebitMandateRevoked = DomainEvent<
  'DirectDebitMandateRevoked',
  { memberId: string; mandateId: string; date: string }
>;

/** First, second and last reminder. */
export const REMINDER_LEVELS = [1, 2, 3] as const;
export type ReminderLevel = (typeof REMINDER_LEVELS)[number];

/** One subscription of a reminder: `amount` cents of it overdue since `dueSince`; `date` and `quantity` as posted. */
export interface RemindedSubscription {
  readonly balanceId: string;
  readonly date: string;
  readonly quantity: number;
  readonly amount: number;
  readonly dueSince: string;
}

/**
 * A reminder of `level` was sent on `date` for `amount` cents overdue since `dueSince` on the subscriptions
 * `balanceIds`; `letterId` names the PDF letter in the file store. `subscriptions` (issue 45, reminders; optional so
 * that the contract stays as first agreed): the part of each reminded subscription, in the order of `balanceIds`, from
 * which the letter is rendered again (payment-reminders: `letterId` is then the sending's run id).
 */
export type PaymentReminderSent = DomainEvent<
  'PaymentReminderSent',
  {
    memberId: string;
    reminderId: string;
    level: ReminderLevel;
    date: string;
    dueSince: string;
    amount: number;
    balanceIds: string[];
    letterId: string | null;
    subscriptions?: RemindedSubscription[];
  }
>;

export type SharePaymentMemberEvent =
  | InstalmentPlanSet
  | SharePaymentReceived
  | SharePaymentReturned
  | DirectDebitMandateGranted
  | DirectDebitMandateRevoked
  | PaymentReminderSent;

/** The statutes' word on instalments (§ 7 Nr. 1 GenG): whether allowed, at most how many, how many months apart, and the least first payment. */
export interface InstalmentTerms {
  readonly allowed: boolean;
  readonly maxCount: number;
  readonly rhythmMonths: number;
  /** The least first instalment in cents per share (§ 7 Nr. 1 GenG: at least a tenth of the share, as the statutes say). */
  readonly minFirstPerShare: number;
}

/**
 * On `payment-terms-<cooperativeId>`: the cooperative's payment terms. `reminderAfterDays`: a payment is reminded this
 * many days after it fell due; `creditDividendUntilPaid`: the dividend of a member whose shares are not fully paid is
 * credited to the Geschäftsguthaben (§ 19 (1) GenG, the default) unless the statutes say otherwise (false);
 * `creditorId`: the SEPA creditor identifier (Gläubiger-ID, e.g. `DE98ZZZ09999999999`) for direct debits, or null.
 */
export type PaymentTermsSet = DomainEvent<
  'PaymentTermsSet',
  {
    cooperativeId: string;
    instalments: InstalmentTerms;
    reminderAfterDays: number;
    creditDividendUntilPaid: boolean;
    creditorId: string | null;
  }
>;

export const paymentTermsStream = (cooperativeId: string): string => `payment-terms-${cooperativeId}`;

/** What a cooperative without terms of its own follows: no instalments, reminders 14 days after due, credit until paid (§ 19 (1) GenG). */
export const DEFAULT_PAYMENT_TERMS: Omit<PaymentTermsSet['data'], 'cooperativeId'> = {
  instalments: { allowed: false, maxCount: 1, rhythmMonths: 1, minFirstPerShare: 0 },
  reminderAfterDays: 14,
  creditDividendUntilPaid: true,
  creditorId: null,
};

/** SEPA sequence type of one collection (pain.008 `SeqTp`). */
export type DirectDebitSequence = 'FRST' | 'RCUR' | 'OOFF';

/** One debit of a collection: `amount` cents from `memberId` on the subscription `balanceId` under `mandateId`. */
export interface DirectDebitItem {
  readonly memberId: string;
  readonly balanceId: string;
  readonly mandateId: string;
  readonly paymentId: string;
  readonly amount: number;
  readonly sequence: DirectDebitSequence;
}

/**
 * On `direct-debit-<collectionId>`: a pain.008.001.08 file of `items` to be collected on `collectionDate` was made on
 * `createdOn` (its message id `messageId`, its file `fileId` in the file store). Each item is booked on the member's
 * stream as a `SharePaymentReceived` (method `directDebit`, the same `paymentId` and `collectionId`).
 */
export type DirectDebitCollectionCreated = DomainEvent<
  'DirectDebitCollectionCreated',
  {
    collectionId: string;
    cooperativeId: string;
    collectionDate: string;
    createdOn: string;
    messageId: string;
    fileId: string;
    items: DirectDebitItem[];
    totalCents: number;
  }
>;

export const directDebitStream = (collectionId: string): string => `direct-debit-${collectionId}`;

/**
 * A debit of a collection that its booking found above what was still owed on its subscription (decision 270): the
 * file asks `amount` cents, `booked` of them were booked as the `SharePaymentReceived` of `paymentId` (none when 0),
 * `excess` = `amount - booked` was not. `reason`: `subscriptionAnnulled` (the subscription was annulled) or
 * `aboveOutstanding` (a payment, a transfer passing its unpaid part on or a partial termination releasing it lowered
 * what was owed after the file was made).
 */
export interface DebitAboveOutstanding {
  readonly memberId: string;
  readonly memberNr: number | null;
  readonly balanceId: string;
  readonly paymentId: string;
  readonly amount: number;
  readonly booked: number;
  readonly excess: number;
  readonly reason: DebitAboveOutstandingReason;
}

export const DEBIT_ABOVE_OUTSTANDING_REASONS = ['subscriptionAnnulled', 'aboveOutstanding'] as const;
export type DebitAboveOutstandingReason = (typeof DEBIT_ABOVE_OUTSTANDING_REASONS)[number];

/**
 * On `direct-debit-<collectionId>`: debits of the collection the bank collects above what their members owed when they
 * were booked (decision 270), appended with the members' payments of the same chunk. The excess is the member's money:
 * the clerk refunds it (or the bank returns the debit); it is never booked on the shares.
 */
export type DirectDebitsAboveOutstanding = DomainEvent<
  'DirectDebitsAboveOutstanding',
  { collectionId: string; cooperativeId: string; items: DebitAboveOutstanding[] }
>;

/**
 * On `direct-debit-collections-<cooperativeId>`: the cooperative's collections in the order they were made, each
 * appended in one atomic write with its `DirectDebitCollectionCreated` at the revision read before its dues were read.
 * Two collections made at the same moment, in one API process or in two, can so never both be written from the same
 * dues: the later one's write is refused, and it reads the dues again (decision 235).
 */
export type DirectDebitCollectionOrdered = DomainEvent<
  'DirectDebitCollectionOrdered',
  { cooperativeId: string; collectionId: string }
>;

export const directDebitCollectionsStream = (cooperativeId: string): string =>
  `direct-debit-collections-${cooperativeId}`;

/**
 * One subscription as the payment areas read it (the projection `share_dues`, one document per type 0/1/4 posting that
 * is not annulled; id = the posting's balance id). `passedOn`: the unpaid part of shares transferred from it, owed by
 * their receiver now (decision 265); `released`: the unpaid part of its shares terminated (2), owed by nobody (decision
 * 267). `outstanding = amount - passedOn - released - paid`; `dueSince` is the due date of the oldest
 * instalment not fully covered by `paid` (null when nothing is outstanding); `reminderLevel` the highest reminder sent
 * since the last payment (0 none). `owedUntil`: the day from which nothing of it is owed, the effective date of the
 * member's whole end (6, 7, 8; § 73 (2) GenG, decision 269), `OWED_WITHOUT_END` while no end is recorded; every reader
 * of what is owed takes only a due whose `owedUntil` lies after its day.
 */
export interface ShareDueView {
  readonly id: string;
  readonly cooperativeId: string;
  readonly member: string;
  readonly memberNr: number | null;
  readonly memberName: string;
  readonly type: number;
  readonly date: string;
  readonly quantity: number;
  readonly amount: number;
  readonly paid: number;
  readonly passedOn: number;
  readonly released: number;
  readonly outstanding: number;
  readonly dueSince: string | null;
  readonly instalments: readonly (Instalment & { readonly paid: number })[];
  readonly reminderLevel: number;
  readonly owedUntil: string;
}

/** A due's `owedUntil` while the member has no end recorded: a day no business date reaches. */
export const OWED_WITHOUT_END = '9999-12-31';
