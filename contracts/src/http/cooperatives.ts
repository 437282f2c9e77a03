import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateIf } from 'class-validator';
import {
  DAY_COUNTS,
  DEFAULT_DIVIDEND_SETTINGS,
  DIVIDEND_METHODS,
  ROUNDING_MODES,
  type DayCount,
  type DividendMethod,
  type RoundingMode,
} from '../dividend.js';
import { DEFAULT_RETENTION_YEARS, MAX_RETENTION_YEARS, MIN_RETENTION_YEARS } from '../retention.js';
import { DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES, MIN_SESSION_IDLE_MINUTES } from '../session.js';
import { DEFAULT_INTEREST_BEGIN_RULE, INTEREST_BEGIN_RULES, type InterestBeginRule } from '../plausibility.js';
import { isValidBic, isValidEmail, isValidIban, isValidTaxNumber, isValidUrl } from '../validators.js';
import {
  AsBoolean,
  AsInteger,
  AsOptionalText,
  AsText,
  IsFilled,
  MaxText,
  Satisfies,
  VisibleText,
  rule,
  ruleNamingValue,
} from './rules.js';
import { SHARE_PRICE_MAX_CENTS, SHARES_MAX, TEXT_MAX } from '../limits.js';

const filled = rule('mustNotBeEmpty');
/** The longest tax office name kept. */
export const TAX_OFFICE_MAX = 70;
/** A format rule checks only filled text: empty text is `mustNotBeEmpty` alone. */
const emptyOr =
  (test: (v: string) => boolean) =>
  (v: unknown): boolean =>
    typeof v !== 'string' || v === '' || test(v);
/** IBAN and BIC without spaces and in capitals, the tax number without `/` and spaces, as the decider keeps them. */
const compact = (pattern: RegExp, upper: boolean) =>
  Transform(({ value }: { value: unknown }) => {
    const t = typeof value === 'string' ? value.replace(pattern, '') : typeof value === 'number' ? String(value) : '';
    return upper ? t.toUpperCase() : t;
  });

/** The master data of a cooperative (`POST /cooperatives`, `PUT /cooperatives/{id}`; SPEC section 5). */
export class CooperativeFields {
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.name) @VisibleText() name: string = '';
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.fullName) @VisibleText() fullName: string = '';
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.street) @VisibleText() address: string = '';
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.zipCode) @VisibleText() zip: string = '';
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.city) @VisibleText() city: string = '';
  @AsText(true)
  @IsFilled(filled)
  @MaxText(TEXT_MAX.email)
  @Satisfies('isEmailAddress', emptyOr(isValidEmail), rule('invalidEmail'))
  email: string = '';
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.name) @VisibleText() contactPerson: string = '';
  @AsText(true)
  @IsFilled(filled)
  @MaxText(TEXT_MAX.url)
  @Satisfies('isHttpUrl', emptyOr(isValidUrl), rule('invalidUrl'))
  url: string = '';
  /** 13-digit unified (ELSTER) tax number. */
  @compact(/[\s/]+/g, false)
  @IsFilled(filled)
  @MaxText(TEXT_MAX.code)
  @Satisfies('isTaxNumber', emptyOr(isValidTaxNumber), rule('invalidTaxNumber'))
  taxId: string = '';
  /**
   * The name of the cooperative's tax office (Betriebsstättenfinanzamt), printed with the tax number on the members'
   * tax certificates (DOMAIN.md 6). Optional here (at most 70 characters); the certificates are refused while it is empty.
   */
  @AsText(true)
  @Satisfies(
    'isTaxOffice',
    (v) => typeof v !== 'string' || v.length <= TAX_OFFICE_MAX,
    rule('mustBeAtMost', String(TAX_OFFICE_MAX)),
  )
  @VisibleText()
  taxOffice: string = '';
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.name) @VisibleText() bankname: string = '';
  @compact(/\s+/g, true)
  @IsFilled(filled)
  @MaxText(TEXT_MAX.iban)
  @Satisfies('isIban', emptyOr(isValidIban), rule('invalidIban'))
  iban: string = '';
  @compact(/\s+/g, true)
  @IsFilled(filled)
  @MaxText(TEXT_MAX.code)
  @Satisfies('isBic', emptyOr(isValidBic), rule('invalidBic'))
  bic: string = '';
  /** Price of one share in euro cents, greater than 0. */
  @AsInteger()
  @IsInt(rule('invalidNumber'))
  @Min(1, rule('invalidNumber'))
  @Max(SHARE_PRICE_MAX_CENTS, rule('mustBeAtMost', String(SHARE_PRICE_MAX_CENTS)))
  balanceCost!: number;
  /** Shares a member must hold at least; empty reads as 1. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? 1
      : typeof value === 'string' && /^-?\d+$/.test(value.trim())
        ? Number(value.trim())
        : value,
  )
  @IsInt(rule('invalidNumber'))
  @Min(1, rule('mustBeAtLeast', '1'))
  @Max(SHARES_MAX, rule('mustBeAtMost', String(SHARES_MAX)))
  minimumShares: number = 1;
  /**
   * The statutory notice period of a termination in months (§ 65 (2) GenG: at least 3, at most 5 years); empty reads as
   * 3. A notice takes effect at the end of the first financial year at least this long after it (issue 22).
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? 3
      : typeof value === 'string' && /^-?\d+$/.test(value.trim())
        ? Number(value.trim())
        : value,
  )
  @IsInt(rule('invalidNumber'))
  @Min(3, rule('mustBeAtLeast', '3'))
  @Max(60, rule('mustBeAtMost', '60'))
  noticePeriodMonths: number = 3;
  /**
   * The data-protection clean-up's retention period in full calendar years (issue 27, DOMAIN.md 9.3): at least 10
   * (§ 147 AO, § 257 HGB), at most 30; empty reads as 10.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? DEFAULT_RETENTION_YEARS
      : typeof value === 'string' && /^-?\d+$/.test(value.trim())
        ? Number(value.trim())
        : value,
  )
  @IsInt(rule('invalidNumber'))
  @Min(MIN_RETENTION_YEARS, rule('mustBeAtLeast', String(MIN_RETENTION_YEARS)))
  @Max(MAX_RETENTION_YEARS, rule('mustBeAtMost', String(MAX_RETENTION_YEARS)))
  retentionYears?: number = DEFAULT_RETENTION_YEARS;
  /**
   * The idle time after which a signed-in user without activity is signed out, in minutes (issue 38): 1 to 720; empty
   * reads as 30.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? DEFAULT_SESSION_IDLE_MINUTES
      : typeof value === 'string' && /^-?\d+$/.test(value.trim())
        ? Number(value.trim())
        : value,
  )
  @IsInt(rule('invalidNumber'))
  @Min(MIN_SESSION_IDLE_MINUTES, rule('mustBeAtLeast', String(MIN_SESSION_IDLE_MINUTES)))
  @Max(MAX_SESSION_IDLE_MINUTES, rule('mustBeAtMost', String(MAX_SESSION_IDLE_MINUTES)))
  sessionIdleMinutes?: number = DEFAULT_SESSION_IDLE_MINUTES;
  /**
   * How an empty interest begin follows the entry or posting date (`nextMonth`, `sameDay`, `nextQuarter`,
   * `nextYear`); empty reads as `nextMonth`.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? DEFAULT_INTEREST_BEGIN_RULE : value,
  )
  @IsIn(INTEREST_BEGIN_RULES, ruleNamingValue('invalidChoice'))
  interestBeginRule: InterestBeginRule = DEFAULT_INTEREST_BEGIN_RULE;
  /**
   * The liability per share the statutes set (Haftsumme, § 119 GenG) in euro cents, 1 to SHARE_PRICE_MAX_CENTS, or
   * null (empty) when they set none (issue 45: the movement report's liability sums). Absent in older events: null.
   */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? null
      : typeof value === 'string' && /^-?\d+$/.test(value.trim())
        ? Number(value.trim())
        : value,
  )
  @ValidateIf((_o, v) => v !== null)
  @IsInt(rule('invalidNumber'))
  @Min(1, rule('mustBeAtLeast', '1'))
  @Max(SHARE_PRICE_MAX_CENTS, rule('mustBeAtMost', String(SHARE_PRICE_MAX_CENTS)))
  liabilityPerShare?: number | null = null;
  /** The dividend settings (DOMAIN.md 12a; `contracts/src/dividend.ts`); each empty reads as its default. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? DEFAULT_DIVIDEND_SETTINGS.dividendMethod : value,
  )
  @IsIn(DIVIDEND_METHODS, ruleNamingValue('invalidChoice'))
  dividendMethod: DividendMethod = DEFAULT_DIVIDEND_SETTINGS.dividendMethod;
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? DEFAULT_DIVIDEND_SETTINGS.dayCount : value,
  )
  @IsIn(DAY_COUNTS, ruleNamingValue('invalidChoice'))
  dayCount: DayCount = DEFAULT_DIVIDEND_SETTINGS.dayCount;
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? DEFAULT_DIVIDEND_SETTINGS.dividendRounding : value,
  )
  @IsIn(ROUNDING_MODES, ruleNamingValue('invalidChoice'))
  dividendRounding: RoundingMode = DEFAULT_DIVIDEND_SETTINGS.dividendRounding;
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? DEFAULT_DIVIDEND_SETTINGS.taxRounding : value,
  )
  @IsIn(ROUNDING_MODES, ruleNamingValue('invalidChoice'))
  taxRounding: RoundingMode = DEFAULT_DIVIDEND_SETTINGS.taxRounding;
  @AsBoolean()
  @IsBoolean(rule('invalidChoice'))
  raiseOldExemptionOrders: boolean = DEFAULT_DIVIDEND_SETTINGS.raiseOldExemptionOrders;
  @AsBoolean()
  @IsBoolean(rule('invalidChoice'))
  heirsTaxedFromDeath: boolean = DEFAULT_DIVIDEND_SETTINGS.heirsTaxedFromDeath;
  @AsBoolean()
  @IsBoolean(rule('invalidChoice'))
  allowTestTaxIds: boolean = DEFAULT_DIVIDEND_SETTINGS.allowTestTaxIds;
  /**
   * The record's `masterTag` as the form read it (the console sends the record it loaded): a change of the master data
   * made meanwhile refuses the write `409 cooperativeChangedMeanwhile` instead of overwriting it (a lost update). Left
   * out: not checked. Ignored on `POST`; answered by `GET`, `POST` and `PUT` (16 hex digits; as decision 418 for a member).
   */
  @AsOptionalText()
  @IsOptional()
  @IsString(ruleNamingValue('invalidChoice'))
  @MaxText(TEXT_MAX.tag)
  masterTag?: string | null = null;
}

/**
 * The first cooperative as the first start registers it (`COOPERATIVE_NAME`): its name alone, by the name's rules of
 * CooperativeFields; the clerk completes the record later (decision 242).
 */
export class FirstCooperative {
  @AsText(true) @IsFilled(filled) @MaxText(TEXT_MAX.name) @VisibleText() name: string = '';
}

/** A cooperative as the API answers it. */
export class CooperativeDto extends CooperativeFields {
  @IsString() readonly id!: string;
}
