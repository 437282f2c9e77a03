import { plainToInstance, Transform } from 'class-transformer';
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
} from 'class-validator';
import {
  INSTALMENT_COUNT_MAX,
  RECORDED_PAYMENT_METHODS,
  SHARE_PAYMENT_REFERENCE_MAX,
} from '../share-payment-limits.js';
import { AMOUNT_MAX_CENTS, SHARE_PRICE_MAX_CENTS, TEXT_MAX } from '../limits.js';
import { isValidCreditorId } from '../creditor-id.js';
import { formatEuro } from '../euro-text.js';
import {
  AsBoolean,
  AsBusinessDate,
  AsInteger,
  AsOptionalText,
  DateInRange,
  IsBusinessDate,
  ListOf,
  MaxText,
  NestedOf,
  Satisfies,
  VisibleText,
  rule,
} from './rules.js';

/*
 * The payments on subscribed shares (issue 45; docs/share-payments.md): `POST /members/{id}/share-payments` a payment,
 * `GET /share-dues` and `GET /members/{id}/share-dues` what is outstanding, `PUT /members/{id}/postings/{balanceId}/instalments`
 * an instalment plan, `GET|PUT /cooperative/payment-terms` the cooperative's terms. Amounts in cents, dates `YYYY-MM-DD`.
 */

/** An amount in cents: its limits named as the clerk reads money (`amountAtLeast` 0,01 €, `amountAtMost` 1.000.000.000,00 €), not in cents. */
const amountRules = () => (target: object, property: string | symbol) => {
  // Applied in the order decorators written above one another apply (bottom-up), so that of the rules that fail the
  // pipe answers the first one a reader sees: a text is no number, not an amount above the limit (validation.pipe.ts).
  AsInteger()(target, property);
  Max(AMOUNT_MAX_CENTS, rule('amountAtMost', formatEuro(AMOUNT_MAX_CENTS)))(target, property);
  Min(1, rule('amountAtLeast', formatEuro(1)))(target, property);
  IsInt(rule('invalidNumber'))(target, property);
};

/**
 * `POST /members/{id}/share-payments`: `amount` cents received on `date` by `method`. With `balanceId` on that
 * subscription; without, on the member's oldest outstanding subscriptions (share-payment.decider.ts).
 */
export class SharePaymentWrite {
  @AsOptionalText() @IsOptional() @IsString(rule('invalidChoice')) @MaxText(TEXT_MAX.id) balanceId: string | null =
    null;
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() date: string = '';
  @amountRules() amount!: number;
  @IsIn(RECORDED_PAYMENT_METHODS, rule('invalidChoice')) method: string = 'transfer';
  @AsOptionalText()
  @IsOptional()
  @IsString(rule('invalidChoice'))
  @MaxText(SHARE_PAYMENT_REFERENCE_MAX)
  @VisibleText()
  reference: string | null = null;
}

/** The payment ids a `POST /members/{id}/share-payments` recorded (one per subscription it paid). */
export class SharePaymentRecordedDto {
  @IsArray() @IsString({ each: true }) readonly paymentIds!: string[];
}

/** One instalment as sent: due on `dueDate`, `amount` cents. */
export class InstalmentWrite {
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() dueDate: string = '';
  @amountRules() amount!: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `PUT /members/{id}/postings/{balanceId}/instalments`: the plan (the instalments, ascending). */
export class InstalmentPlanWrite {
  // Each item read as an InstalmentWrite (its own rules); a list longer than the limit is left as sent and refused whole.
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) && value.length <= INSTALMENT_COUNT_MAX
      ? value.map((v) => plainToInstance(InstalmentWrite, isObject(v) ? v : {}))
      : value,
  )
  @IsArray(rule('invalidChoice'))
  @ArrayMinSize(1, rule('mustNotBeEmpty'))
  @ArrayMaxSize(INSTALMENT_COUNT_MAX, rule('mustBeAtMost', String(INSTALMENT_COUNT_MAX)))
  @ListOf(() => InstalmentWrite)
  instalments: InstalmentWrite[] = [];
}

/** One instalment as listed: due, amount and the part of it the payments cover. */
export class ScheduledInstalmentDto {
  @IsString() readonly dueDate!: string;
  @IsInt() readonly amount!: number;
  @IsInt() readonly paid!: number;
}

/** One subscription and what is outstanding on it (the projection `share_dues`, `ShareDueView`). */
export class ShareDueDto {
  /** The subscription's balance id. */
  @IsString() readonly id!: string;
  @IsString() readonly member!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsString() readonly memberName!: string;
  @IsInt() readonly type!: number;
  @IsString() readonly date!: string;
  @IsInt() readonly quantity!: number;
  @IsInt() readonly amount!: number;
  @IsInt() readonly paid!: number;
  /** Of `paid`, the cents paid with the posting (an instalment plan covers the rest of the amount). */
  @IsInt() readonly paidWhenPosted!: number;
  /** The unpaid part of shares transferred from it, owed by their receiver now (§ 76 GenG, decision 265). */
  @IsInt() readonly passedOn!: number;
  /** The unpaid part of its shares terminated (2): it left the dues, nobody owes it (§ 73 (2) GenG, decision 267). */
  @IsInt() readonly released!: number;
  @IsInt() readonly outstanding!: number;
  @IsOptional() @IsString() readonly dueSince!: string | null;
  @ListOf(() => ScheduledInstalmentDto) readonly instalments!: ScheduledInstalmentDto[];
  @IsInt() readonly reminderLevel!: number;
  /**
   * From this day nothing of it is owed: the effective date of the member's whole end (6, 7, 8; § 73 (2) GenG, decision
   * 269); `9999-12-31` (OWED_WITHOUT_END) while no end is recorded.
   */
  @IsString() readonly owedUntil!: string;
}

/** The statutes' word on instalments (§ 7 Nr. 1 GenG). */
export class InstalmentTermsWrite {
  @AsBoolean() @IsBoolean(rule('invalidChoice')) allowed!: boolean;
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(1, rule('mustBeAtLeast', '1'))
  @Max(INSTALMENT_COUNT_MAX, rule('mustBeAtMost', String(INSTALMENT_COUNT_MAX)))
  maxCount!: number;
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(1, rule('mustBeAtLeast', '1'))
  @Max(12, rule('mustBeAtMost', '12'))
  rhythmMonths!: number;
  /** Cents per share, at most the share's price (checked against it by the decider). */
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(0, rule('amountAtLeast', formatEuro(0)))
  @Max(SHARE_PRICE_MAX_CENTS, rule('amountAtMost', formatEuro(SHARE_PRICE_MAX_CENTS)))
  minFirstPerShare!: number;
}

/** `PUT /cooperative/payment-terms` and its answer (`GET`): the cooperative's payment terms. */
export class PaymentTermsWrite {
  @Transform(({ value }: { value: unknown }) => plainToInstance(InstalmentTermsWrite, isObject(value) ? value : {}))
  @NestedOf(() => InstalmentTermsWrite)
  instalments!: InstalmentTermsWrite;
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(1, rule('mustBeAtLeast', '1'))
  @Max(365, rule('mustBeAtMost', '365'))
  reminderAfterDays!: number;
  @AsBoolean() @IsBoolean(rule('invalidChoice')) creditDividendUntilPaid!: boolean;
  /**
   * The SEPA creditor identifier (Gläubiger-ID), blanks removed and in capitals; empty, null or absent reads as null,
   * anything but text is kept as sent and refused (read as null, `{}` cleared the identifier: a probe).
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value.trim() === ''
        ? null
        : value.replace(/\s+/g, '').toUpperCase()
      : value === undefined || value === null
        ? null
        : value,
  )
  @IsOptional()
  @MaxText(TEXT_MAX.code + 15)
  @Satisfies(
    'isCreditorId',
    (v) => v === null || (typeof v === 'string' && isValidCreditorId(v)),
    rule('invalidCreditorId'),
  )
  creditorId: string | null = null;
  /**
   * The terms' `masterTag` as the form read them (the console sends the one it loaded): a change of the terms made
   * meanwhile refuses the write `409 recordChangedMeanwhile` instead of overwriting it (a lost update, e.g. the old
   * creditor id back in every direct-debit file). Left out or null: not checked (as decision 420 for the cooperative).
   */
  @AsOptionalText()
  @IsOptional()
  @IsString(rule('invalidChoice'))
  @MaxText(TEXT_MAX.tag)
  masterTag?: string | null = null;
}

export class PaymentTermsDto {
  @NestedOf(() => InstalmentTermsWrite) readonly instalments!: InstalmentTermsWrite;
  @IsInt() readonly reminderAfterDays!: number;
  @IsBoolean() readonly creditDividendUntilPaid!: boolean;
  @IsOptional() @IsString() readonly creditorId!: string | null;
  /** Every field `PUT` writes as answered, as a tag (16 hex digits): sent back with `PUT`, a change made meanwhile is refused (409 `recordChangedMeanwhile`). */
  @IsString() readonly masterTag!: string;
}
