import { IsIn, Max, Min, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { isIsoDate } from '../business-date.js';
import { DateInRange, IsBusinessDate, MaxText, Satisfies, isBlankValue, rule, ruleNamingValue } from './rules.js';
import { AMOUNT_MAX_CENTS, SHARES_MAX, TEXT_MAX } from '../limits.js';
import { ConfirmsWarnings } from './confirmation.js';

/*
 * The share ledger's request bodies (docs/api.md "balances (postings)", "shares"): the shape of each field by posting
 * type. What needs the member's account, the cooperative's terms or the annulled posting stays in the ledger decider
 * and the handler. `POST /balances` is the hot path (about 1,000 postings/s): the rules are plain functions, no
 * nested classes.
 */

/** The posting types a client may send: 0 comes only with the admission, 4 only as the other half of a transfer. */
export const ENTERABLE_POSTING_TYPES = [1, 2, 3, 5, 6, 7, 8] as const;
export type EnterablePostingType = (typeof ENTERABLE_POSTING_TYPES)[number];

/** Optional text: a number is read as its digits, anything else that is not a string as null (kept untrimmed). */
const asOptionalText = ({ value }: { value: unknown }): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** A whole number: empty reads as null, numeric text as the number, anything else that is no number as NaN. */
const asOptionalInteger = ({ value }: { value: unknown }): number | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
};

/** A date as sent, trimmed (a number read as its digits, so that the rules name it); absent stays null. */
const asDayText = ({ value }: { value: unknown }): string | null =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** Optional text trimmed; empty (or anything but text) reads as null. */
const asOptionalDate = ({ value }: { value: unknown }): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The types that take effect at the end of a financial year and carry a notice date (issue 22). */
export const NOTICE_TYPES: readonly unknown[] = [2, 6, 7, 8];

const isEnterable = (type: unknown): boolean => (ENTERABLE_POSTING_TYPES as readonly unknown[]).includes(type);
const filled = (v: unknown): boolean => !isBlankValue(v);
const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Every field but `type` is checked only once the type is one a client may send (else only the type is answered). */
const forEnterableType = ValidateIf((o: PostingRequest) => isEnterable(o.type));
/** Member and the three dates are checked for every type but an annulation (5). */
const unlessAnnulation = ValidateIf((o: PostingRequest) => isEnterable(o.type) && o.type !== 5);

/**
 * `POST /balances`: a posting of `type` on `member` (1 additional shares, 2 withdrawal, 3 transfer to `transferTo`,
 * 5 annulation of `annulPeer`, 6 death, 7 exclusion, 8 exit). An annulation names no member (optional) and its dates
 * are optional, each a real date when given (its date is checked against the original's by the decider). The demo and
 * the import read their annulations' dates with this class too (members/member-stream.decider.ts; decision 242).
 */
export class PostingRequest {
  @Transform(asOptionalInteger)
  @Satisfies('isSent', (v) => v !== null && v !== undefined, rule('mustNotBeEmpty'))
  @IsIn(ENTERABLE_POSTING_TYPES, ruleNamingValue('invalidChoice'))
  type!: EnterablePostingType;

  /** The member's id; for an annulation optional (the annulled posting names it). */
  @Transform(asOptionalText)
  @unlessAnnulation
  @Satisfies('isFilled', filled, rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.id)
  member: string | null = null;

  /** Required but for an annulation (5), whose date is optional (empty: today; decision 242). */
  @Transform(asDayText)
  @ValidateIf((o: PostingRequest) => isEnterable(o.type) && (o.type !== 5 || filled(o.date)))
  @Satisfies('isSent', filled, rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.code)
  @Satisfies('isBusinessDate', (v) => typeof v === 'string' && isIsoDate(v), ruleNamingValue('invalidDate'))
  @DateInRange()
  date: string | null = null;

  /** Required but for an annulation (5), whose approval date is optional. */
  @Transform(asDayText)
  @ValidateIf((o: PostingRequest) => isEnterable(o.type) && (o.type !== 5 || filled(o.approvalDate)))
  @Satisfies('isSent', filled, rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.code)
  @Satisfies('isBusinessDate', (v) => typeof v === 'string' && isIsoDate(v), ruleNamingValue('invalidDate'))
  @DateInRange()
  approvalDate: string | null = null;

  /** Empty: the cooperative's interest-begin rule applied to the posting's date (the handler fills it); an annulation's: none. */
  @Transform(asDayText)
  @ValidateIf((o: PostingRequest) => isEnterable(o.type) && filled(o.interestBegin))
  @MaxText(TEXT_MAX.code)
  @Satisfies('isBusinessDate', (v) => typeof v === 'string' && isIsoDate(v), ruleNamingValue('invalidDate'))
  @DateInRange()
  interestBegin: string | null = null;

  /** Shares, a whole number of at least 1, for types 1, 2 and 3 (the exits take the whole holding). */
  @Transform(asOptionalInteger)
  @ValidateIf((o: PostingRequest) => o.type === 1 || o.type === 2 || o.type === 3)
  @Satisfies('isSent', (v) => v !== null && v !== undefined, rule('mustNotBeEmpty'))
  @Satisfies(
    'isWholeAtLeastOne',
    (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1,
    rule('invalidNumber'),
  )
  @Max(SHARES_MAX, rule('mustBeAtMost', String(SHARES_MAX)))
  quantity: number | null = null;

  /**
   * Additional shares (1) paid in part (issue 45): the cents paid with the posting (0 to its amount, the decider's
   * rule); empty: paid in full. Empty for every other type.
   */
  @Transform(asOptionalInteger)
  @ValidateIf((o: PostingRequest) => isEnterable(o.type) && o.paid !== null)
  @Satisfies('isEmptyUnlessSubscription', (v, o) => v === null || o.type === 1, rule('mustBeEmpty'))
  @Satisfies('isSafeInteger', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0, rule('invalidNumber'))
  @Max(AMOUNT_MAX_CENTS, rule('mustBeAtMost', String(AMOUNT_MAX_CENTS)))
  paid: number | null = null;

  /** The target member of a transfer (3); empty for every other type. */
  @Transform(asOptionalText)
  @forEnterableType
  @Satisfies('isTransferTarget', (v, o) => o.type !== 3 || filled(v), rule('selectTarget'))
  @Satisfies('isOtherMember', (v, o) => o.type !== 3 || trimmed(v) !== trimmed(o.member), rule('canNotTransferToSelf'))
  @Satisfies('isEmptyUnlessTransfer', (v, o) => o.type === 3 || !filled(v), rule('mustBeEmpty'))
  @MaxText(TEXT_MAX.id)
  transferTo: string | null = null;

  /**
   * Partial termination (2), exit (8): the day notice was given; exclusion (7): the day the board decided; death (6):
   * the day of death or of a legal entity's dissolution. The posting is dated on the effective date the ledger computes
   * (the end of a financial year, membership-end.ts), and `date` is then not read. Empty: `date` is the notice date.
   */
  @Transform(asOptionalDate)
  @forEnterableType
  @Satisfies('isEmptyUnlessNotice', (v, o) => v === null || NOTICE_TYPES.includes(o.type), rule('mustBeEmpty'))
  @Satisfies(
    'isBusinessDate',
    (v) => v === null || (typeof v === 'string' && isIsoDate(v)),
    ruleNamingValue('invalidDate'),
  )
  @DateInRange()
  noticeDate: string | null = null;

  /** Exclusion (7): the day the registered letter with the decision was sent; optional, not before the decision. */
  @Transform(asOptionalDate)
  @forEnterableType
  @Satisfies('isEmptyUnlessExclusion', (v, o) => v === null || o.type === 7, rule('mustBeEmpty'))
  @Satisfies(
    'isBusinessDate',
    (v) => v === null || (typeof v === 'string' && isIsoDate(v)),
    ruleNamingValue('invalidDate'),
  )
  @DateInRange()
  dispatchDate: string | null = null;

  /** Exit (8): the reason of an extraordinary notice (§ 65 (3) GenG); filled, the notice runs three months. */
  @Transform(asOptionalDate)
  @forEnterableType
  @Satisfies('isEmptyUnlessExit', (v, o) => v === null || o.type === 8, rule('mustBeEmpty'))
  @MaxText(TEXT_MAX.reason)
  extraordinaryReason: string | null = null;

  /** The posting an annulation (5) reverses; empty for every other type. */
  @Transform(asOptionalText)
  @forEnterableType
  @Satisfies('isAnnulledPosting', (v, o) => o.type !== 5 || filled(v), rule('mustNotBeEmpty'))
  @Satisfies('isEmptyUnlessAnnulation', (v, o) => o.type === 5 || !filled(v), rule('mustBeEmpty'))
  @MaxText(TEXT_MAX.id)
  annulPeer: string | null = null;

  /** True: recorded despite plausibility warnings (else `409 {warnings}`). */
  @ConfirmsWarnings() confirmWarnings: boolean = false;
}

/**
 * `PUT /shares/{id}`: the payment fields of a share register row (a correction event; the row's history is kept).
 * Whether `interestEnd` lies before the row's interest begin is the decider's (`mustBeAtLeast`).
 */
export class ShareCorrection {
  /**
   * The actual payment in euro cents. The limits here are the product's; whether the posting's shares can hold it paid
   * in (from nothing to their nominal amount, with the sign of a posting that takes shares out) is the decider's
   * (`paymentOutsideSharePrice`, § 7 GenG).
   */
  @Transform(asOptionalInteger)
  @Satisfies('isSent', (v) => v !== null && v !== undefined, rule('mustNotBeEmpty'))
  @Satisfies('isSafeInteger', (v) => typeof v === 'number' && Number.isSafeInteger(v), rule('invalidNumber'))
  @Min(-AMOUNT_MAX_CENTS, rule('mustBeAtLeast', String(-AMOUNT_MAX_CENTS)))
  @Max(AMOUNT_MAX_CENTS, rule('mustBeAtMost', String(AMOUNT_MAX_CENTS)))
  rueckpfleinzahlung!: number;

  /** Empty: not set. */
  @Transform(asOptionalDate)
  @ValidateIf((o: ShareCorrection) => o.interestEnd !== null)
  @IsBusinessDate(ruleNamingValue('invalidDate'))
  @DateInRange()
  interestEnd: string | null = null;

  /**
   * The payment in cents as the clerk read the row before changing it (the console sends it). When the register's
   * payment is no longer that (a payment booked meanwhile), the correction is refused `409 shareChangedMeanwhile` rather
   * than overwrite it (decision 296). Empty: not checked.
   */
  @Transform(asOptionalInteger)
  @ValidateIf((o: ShareCorrection) => o.expectedRueckpfleinzahlung !== null)
  @Satisfies('isSafeInteger', (v) => typeof v === 'number' && Number.isSafeInteger(v), rule('invalidNumber'))
  expectedRueckpfleinzahlung: number | null = null;
}
