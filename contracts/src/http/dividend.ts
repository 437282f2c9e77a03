import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { AsText, DateInRange, IsFilled, MaxText, Satisfies, rule } from './rules.js';
import { AMOUNT_MAX_CENTS, BUSINESS_DATE_MAX, TEXT_MAX } from '../limits.js';
import { isIsoDate } from '../business-date.js';
import { formatEuro } from '../euro-text.js';
import { decimalAtMost, decimalPlaces, isExactDecimal, isPositiveDecimal, readExactDecimal } from '../exact-decimal.js';
import { DAY_COUNTS, DIVIDEND_METHODS, DIVIDEND_TYPES, ROUNDING_MODES, type DividendType } from '../dividend.js';
import { IsBusinessDate, ListOf, NestedOf } from './rules.js';

/*
 * The annual dividend (issue 23; SPEC.md sections 3 "Dividend", "Dividend member", 5, 7). Money in integer euro cents;
 * the return's rows in whole euros where named so; percentages as decimal strings.
 *
 * Requests: `GET /dividend/calc` and `POST /dividend/store` take `year`, `type` (`percent` | `amount`), `amount`
 * (a percentage with up to four decimals, or a total in euros with up to two decimals, `,` or `.`), `decision_date`
 * and `payment_date` (YYYY-MM-DD; empty: today), as the query string (calc) or the JSON body (store).
 */

/** The largest dividend rate (percent of the capital) and total (cents; decision 132): every payout stays a safe integer. */
export const DIVIDEND_PERCENT_MAX = 100;
export const DIVIDEND_TOTAL_MAX_CENTS = AMOUNT_MAX_CENTS;
/** Decimals a percentage and a total in euros may have. */
export const DIVIDEND_PERCENT_DECIMALS = 4;
export const DIVIDEND_TOTAL_DECIMALS = 2;
/** The earliest financial year a dividend is for. */
export const DIVIDEND_YEAR_MIN = 1900;

const isTotal = (body: Record<string, unknown>): boolean => body['type'] === 'amount';

/** Text as sent, trimmed; a number read as its digits, anything else as empty. */
const AsTrimmedText = (): PropertyDecorator => AsText(true);

/** `percent` when left empty. */
const AsDividendType = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    const t = typeof value === 'string' ? value.trim() : '';
    return t === '' ? 'percent' : t;
  });

/**
 * The amount read once into its exact decimal (decision 241: "4,5" -> "4.5"); text that is no decimal, or longer than
 * a code, is kept as sent so that the rules name it.
 */
const AsExactDecimal = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    const t = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    return t.length <= TEXT_MAX.code ? (readExactDecimal(t) ?? t) : t;
  });

/** A business day as sent: trimmed, a date-time cut to its date, anything that is no text empty. */
const AsDay = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    const t = typeof value === 'string' ? value.trim() : '';
    return /^\d{4}-\d{2}-\d{2}T/.test(t) ? t.slice(0, 10) : t;
  });

/** The rules of each field, shared by the calculation's query and the closure's body. */
function year(): PropertyDecorator {
  const last = Number(BUSINESS_DATE_MAX.slice(0, 4));
  return compose(
    AsTrimmedText(),
    IsString(rule('invalidNumber')),
    MaxText(TEXT_MAX.code),
    Satisfies(
      'isDividendYear',
      (v) => typeof v === 'string' && /^\d{4}$/.test(v) && Number(v) >= DIVIDEND_YEAR_MIN && Number(v) <= last,
      rule('invalidNumber'),
    ),
  );
}

function type(): PropertyDecorator {
  return compose(
    AsDividendType(),
    IsString(rule('invalidChoice')),
    MaxText(TEXT_MAX.code),
    IsIn(DIVIDEND_TYPES, rule('invalidChoice')),
  );
}

function amount(): PropertyDecorator {
  const decimal = (v: unknown): v is string => isExactDecimal(v);
  return compose(
    AsExactDecimal(),
    IsString(rule('invalidNumber')),
    MaxText(TEXT_MAX.code),
    Satisfies('isPositiveDecimal', (v) => decimal(v) && isPositiveDecimal(v), rule('invalidNumber')),
    Satisfies(
      'hasDividendDecimals',
      (v, o) => !decimal(v) || decimalPlaces(v) <= (isTotal(o) ? DIVIDEND_TOTAL_DECIMALS : DIVIDEND_PERCENT_DECIMALS),
      rule('invalidNumber'),
    ),
    Satisfies(
      'isDividendPercentAtMost',
      (v, o) => isTotal(o) || !decimal(v) || decimalAtMost(v, BigInt(DIVIDEND_PERCENT_MAX)),
      rule('mustBeAtMost', String(DIVIDEND_PERCENT_MAX)),
    ),
    Satisfies(
      'isDividendTotalAtMost',
      (v, o) => !isTotal(o) || !decimal(v) || decimalAtMost(v, BigInt(DIVIDEND_TOTAL_MAX_CENTS / 100)),
      rule('amountAtMost', formatEuro(DIVIDEND_TOTAL_MAX_CENTS)),
    ),
  );
}

/** A business day; `missing` (the closure): empty is refused with it, else empty reads as today. */
function day(missing?: 'missingDecisionDate' | 'missingPaymentDate'): PropertyDecorator {
  return compose(
    AsDay(),
    IsString(rule('invalidDate')),
    ...(missing ? [IsFilled(rule(missing))] : []),
    MaxText(TEXT_MAX.code),
    Satisfies('isDayOrEmpty', (v) => v === '' || (typeof v === 'string' && isIsoDate(v)), rule('invalidDate')),
    DateInRange(),
  );
}

/** Decorators in the order written (the first written that fails answers: rules.ts). */
function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const decorate of [...decorators].reverse()) decorate(target, property);
  };
}

/**
 * The query of `GET /dividend/calc` (SPEC.md 7), read and checked at the edge: `year` four digits (1900 to the last
 * business year), `type` `percent` (empty) or `amount`, `amount` a positive exact decimal (decision 241) with up to
 * four decimals and at most 100 (a percentage), or up to two decimals and at most the largest amount (a total in
 * euros), the dates `YYYY-MM-DD` in the business range or empty (today).
 */
export class DividendRequest {
  @year() readonly year: string = '';
  @type() readonly type: DividendType = 'percent';
  /** The exact decimal as read ("4.5"): a percentage, or a total in euros. */
  @amount() readonly amount: string = '';
  @day() readonly decision_date: string = '';
  @day() readonly payment_date: string = '';
}

/** The body of `POST /dividend/store`: as the calculation, but the closure refuses empty dates (SPEC.md 5). */
export class DividendClosureRequest {
  @year() readonly year: string = '';
  @type() readonly type: DividendType = 'percent';
  @amount() readonly amount: string = '';
  @day('missingDecisionDate') readonly decision_date: string = '';
  @day('missingPaymentDate') readonly payment_date: string = '';
}

/** The dividend settings recorded on a closure (DOMAIN.md 12a). */
export class DividendSettingsDto {
  @IsIn(DIVIDEND_METHODS) readonly dividendMethod!: string;
  @IsIn(DAY_COUNTS) readonly dayCount!: string;
  @IsIn(ROUNDING_MODES) readonly dividendRounding!: string;
  @IsIn(ROUNDING_MODES) readonly taxRounding!: string;
  @IsBoolean() readonly raiseOldExemptionOrders!: boolean;
  @IsBoolean() readonly heirsTaxedFromDeath!: boolean;
  @IsBoolean() readonly allowTestTaxIds!: boolean;
}

/**
 * A member's dividend (SPEC.md "Dividend member"). SPEC's `amount`, `dividendAmount` and `dividend` are all the gross
 * dividend; `realAmount` the exact gross before rounding (cents, decimal string); `balances` the holding it rests on.
 */
export class DividendMemberDto {
  /** The member's id. */
  @IsString() readonly member!: string;
  @IsInt() readonly memberNr!: number;
  @IsOptional() @IsString() readonly givenName!: string | null;
  @IsString() readonly name!: string;
  @IsOptional() @IsBusinessDate({}) readonly birthDate!: string | null;
  @IsOptional() @IsString() readonly taxId!: string | null;
  @IsInt() readonly balances!: number;
  @IsString() readonly realAmount!: string;
  @IsInt() readonly amount!: number;
  @IsInt() readonly dividendAmount!: number;
  @IsInt() readonly dividend!: number;
  /** Exempted by an exemption order or a non-assessment certificate. */
  @IsInt() readonly exemptions!: number;
  /** The taxable base. */
  @IsInt() readonly taxRelevantAmount!: number;
  /** The gross the tax certificate names (= amount). */
  @IsInt() readonly taxDividendAmount!: number;
  /** KapESt. */
  @IsInt() readonly dividendTax!: number;
  @IsInt() readonly solidarityTax!: number;
  @IsInt() readonly churchTax!: number;
  /** dividendTax + solidarityTax + churchTax. */
  @IsInt() readonly taxes!: number;
  /** The net after the taxes (gross less taxes): what is paid, or credited to the Geschäftsguthaben (issue 45). */
  @IsInt() readonly netAmount!: number;
  /** The part of the net credited to the Geschäftsguthaben while the shares are not fully paid (§ 19 (1) GenG); 0 when none. */
  @IsInt() readonly creditedAmount!: number;
  /** The payout: the net less what was credited (the SEPA transfer). */
  @IsInt() readonly paymentAmount!: number;
  /** The payout (SPEC's `payment`; = paymentAmount). */
  @IsInt() readonly payment!: number;
  @IsOptional() @IsString() readonly churchId!: string | null;
  @IsOptional() @IsString() readonly churchName!: string | null;
  @IsOptional() @IsString() readonly churchRate!: string | null;
  @IsBoolean() readonly isLegalEntity!: boolean;
  @IsBoolean() readonly isForeign!: boolean;
  /** The certificate type applied (100 or 60), else null. */
  @IsOptional() @IsInt() readonly hasNonAssessment!: number | null;
  @IsBoolean() readonly hasExemptionOrder!: boolean;
  /** nv100, nv60, foreign, legalEntity, heirs or standard (DOMAIN.md 2.9). */
  @IsString() readonly basisOfTax!: string;
  /** The order's volume for the payment year, used before and after (cents); null without an order. */
  @IsOptional() @IsInt() readonly allowanceVolume!: number | null;
  @IsOptional() @IsInt() readonly allowanceBefore!: number | null;
  @IsOptional() @IsInt() readonly allowanceAfter!: number | null;
  /** Problems that refuse the closure: `taxIdMissing`, `spouseTaxIdMissing`, `nvTaxIdMissing`. */
  @IsString({ each: true }) readonly problems!: string[];
}

/** A member a refusal of the closure concerns: number and name, as the FSA control report names them (issue 43). */
export class DividendErrorMemberDto {
  @IsString() readonly member!: string;
  @IsInt() readonly memberNr!: number;
  @IsString() readonly name!: string;
  @IsString() readonly givenName!: string;
}

/** A problem that refuses the closure, with the members it concerns (empty when it concerns the cooperative). */
export class DividendErrorDto {
  /** Error code (SPEC.md 7: errors carry a code), e.g. `taxIdMissing`, `missingBankname`. */
  @IsString() readonly code!: string;
  /** The translation template of the message. */
  @IsString() readonly template!: string;
  @IsString({ each: true }) readonly parameters!: string[];
  /** Member ids concerned. */
  @IsString({ each: true }) readonly members!: string[];
  /** The members concerned with number and name, by member number (empty when it concerns the cooperative). */
  @ListOf(() => DividendErrorMemberDto) readonly concerned!: DividendErrorMemberDto[];
}

/** Rows 31 to 34 of the KapESt return (DOMAIN.md 5, 12a.10). */
export class TaxReturnDto {
  @IsInt() readonly row31BaseEuros!: number;
  @IsInt() readonly row31KapestEuros!: number;
  @IsInt() readonly row32BaseEuros!: number;
  @IsInt() readonly row32KapestEuros!: number;
  @IsInt() readonly row33BaseEuros!: number;
  @IsInt() readonly row34SoliCents!: number;
  /** KapESt due: the total in cents truncated once to whole euros. */
  @IsInt() readonly kapestDueEuros!: number;
}

export class ChurchTaxDto {
  @IsString() readonly churchId!: string;
  @IsString() readonly name!: string;
  @IsInt() readonly amount!: number;
}

/**
 * The calculation (`GET /dividend/calc`) and a closure (`GET /dividend/{id}`, the list `GET /dividend`). SPEC's
 * closure fields: `amount` the resolved total (cents; in percent mode Σ gross), `dividend` Σ gross, `percent` with four
 * decimals; `taxAmount` Σ KapESt, `solidaryTaxAmount` Σ Soli, `churchTax` Σ church tax, `taxableAmount` Σ taxable base,
 * `registeredTaxAmount` the KapESt due in whole euros.
 */
/** A closure's state (issue 40): its payouts being written, or whole. */
export const DIVIDEND_STATUSES = ['closing', 'closed'] as const;
export type DividendStatus = (typeof DIVIDEND_STATUSES)[number];

export class DividendDto {
  /** The closure's id; null for a calculation. */
  @IsOptional() @IsString() readonly id!: string | null;
  @IsInt() readonly year!: number;
  @IsIn(DIVIDEND_TYPES) readonly type!: string;
  /** As resolved: the percentage ("4") or the total in cents ("33333"). */
  @IsString() readonly resolved!: string;
  @IsInt() readonly amount!: number;
  @IsInt() readonly dividend!: number;
  @IsString() readonly percent!: string;
  @IsBusinessDate({}) readonly decisionDate!: string;
  @IsBusinessDate({}) readonly paymentDate!: string;
  @IsInt() readonly memberCount!: number;
  @IsInt() readonly exemptions!: number;
  @IsInt() readonly taxableAmount!: number;
  @IsInt() readonly taxAmount!: number;
  @IsInt() readonly solidaryTaxAmount!: number;
  @IsInt() readonly churchTax!: number;
  /** Σ net after the taxes (issue 45: = creditedAmount + paymentAmount). */
  @IsInt() readonly netAmount!: number;
  /** Σ credited to the Geschäftsguthaben (§ 19 (1) GenG; a calculation previews it, the closure decides it). */
  @IsInt() readonly creditedAmount!: number;
  /** Σ paid out (the SEPA file's control sum). */
  @IsInt() readonly paymentAmount!: number;
  @IsInt() readonly registeredTaxAmount!: number;
  /** Total-amount mode: what stays undistributed (cents). */
  @IsInt() readonly residue!: number;
  @NestedOf(() => TaxReturnDto) readonly taxReturn!: TaxReturnDto;
  @ListOf(() => ChurchTaxDto) readonly singleChurchTax!: readonly ChurchTaxDto[];
  @NestedOf(() => DividendSettingsDto) readonly settings!: DividendSettingsDto;
  /** Closure: when and by whom; null for a calculation. */
  @IsOptional() @IsString() readonly closedAt!: string | null;
  @IsOptional() @IsString() readonly closedBy!: string | null;
  /**
   * A closure: `closing` while its payouts are still being written (issue 40: nothing of it is final, its documents are
   * refused until it is `closed`), else `closed`; null for a calculation.
   */
  @IsOptional() @IsIn(DIVIDEND_STATUSES) readonly status!: DividendStatus | null;
  /** Calculation only: what refuses the closure (empty: it may be closed). */
  @ListOf(() => DividendErrorDto) readonly errors!: readonly DividendErrorDto[];
  /** The members with a dividend, by member number (a list row of `GET /dividend` leaves them out: empty). */
  @ListOf(() => DividendMemberDto) readonly members!: readonly DividendMemberDto[];
  @IsString() readonly cooperative!: string;
}

/** `GET /dividend/years`: a year to choose (SPEC.md 7: key, value), and whether it is closed. */
export class DividendYearDto {
  @IsInt() readonly key!: number;
  @IsString() readonly value!: string;
  @IsBoolean() readonly closed!: boolean;
  /** Its closure is still being written (issue 40): shown as "closing", not yet closed. */
  @IsBoolean() readonly closing!: boolean;
  @IsOptional() @IsString() readonly dividendId!: string | null;
}
