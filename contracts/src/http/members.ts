import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { ExemptionOrderDto, FieldChange, NonAssessmentDto } from './tax-papers.js';
import { IsBusinessDate, ListOf, NestedOf } from './rules.js';
import { SettlementDto } from './settlements.js';
import {
  HistoryInstalmentPlan,
  HistoryMandate,
  HistoryPayment,
  HistoryPaymentReturn,
} from './member-history-payments.js';

/*
 * The answers of members and the share ledger (docs/api.md "Members and the share register"), as classes the OpenAPI
 * document describes; their request bodies are in member-requests.ts and postings.ts. `@IsOptional()` on an answer
 * field means "may be null".
 */

export const MEMBER_TYPES = [0, 1, 2, 3] as const;
export const POSTING_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export const EXIT_REASONS = ['death', 'exclusion', 'exit', 'dissolution'] as const;

/** A member as the API answers it. Money in euro cents, dates `YYYY-MM-DD`. */
export class MemberDto {
  @IsString() readonly id!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  /** 0 founder, 1 joiner, 2 GDPR removed, 3 investor. */
  @IsOptional() @IsIn(MEMBER_TYPES) readonly memberType!: number | null;
  @IsOptional() @IsIn([0, 1, 2, 3]) readonly position!: number | null;
  @IsOptional() @IsIn(['Frau', 'Herr']) readonly salutation!: string | null;
  @IsOptional() @IsIn(['female', 'femaleDr', 'male', 'maleDr', 'company']) readonly postalSalutation!: string | null;
  @IsOptional() @IsIn(['Dr', 'Prof', 'none']) readonly title!: string | null;
  @IsOptional() @IsString() readonly givenName!: string | null;
  @IsOptional() @IsString() readonly name!: string | null;
  @IsOptional() @IsString() readonly birthName!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly birthDate!: string | null;
  /** 0 natural person, 1 legal entity. */
  @IsOptional() @IsIn([0, 1]) readonly legalForm!: number | null;
  @IsOptional() @IsIn([0, 1, 2, 3]) readonly civilStatus!: number | null;
  /** A member id. */
  @IsOptional() @IsString() readonly spouse!: string | null;
  @IsOptional() @IsString() readonly spouseGivenName!: string | null;
  @IsOptional() @IsString() readonly spouseName!: string | null;
  @IsOptional() @IsString() readonly spouseBirthName!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly spouseBirthDate!: string | null;
  @IsOptional() @IsIn(['Dr', 'Prof', 'none']) readonly spouseTitle!: string | null;
  /** The spouse's Steuer-IdNr (joint exemption orders). */
  @IsOptional() @IsString() readonly spouseTaxId!: string | null;
  @IsOptional() @IsString() readonly street!: string | null;
  @IsOptional() @IsString() readonly streetHomeNumber!: string | null;
  @IsOptional() @IsString() readonly zipCode!: string | null;
  @IsOptional() @IsString() readonly city!: string | null;
  /** One of the 16 lower-case codes; null when `isForeign`. */
  @IsOptional() @IsString() readonly state!: string | null;
  /** ISO alpha-2 in capitals; null unless `isForeign`. */
  @IsOptional() @IsString() readonly country!: string | null;
  @IsBoolean() readonly isForeign!: boolean;
  @IsBoolean() readonly underage!: boolean;
  @IsOptional() @IsString() readonly legalRepresentation!: string | null;
  @IsOptional() @IsString() readonly privateEmail!: string | null;
  @IsOptional() @IsString() readonly privateTelephone!: string | null;
  @IsOptional() @IsString() readonly bankname!: string | null;
  /** The account holder when not the member (joint account, a guardian's account); null: the member's name. */
  @IsOptional() @IsString() readonly accountHolder!: string | null;
  @IsOptional() @IsString() readonly iban!: string | null;
  @IsOptional() @IsString() readonly bic!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly entryDate!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly exitDate!: string | null;
  @IsOptional() @IsIn(EXIT_REASONS) readonly exitReason!: string | null;
  @IsBoolean() readonly exited!: boolean;
  /**
   * The exit is recorded but takes effect later (`exitDate`, the end of a financial year, after today or `?date=`):
   * the member still holds the shares (issue 22). A deceased member (`exitReason` death) is then "deceased, heirs".
   */
  @IsBoolean() readonly exitPending!: boolean;
  /** The day the notice was given, the exclusion decided, the member died or was dissolved; null for an exit recorded before issue 22. */
  @IsOptional() @IsBusinessDate({}) readonly exitNoticeDate!: string | null;
  /** Exclusion: the day the registered letter was sent. */
  @IsOptional() @IsBusinessDate({}) readonly exitDispatchDate!: string | null;
  /** Extraordinary notice (§ 65 (3) GenG): its reason. */
  @IsOptional() @IsString() readonly exitExtraordinaryReason!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly approvalDate!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly interestBegin!: string | null;
  @IsOptional() @IsString() readonly taxId!: string | null;
  @IsOptional() @IsString() readonly manualTaxId!: string | null;
  @IsOptional() @IsString() readonly churchId!: string | null;
  /** A decimal string (`"9"`, `"8.5"`). */
  @IsOptional() @IsString() readonly churchTaxRate!: string | null;
  @IsOptional() @IsString() readonly kiSt!: string | null;
  /** A decimal string. */
  @IsOptional() @IsString() readonly kiStSatz!: string | null;
  /** Shares held. */
  @IsInt() readonly shareAmount!: number;
  /** Cents paid in for them. */
  @IsInt() readonly shareTotalEUR!: number;
  @IsString() readonly cooperative!: string;
  /** Held from the data-protection clean-up (issue 27): never erased while set. */
  @IsBoolean() readonly retentionHold!: boolean;
  /** Why it is held, and since when (UTC timestamp); null when not held. */
  @IsOptional() @IsString() readonly retentionHoldReason!: string | null;
  @IsOptional() @IsString() readonly retentionHoldSince!: string | null;
  /** The master data as answered, as a tag: sent back with `PUT`, a change made meanwhile is refused (409 `memberChangedMeanwhile`). */
  @IsString() readonly masterTag!: string;
}

/** A posting (balance) as the API answers it. */
export class BalanceDto {
  @IsString() readonly id!: string;
  @IsString() readonly member!: string;
  @IsString() readonly memberName!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  /** 0–8 as SPEC.md. */
  @IsIn(POSTING_TYPES) readonly type!: number;
  @IsInt() readonly quantity!: number;
  /** Cents. */
  @IsInt() readonly amount!: number;
  @IsOptional() @IsInt() readonly shareCost!: number | null;
  @IsBusinessDate({}) readonly date!: string;
  @IsOptional() @IsBusinessDate({}) readonly approvalDate!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly interestBegin!: string | null;
  @IsOptional() @IsString() readonly transferTo!: string | null;
  @IsOptional() @IsString() readonly transferFrom!: string | null;
  @IsOptional() @IsString() readonly transferPeer!: string | null;
  @IsOptional() @IsInt() readonly transferMemberNr!: number | null;
  @IsOptional() @IsString() readonly annulPeer!: string | null;
  @IsBoolean() readonly annulated!: boolean;
  @IsString() readonly cooperative!: string;
}

/**
 * One state of a share register row. `effectiveDate`: the business day from which this version's change of the payment
 * (its `rueckpfleinzahlung` less the version's before) counts: the posting's date for the payment it was posted with
 * and for a register correction, the payment's date for a payment on shares, the return's date for a returned one
 * (issue 45; the movement report's paid column, decision 232).
 */
export class ShareVersion {
  @IsIn(['insert', 'update']) readonly cdcAction!: string;
  @IsString() readonly cdcUser!: string;
  @IsString() readonly cdcTimestamp!: string;
  @IsInt() readonly rueckpfleinzahlung!: number;
  @IsOptional() @IsBusinessDate({}) readonly interestEnd!: string | null;
  @IsBusinessDate({}) readonly effectiveDate!: string;
}

/** A row of the share register (one per posting). */
export class ShareDto {
  @IsString() readonly id!: string;
  @IsString() readonly member!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  /** The member's current name ("Name, GivenName"; a legal entity: its name). */
  @IsString() readonly memberName!: string;
  @IsIn(POSTING_TYPES) readonly process!: number;
  @IsInt() readonly shareAmount!: number;
  @IsInt() readonly rueckpfleinzahlung!: number;
  @IsOptional() @IsBusinessDate({}) readonly admissionDate!: string | null;
  @IsBusinessDate({}) readonly date!: string;
  @IsOptional() @IsBusinessDate({}) readonly interestBegin!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly interestEnd!: string | null;
  @IsString() readonly cdcUser!: string;
  @IsIn(['insert', 'update']) readonly cdcAction!: string;
  @IsString() readonly cdcTimestamp!: string;
  @ListOf(() => ShareVersion) readonly versions!: readonly ShareVersion[];
  @IsString() readonly cooperative!: string;
}

export class DashboardDto {
  @IsInt() readonly memberCount!: number;
  @IsInt() readonly memberExitCount!: number;
  /** Cents. */
  @IsInt() readonly balanceSum!: number;
  /** Settlements with those who left (issue 42) whose end has come and that are not paid yet. */
  @IsInt() readonly settlementsDue!: number;
  /** Of those, the ones past the payout period (§ 73 (2) GenG: a legal deadline). */
  @IsInt() readonly settlementsOverdue!: number;
}

/** A member's dividend of one closed year (member dashboard, member history). Cents. */
export class MemberDividendDto {
  @IsString() readonly dividendId!: string;
  @IsInt() readonly year!: number;
  @IsBusinessDate({}) readonly paymentDate!: string;
  /** Gross dividend. */
  @IsInt() readonly amount!: number;
  /** Exempted by an exemption order or a non-assessment certificate. */
  @IsInt() readonly exemptions!: number;
  @IsInt() readonly dividendTax!: number;
  @IsInt() readonly solidarityTax!: number;
  @IsInt() readonly churchTax!: number;
  /** Net payout. */
  @IsInt() readonly paymentAmount!: number;
}

export class MemberDashboardDto {
  @IsString() readonly addressId!: string;
  @ListOf(() => BalanceDto) readonly balance!: readonly BalanceDto[];
  /** The member's exemption orders, by start date ascending. */
  @ListOf(() => ExemptionOrderDto) readonly exemptionOrder!: readonly ExemptionOrderDto[];
  /** The member's non-assessment certificates, by start date ascending. */
  @ListOf(() => NonAssessmentDto) readonly nonAssessment!: readonly NonAssessmentDto[];
  @IsInt() readonly sumBalance!: number;
  /** The member's dividends of closed years, by year descending (the read model `dividend_members`). */
  @ListOf(() => MemberDividendDto) readonly dividends!: readonly MemberDividendDto[];
  /** The member's ends and their settlements, due or paid (issue 42), by end date. */
  @ListOf(() => SettlementDto) readonly settlements!: readonly SettlementDto[];
}

/** The posting of a `SharesPosted` or `PostingAnnulled` history entry. */
export class HistoryPosting {
  @IsString() readonly balanceId!: string;
  @IsIn(POSTING_TYPES) readonly type!: number;
  @IsInt() readonly quantity!: number;
  @IsInt() readonly amount!: number;
  @IsBusinessDate({}) readonly date!: string;
  @IsOptional() @IsBusinessDate({}) readonly approvalDate!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly interestBegin!: string | null;
  @IsOptional() @IsString() readonly transferTo!: string | null;
  @IsOptional() @IsString() readonly transferFrom!: string | null;
  @IsOptional() @IsString() readonly transferPeer!: string | null;
  @IsOptional() @IsString() readonly annulPeer!: string | null;
  /**
   * The Geschäftsguthaben (the register's payment) the posting moved, signed like `amount`, only where it differs from
   * the nominal amount (issue 45): a subscription paid in part, shares not paid in full transferred (3, 4; decision 265)
   * or leaving (2, 6, 7, 8; decisions 234, 267), the annulation of such a posting. Absent: the whole amount moved.
   */
  @IsOptional() @IsInt() readonly paid?: number;
  /** Cents of the unpaid price passed on to the receiver with a transfer (3), or owed again on its annulation (5). */
  @IsOptional() @IsInt() readonly passedOn?: number;
  /** Cents of the unpaid price released by a partial termination (2), or owed again on its annulation (5). */
  @IsOptional() @IsInt() readonly released?: number;
}

/** The exit of a `MemberExited` history entry. */
export class HistoryExit {
  @IsBusinessDate({}) readonly exitDate!: string;
  @IsIn(EXIT_REASONS) readonly reason!: string;
  @IsString() readonly balanceId!: string;
}

/** The notice of a `MembershipEndNoticed` history entry, or its withdrawal (`MembershipEndWithdrawn`: balanceId and withdrawnOn only). */
export class HistoryNotice {
  @IsString() readonly balanceId!: string;
  @IsOptional() @IsIn(EXIT_REASONS) readonly reason?: string;
  @IsOptional() @IsBusinessDate({}) readonly noticeDate?: string;
  @IsOptional() @IsBusinessDate({}) readonly effectiveDate?: string;
  @IsOptional() @IsBusinessDate({}) readonly dispatchDate?: string | null;
  @IsOptional() @IsString() readonly extraordinaryReason?: string | null;
  @IsOptional() @IsBusinessDate({}) readonly withdrawnOn?: string;
}

/** The correction of a `SharePaymentCorrected` history entry. */
export class HistoryCorrection {
  @IsString() readonly balanceId!: string;
  @IsInt() readonly rueckpfleinzahlung!: number;
  @IsOptional() @IsBusinessDate({}) readonly interestEnd!: string | null;
}

/**
 * The dividend of a `DividendMemberPaid` history entry: what the member was paid in one closure, with its taxes and
 * the exemption order's allowance consumed (cents; issue 23). Dated on the payment date.
 */
export class HistoryDividend {
  @IsString() readonly dividendId!: string;
  /** The financial year the dividend is for. */
  @IsInt() readonly year!: number;
  @IsBusinessDate({}) readonly paymentDate!: string;
  /** Gross dividend. */
  @IsInt() readonly amount!: number;
  /** Exempted by an exemption order or a non-assessment certificate. */
  @IsInt() readonly exemptions!: number;
  /** The exemption order's volume for the payment year and how much of it was used before and after (null without an order). */
  @IsOptional() @IsInt() readonly allowanceVolume!: number | null;
  @IsOptional() @IsInt() readonly allowanceBefore!: number | null;
  @IsOptional() @IsInt() readonly allowanceAfter!: number | null;
  /** KapESt. */
  @IsInt() readonly dividendTax!: number;
  @IsInt() readonly solidarityTax!: number;
  @IsInt() readonly churchTax!: number;
  /** Net payout. */
  @IsInt() readonly paymentAmount!: number;
}

/** The hold flag of a history entry (issue 27); the reason reads null once the member is erased. */
export class HistoryRetentionHold {
  @IsBoolean() readonly held!: boolean;
  @IsOptional() @IsString() readonly reason!: string | null;
}

/** A payment reminder of a `PaymentReminderSent` history entry (issue 45): its level, day, amount (cents) and due date. */
export class HistoryReminder {
  @IsInt() readonly level!: number;
  @IsBusinessDate({}) readonly date!: string;
  @IsInt() readonly amount!: number;
  @IsBusinessDate({}) readonly dueSince!: string;
}

/** One entry of `GET /members/{id}/history`. */
export class MemberHistoryEntry {
  /** Global log position (a bigint as a string). */
  @IsString() readonly position!: string;
  @IsInt() readonly revision!: number;
  @IsString() readonly type!: string;
  @IsString() readonly timestamp!: string;
  @IsString() readonly user!: string;
  /** MemberAdmitted. */
  @IsOptional() @IsInt() readonly memberNr?: number;
  /** MemberAdmitted (from null), MemberDataChanged. */
  @IsOptional() @ListOf(() => FieldChange) readonly changes?: readonly FieldChange[];
  /** SharesPosted, PostingAnnulled. */
  @IsOptional() @NestedOf(() => HistoryPosting) readonly posting?: HistoryPosting;
  /** MemberExited; MemberExitRevoked has exit: null. */
  @IsOptional() @NestedOf(() => HistoryExit) readonly exit?: HistoryExit | null;
  /** SharePaymentCorrected. */
  @IsOptional() @NestedOf(() => HistoryCorrection) readonly correction?: HistoryCorrection;
  /** MembershipEndNoticed, MembershipEndWithdrawn. */
  @IsOptional() @NestedOf(() => HistoryNotice) readonly notice?: HistoryNotice;
  /**
   * DividendMemberPaid (issue 23): the member's dividend of one closure. Such an entry stands at its closure's place
   * in the log (`position`); `revision` is that of the member's stream it follows, `timestamp` and `user` the closure's,
   * and the holding after it is the holding before (a dividend is paid out, not credited).
   */
  @IsOptional() @NestedOf(() => HistoryDividend) readonly dividend?: HistoryDividend;
  /** MemberRetentionHoldSet (held), MemberRetentionHoldCleared (not held), with the reason (issue 27). */
  @IsOptional() @NestedOf(() => HistoryRetentionHold) readonly hold?: HistoryRetentionHold;
  /** PaymentReminderSent (issue 45). */
  @IsOptional() @NestedOf(() => HistoryReminder) readonly reminder?: HistoryReminder;
  /** SharePaymentReceived (issue 45). */
  @IsOptional() @NestedOf(() => HistoryPayment) readonly payment?: HistoryPayment;
  /** SharePaymentReturned (a returned direct debit). */
  @IsOptional() @NestedOf(() => HistoryPaymentReturn) readonly paymentReturn?: HistoryPaymentReturn;
  /** InstalmentPlanSet. */
  @IsOptional() @NestedOf(() => HistoryInstalmentPlan) readonly instalmentPlan?: HistoryInstalmentPlan;
  /** DirectDebitMandateGranted, DirectDebitMandateRevoked. */
  @IsOptional() @NestedOf(() => HistoryMandate) readonly mandate?: HistoryMandate;
  @IsInt() readonly shareAmountAfter!: number;
  @IsInt() readonly shareTotalAfter!: number;
}
