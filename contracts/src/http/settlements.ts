import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  LOSS_SHARE_KINDS,
  MAX_SETTLEMENT_PERIOD_MONTHS,
  MIN_SETTLEMENT_PERIOD_MONTHS,
} from '../events/settlement-events.js';
import { AMOUNT_MAX_CENTS, TEXT_MAX } from '../limits.js';
import { isValidBic, isValidIban } from '../validators.js';
import {
  AsBusinessDate,
  AsInteger,
  AsOptionalText,
  AsText,
  DateInRange,
  IsBusinessDate,
  IsFilled,
  ListOf,
  MaxText,
  Satisfies,
  VisibleText,
  isBlankValue,
  rule,
  ruleNamingValue,
} from './rules.js';

/*
 * The settlement with those who leave (§ 73 GenG, issue 42; docs/settlement.md): `GET /settlements?year=` the year's
 * list, `POST /settlements/check` and `/settlements/pay` the payout of the selected ends, `POST
 * /settlements/{id}/reverse` a correction, `POST /settlements/heirs` the heirs' account, `GET|PUT
 * /settlements/terms` the payout period and `PUT /settlements/loss-shares` the general meeting's loss share of a year.
 */

/** The most ends one payout records (a cooperative's leavers of a year; the request body stays within 100 KiB). */
export const SETTLEMENT_BATCH_MAX = 1000;

/** One end of a membership (or of single shares) and its settlement, as listed. Amounts in cents. */
export class SettlementDto {
  /** `<memberId>.<endBalanceId>`. */
  @IsString() readonly id!: string;
  @IsString() readonly memberId!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsString() readonly name!: string;
  @IsOptional() @IsString() readonly givenName!: string | null;
  @IsString() readonly endBalanceId!: string;
  @IsIn(['exit', 'partial', 'exclusion', 'death', 'dissolution']) readonly reason!: string;
  @IsInt() readonly year!: number;
  @IsString() readonly endDate!: string;
  /** The last day of the payout period (§ 73 (2): six months, or the cooperative's own period). */
  @IsString() readonly deadline!: string;
  @IsInt() readonly shares!: number;
  /** The holding booked out, `paidAfterEnd` included. */
  @IsInt() readonly holding!: number;
  /**
   * Of `holding`, what was paid in after the end's day (decision 414): no Geschäftsguthaben on that day (§ 73 (2) GenG),
   * refunded whole in `amount`; the loss share is taken of `holding - paidAfterEnd` only.
   */
  @IsOptional() @IsInt() readonly paidAfterEnd?: number;
  /** Paid: as recorded (by the latest top-up, if any); due: as the loss share decided for the year gives it today. */
  @IsInt() readonly lossShare!: number;
  /** Due: the settlement balance; paid: what was paid in all, the first payout and its top-ups. */
  @IsInt() readonly amount!: number;
  @IsIn(['due', 'paid']) readonly status!: 'due' | 'paid';
  /** Due and past the deadline. */
  @IsBoolean() readonly overdue!: boolean;
  @IsOptional() @IsString() readonly payoutDate!: string | null;
  @IsOptional() @IsString() readonly paidBy!: string | null;
  /** A death: the settlement goes to the heirs, whose account must be entered. */
  @IsBoolean() readonly heirsAccountNeeded!: boolean;
  @IsBoolean() readonly heirsAccount!: boolean;
  /** The dividend of the end's year (the holding counts through the end, DOMAIN.md 1) is still to be paid: the year is not closed. */
  @IsBoolean() readonly dividendOpen!: boolean;
  /** Taken over with the import of a register, not paid through the product. */
  @IsBoolean() readonly imported!: boolean;
  /**
   * Paid: what the payout paid above the settlement due now (cents, 0 if nothing), since a payment on the end's shares
   * was returned or corrected down after the payout: the member owes it back (decision 321). Due: 0.
   */
  @IsInt() readonly overpaid!: number;
  /**
   * Paid: what is still owed above what was paid (cents, 0 if nothing), since the holding rose after the payout (a
   * payment dated before the end booked late, the register corrected up): § 73 (2) GenG pays the whole
   * Geschäftsguthaben, so the end is due again for this top-up (decision 370). Due and imported: 0.
   */
  @IsInt() readonly owed!: number;
  /** Paid: the part of `amount` (paid in all) that top-ups paid after the first payout; 0 otherwise. */
  @IsInt() readonly toppedUp!: number;
  /** Paid: each top-up recorded after the first payout, its day and amount. */
  @ListOf(() => SettlementTopUpDto) readonly topUps!: SettlementTopUpDto[];
}

/** A further payout of a paid settlement (decision 370). */
export class SettlementTopUpDto {
  @IsString() readonly payoutDate!: string;
  @IsInt() readonly amount!: number;
}

/** `POST /settlements/check`, `POST /settlements/pay`: the selected ends (`SettlementDto.id`) and the payout date. */
export class SettlementPayout {
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() payoutDate: string = '';
  @IsArray(rule('invalidChoice'))
  @ArrayMinSize(1, rule('mustNotBeEmpty'))
  @ArrayMaxSize(SETTLEMENT_BATCH_MAX, rule('mustBeAtMost', String(SETTLEMENT_BATCH_MAX)))
  @IsString({ each: true, ...rule('invalidChoice') })
  @MaxText(TEXT_MAX.id * 2 + 1, true)
  ids: string[] = [];
}

/** A refusal of one selected end: its id, and the template. */
export class SettlementRefusalDto {
  @IsString() readonly id!: string;
  @IsOptional() @IsString() readonly field!: string | null;
  @IsString() readonly template!: string;
  @IsArray() @IsString({ each: true }) readonly parameters!: string[];
}

/** `POST /settlements/check`: what the payout would record; nothing is written. */
export class SettlementCheckDto {
  @IsInt() readonly count!: number;
  @IsInt() readonly sum!: number;
  @ListOf(() => SettlementRefusalDto) readonly refusals!: SettlementRefusalDto[];
}

/** `POST /settlements/{id}/reverse`. */
export class SettlementReversal {
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.reason) @VisibleText(true) reason: string = '';
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() date: string = '';
}

const compactIban = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : '',
  );

/** `POST /settlements/heirs`: the account of a deceased member's heirs (or community of heirs). */
export class HeirsAccountWrite {
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.id) memberId: string = '';
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.name) @VisibleText() accountHolder: string = '';
  @compactIban()
  @IsFilled(rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.iban)
  @Satisfies('isIban', (v) => typeof v !== 'string' || v === '' || isValidIban(v), rule('invalidIban'))
  iban: string = '';
  @AsOptionalText()
  @IsOptional()
  @MaxText(TEXT_MAX.code)
  @Satisfies('isBic', (v) => v === null || (typeof v === 'string' && isValidBic(v)), rule('invalidBic'))
  bic: string | null = null;
}

/** `GET /settlements/terms`. */
export class SettlementTermsDto {
  @IsInt() readonly payoutPeriodMonths!: number;
  @ListOf(() => LossShareDto) readonly lossShares!: LossShareDto[];
}

export class LossShareDto {
  @IsInt() readonly year!: number;
  @IsIn(LOSS_SHARE_KINDS) readonly kind!: string;
  @IsOptional() @IsString() readonly percent!: string | null;
  @IsOptional() @IsInt() readonly centsPerShare!: number | null;
  @IsString() readonly decisionDate!: string;
}

/** `PUT /settlements/terms`: the cooperative's payout period in months (§ 73 (4): the statutes may set another than six). */
export class SettlementTermsWrite {
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(MIN_SETTLEMENT_PERIOD_MONTHS, rule('mustBeAtLeast', String(MIN_SETTLEMENT_PERIOD_MONTHS)))
  @Max(MAX_SETTLEMENT_PERIOD_MONTHS, rule('mustBeAtMost', String(MAX_SETTLEMENT_PERIOD_MONTHS)))
  payoutPeriodMonths: number = 6;
}

const PERCENT = /^(\d{1,3})(?:[.,](\d{1,4}))?$/;

/** `PUT /settlements/loss-shares`: the general meeting's decision on the leavers' share of a loss carried forward for `year`. */
export class LossShareWrite {
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(1900, rule('mustBeAtLeast', '1900'))
  @Max(2199, rule('mustBeAtMost', '2199'))
  year!: number;
  @AsText(true) @IsIn(LOSS_SHARE_KINDS, ruleNamingValue('invalidChoice')) kind: string = '';
  /** `percent`: above 0, at most 100, at most 4 decimals (a comma is read as the point). */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(',', '.')
        : (value ?? null),
  )
  @ValidateIf((o: LossShareWrite) => o.kind === 'percent')
  @IsString(rule('lossSharePercentInvalid'))
  @MaxText(TEXT_MAX.code)
  @Satisfies(
    'isDecimal',
    (v) => typeof v === 'string' && PERCENT.test(v) && Number(v) > 0 && Number(v) <= 100,
    rule('lossSharePercentInvalid'),
  )
  percent: string | null = null;
  /** `perShare`: cents per share, 0 withdraws the decision. */
  @AsInteger()
  @ValidateIf((o: LossShareWrite) => o.kind === 'perShare' || !isBlankValue(o.centsPerShare))
  @IsInt(rule('invalidNumber'))
  @Min(0, rule('mustBeAtLeast', '0'))
  @Max(AMOUNT_MAX_CENTS, rule('mustBeAtMost', String(AMOUNT_MAX_CENTS)))
  centsPerShare: number | null = null;
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() decisionDate: string = '';
}
