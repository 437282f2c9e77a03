import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Transform } from 'class-transformer';
import {
  EXEMPTION_ORDER_TYPES,
  NON_ASSESSMENT_TYPES,
  type ExemptionOrderType,
  type NonAssessmentType,
  type TaxPaperState,
} from '../tax-papers.js';
import {
  AsBoolean,
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
import { AMOUNT_MAX_CENTS, TEXT_MAX } from '../limits.js';

const TAX_PAPER_STATES = ['active', 'inactive'] as const;
/** Sent at all: not left out, not null, not blank text. */
const present = (v: unknown): boolean => !isBlankValue(v);

// ---- Answers ----

/** An exemption order (FSA) as the API answers it (docs/api.md "exemptionorders"). Amount in euro cents. */
export class ExemptionOrderDto {
  @IsString() readonly id!: string;
  @IsString() readonly member!: string;
  /** The member's current display name ("Name, GivenName") and number. */
  @IsString() readonly memberName!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  /** 0 initial, 1 follow-up. */
  @IsIn(EXEMPTION_ORDER_TYPES) readonly type!: number;
  @IsBoolean() readonly joint!: boolean;
  /** SPEC's `fsatyp`: `Einzelner` (single) or `Gemeinsamer` (joint), derived from `joint`. */
  @IsIn(['Einzelner', 'Gemeinsamer']) readonly fsatyp!: 'Einzelner' | 'Gemeinsamer';
  @IsOptional() @IsString() readonly spouse!: string | null;
  /** A joint order's spouse: the linked member's name, else the spouse recorded in the member's master data. */
  @IsOptional() @IsString() readonly spouseName!: string | null;
  /**
   * Warnings, derived at read time from the current master data: the member has no Steuer-IdNr, or (a joint order)
   * the spouse has none (neither in the member's `spouseTaxId` nor on the linked spouse). Such an order is kept, but
   * is invalid for the tax office (§ 44a Abs. 2 EStG): the closure will refuse it.
   */
  @IsBoolean() readonly memberTaxIdMissing!: boolean;
  @IsBoolean() readonly spouseTaxIdMissing!: boolean;
  @IsInt() readonly amount!: number;
  @IsBusinessDate({}) readonly date!: string;
  @IsBusinessDate({}) readonly startDate!: string;
  @IsOptional() @IsBusinessDate({}) readonly endDate!: string | null;
  /** Derived at read time: active when there is no end date or it is not in the past. */
  @IsIn(TAX_PAPER_STATES) readonly state!: TaxPaperState;
  @IsString() readonly cooperative!: string;
  /** The fields as answered, as a tag: sent back with `PUT`, a change made meanwhile is refused (409 `recordChangedMeanwhile`). */
  @IsString() readonly masterTag!: string;
}

/** A non-assessment certificate (NV) as the API answers it (docs/api.md "nonassessments"). */
export class NonAssessmentDto {
  @IsString() readonly id!: string;
  @IsString() readonly member!: string;
  @IsString() readonly memberName!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  /** 0, 60, 100 or -1 (DOMAIN.md 2.6). */
  @IsIn(NON_ASSESSMENT_TYPES) readonly type!: number;
  @IsOptional() @IsString() readonly orderNumber!: string | null;
  @IsBusinessDate({}) readonly date!: string;
  @IsOptional() @IsString() readonly taxAuthorities!: string | null;
  @IsBusinessDate({}) readonly startDate!: string;
  @IsBusinessDate({}) readonly endDate!: string;
  /** true when the original is on file, else null. */
  @IsOptional() @IsIn([true]) readonly original!: true | null;
  @IsIn(TAX_PAPER_STATES) readonly state!: TaxPaperState;
  @IsString() readonly cooperative!: string;
  /** The fields as answered, as a tag: sent back with `PUT`, a change made meanwhile is refused (409 `recordChangedMeanwhile`). */
  @IsString() readonly masterTag!: string;
}

/** A field's value in a history: text, a number, a boolean or null. */
const isFieldValue = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

export class FieldChange {
  @IsString() readonly field!: string;
  @Satisfies('isFieldValue', isFieldValue, {}) readonly from!: unknown;
  @Satisfies('isFieldValue', isFieldValue, {}) readonly to!: unknown;
}

/** One entry of `GET /exemptionorders/{id}/history` and `GET /nonassessments/{id}/history`. */
export class TaxPaperHistoryEntry {
  /** Global log position (a bigint as a string). */
  @IsString() readonly position!: string;
  @IsInt() readonly revision!: number;
  /** `ExemptionOrderRecorded`, `ExemptionOrderCorrected`, `NonAssessmentRecorded`, `NonAssessmentCorrected`. */
  @IsString() readonly type!: string;
  @IsString() readonly timestamp!: string;
  @IsString() readonly user!: string;
  /** Every field set (recorded: from null) or changed (corrected). */
  @ListOf(() => FieldChange) readonly changes!: readonly FieldChange[];
}

// ---- Requests: the shape of each field; the rules across fields, years and other papers are the deciders' ----

/** The fields of an exemption order as the clerk sends them (PUT sends the whole order: fields left out are cleared). */
export class ExemptionOrderFieldsWrite {
  /** 0 initial, 1 follow-up. */
  @AsInteger()
  @Satisfies('isPresent', present, rule('mustNotBeEmpty'))
  @IsIn(EXEMPTION_ORDER_TYPES, ruleNamingValue('invalidChoice'))
  type!: ExemptionOrderType;
  @AsBoolean()
  @Satisfies('isPresent', present, rule('mustNotBeEmpty'))
  @IsBoolean(ruleNamingValue('invalidChoice'))
  joint!: boolean;
  /**
   * A joint order covers the spouse recorded in the member's master data, a member or not: `spouse`, if sent, must be
   * the member linked there as spouse (the order records that link itself); empty for a single order.
   */
  @AsOptionalText() @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.id) spouse:
    string | null = null;
  /** Euro cents, greater than 0. */
  @AsInteger()
  @Satisfies('isSent', (v) => v !== undefined && v !== null && v !== '', rule('mustNotBeEmpty'))
  @IsInt(ruleNamingValue('invalidNumber'))
  @Min(1, rule('mustBeGreaterThan', '0'))
  @Max(AMOUNT_MAX_CENTS, rule('mustBeAtMost', String(AMOUNT_MAX_CENTS)))
  amount!: number;
  @AsBusinessDate()
  @Satisfies('isPresent', present, rule('mustNotBeEmpty'))
  @IsBusinessDate(ruleNamingValue('invalidDate'))
  @DateInRange()
  date!: string;
  @AsBusinessDate()
  @Satisfies('isPresent', present, rule('startDateMustNotBeEmpty'))
  @IsBusinessDate(ruleNamingValue('invalidDate'))
  @DateInRange()
  startDate!: string;
  /** Empty: open-ended. */
  @AsBusinessDate(true) @IsOptional() @IsBusinessDate(ruleNamingValue('invalidDate')) @DateInRange() endDate:
    string | null = null;
  /**
   * The record's `masterTag` as the form read it (the console sends the record it loaded): a change of the order made
   * meanwhile refuses the correction `409 recordChangedMeanwhile` instead of overwriting it (a lost update). Left out or
   * null: not checked. Ignored on `POST`.
   */
  @AsOptionalText() @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.tag) masterTag?:
    string | null = null;
}

/** `POST /exemptionorders`: a new order of `member`. */
export class ExemptionOrderRecord extends ExemptionOrderFieldsWrite {
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.id) member: string = '';
}

/** `PUT /exemptionorders/{id}`: the whole order; `member`, if sent, must be the order's own (it never moves). */
export class ExemptionOrderCorrection extends ExemptionOrderFieldsWrite {
  @AsText(true) @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.id) member?: string;
}

/** The original is on file: `true` (also `"true"`, `1`, `"1"`); false, 0 or empty read as null. */
const asOriginal = (value: unknown): unknown =>
  value === true || value === 'true' || value === 1 || value === '1'
    ? true
    : value === undefined ||
        value === null ||
        value === false ||
        value === 'false' ||
        value === '' ||
        value === 0 ||
        value === '0'
      ? null
      : value;

/** The fields of a non-assessment certificate as the clerk sends them (PUT: the whole certificate). */
export class NonAssessmentFieldsWrite {
  /** 0, 60, 100 or -1. */
  @AsInteger()
  @Satisfies('isPresent', present, rule('mustNotBeEmpty'))
  @IsIn(NON_ASSESSMENT_TYPES, ruleNamingValue('invalidChoice'))
  type!: NonAssessmentType;
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.reference) @VisibleText() orderNumber: string = '';
  @AsBusinessDate()
  @Satisfies('isPresent', present, rule('mustNotBeEmpty'))
  @IsBusinessDate(ruleNamingValue('invalidDate'))
  @DateInRange()
  date!: string;
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.authority) @VisibleText() taxAuthorities: string =
    '';
  @AsBusinessDate()
  @Satisfies('isPresent', present, rule('startDateMustNotBeEmpty'))
  @IsBusinessDate(ruleNamingValue('invalidDate'))
  @DateInRange()
  startDate!: string;
  @AsBusinessDate()
  @Satisfies('isPresent', present, rule('endDateMustNotBeEmpty'))
  @IsBusinessDate(ruleNamingValue('invalidDate'))
  @DateInRange()
  endDate!: string;
  @Transform(({ value }: { value: unknown }) => asOriginal(value))
  @IsOptional()
  @Satisfies('isOriginal', (v) => v === true, ruleNamingValue('invalidChoice'))
  original: true | null = null;
  /**
   * The record's `masterTag` as the form read it (the console sends the record it loaded): a change of the certificate made
   * meanwhile refuses the correction `409 recordChangedMeanwhile` instead of overwriting it (a lost update). Left out or
   * null: not checked. Ignored on `POST`.
   */
  @AsOptionalText() @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.tag) masterTag?:
    string | null = null;
}

/** `POST /nonassessments`: a new certificate of `member`. */
export class NonAssessmentRecord extends NonAssessmentFieldsWrite {
  @AsText(true) @IsFilled(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.id) member: string = '';
}

/** `PUT /nonassessments/{id}`: the whole certificate; `member`, if sent, must be its own. */
export class NonAssessmentCorrection extends NonAssessmentFieldsWrite {
  @AsText(true) @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.id) member?: string;
}
