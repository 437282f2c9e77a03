import { IsBoolean, IsIn, Max, registerDecorator, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import {
  CIVIL_STATUSES,
  GERMAN_STATES,
  LEGAL_FORMS,
  MEMBER_POSITIONS,
  MEMBER_TITLES,
  MEMBER_TYPES_ENTERABLE,
  POSTAL_SALUTATIONS,
  SALUTATIONS,
  type CivilStatus,
  type GermanState,
  type LegalForm,
  type MemberPosition,
  type MemberTitle,
  type MemberType,
  type PostalSalutation,
  type Salutation,
} from '../events/member-events.js';
import { isValidSteuerId } from '../tax-id.js';
import { isValidBic, isValidEmail, isValidIban } from '../validators.js';
import { businessToday, isIsoDate, isLeapYear } from '../business-date.js';
import { DateInRange, MaxText, Satisfies, VisibleText, rule, ruleNamingValue } from './rules.js';
import { AMOUNT_MAX_CENTS, BIRTH_DATE_MIN, MEMBER_NR_MAX, SHARES_MAX, TEXT_MAX } from '../limits.js';
import { ConfirmsWarnings } from './confirmation.js';
import { CHURCH_NAMES } from '../dividend.js';

/*
 * The member master data as the clerk sends it (docs/api.md "members", SPEC.md section 5 "Member"): `POST /members`
 * (MemberAdmission) and `PUT /members/{id}` (MemberMasterChange, the whole record: fields left out are cleared).
 * Read as the API always did: text trimmed, empty text null, numbers as digits, IBAN/BIC compact in capitals, the
 * state in small letters (null when foreign), the country in capitals (null unless foreign). A field gets one error,
 * the first rule written that fails. The member as its own spouse, the cooperative's minimum shares and a taken member
 * number need state: the deciders answer them.
 */

// ---- The business day and coming of age (SPEC section 4), shared with the API's views ----

/** One comes of age on the 18th birthday; born on 29 February, on 1 March of a non-leap year (§ 188 Abs. 3 BGB). */
export function eighteenthBirthday(birthDate: string): string {
  const year = String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0');
  const monthDay = birthDate.slice(5);
  if (monthDay === '02-29' && !isLeapYear(Number(year))) return `${year}-03-01`;
  return `${year}-${monthDay}`;
}

/** Under 18 on `today` (SPEC: also when the birth date is missing). */
export function isUnderage(birthDate: string | null, today: string): boolean {
  return birthDate === null || today < eighteenthBirthday(birthDate);
}

// ---- Reading the loose JSON of the member form ----

type Plain = { value: unknown; obj: Record<string, unknown> };

/** Text trimmed, empty null, a number as its digits; anything else is kept, so the rule names it (invalidChoice). */
const textOf = (v: unknown, normalise: (s: string) => string = (s) => s): unknown => {
  if (typeof v === 'number' && Number.isFinite(v)) return normalise(String(v));
  if (typeof v !== 'string') return v === undefined ? null : v;
  const t = v.trim();
  return t === '' ? null : normalise(t);
};

/** One of `allowed`, numbers also as digit text; empty null; anything else kept as sent. */
const choiceOf = (v: unknown, allowed: readonly unknown[], normalise: (s: string) => string = (s) => s): unknown => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const candidates: unknown[] = typeof v === 'string' ? [normalise(v.trim())] : [v];
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) candidates.push(Number(v));
  const found = allowed.find((a) => candidates.includes(a));
  return found === undefined ? v : found;
};

/** A boolean, also `"true"`/`"false"`, 1/0; left out false; anything else kept as sent. */
const boolOf = (v: unknown): unknown =>
  v === undefined || v === null || v === false || v === 'false' || v === 0
    ? false
    : v === true || v === 'true' || v === 1
      ? true
      : v;
/** The SEPA name length (Cdtr/Nm, pain.001.001.09). */
export const ACCOUNT_HOLDER_MAX = 70;
const compactUpper = (v: string): string => v.replace(/\s+/g, '').toUpperCase();

const AsMemberText = (normalise?: (s: string) => string): PropertyDecorator =>
  Transform(({ value }: Plain) => textOf(value, normalise));
const AsChoice = (allowed: readonly unknown[], normalise?: (s: string) => string): PropertyDecorator =>
  Transform(({ value }: Plain) => choiceOf(value, allowed, normalise));

// ---- Rules ----

const present = (v: unknown): boolean => v !== null && v !== undefined;
/** A field left out of the body is empty, as a cleared field is: `Required` names it (mustNotBeEmpty, issue 43). */
const isText = (v: unknown): boolean => v === null || v === undefined || typeof v === 'string';
/** Text, empty or left out; anything else (an object, a boolean) is invalidChoice naming it. */
const IsMemberText = (): PropertyDecorator => Satisfies('isMemberText', isText, ruleNamingValue('invalidChoice'));
const Required = (): PropertyDecorator => Satisfies('isRequired', present, rule('mustNotBeEmpty'));
/** Required unless `unless(body)`. */
const RequiredUnless = (unless: (o: MemberMasterFields) => boolean): PropertyDecorator =>
  Satisfies(
    'isGivenUnless',
    (v, o) => present(v) || unless(o as unknown as MemberMasterFields),
    rule('mustNotBeEmpty'),
  );
/** Empty, or one of `allowed` (the value sent as parameter). Its constraint is the list (the OpenAPI enum). */
const OneOf =
  (allowed: readonly unknown[]): PropertyDecorator =>
  (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isOneOfOrEmpty',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [allowed],
      options: ruleNamingValue('invalidChoice'),
      validator: {
        validate: (v: unknown) => v === null || allowed.includes(v),
        defaultMessage: () => `${String(propertyName)} is none of ${allowed.join(', ')}`,
      },
    });
/** Empty, or a calendar date not after `notAfter()` (birth dates: not after today). */
const IsMemberDate = (notAfter?: () => string): PropertyDecorator =>
  Satisfies(
    notAfter ? 'isPastDate' : 'isMemberDate',
    (v) => v === null || (typeof v === 'string' && isIsoDate(v) && (notAfter === undefined || v <= notAfter())),
    ruleNamingValue('invalidDate'),
  );
/** Empty, or passing `test` (answered with `template`). */
const Valid = (
  name: string,
  test: (v: string) => boolean,
  template: 'invalidIban' | 'invalidBic' | 'invalidTaxId' | 'invalidEmail' | 'invalidNumber',
): PropertyDecorator => Satisfies(name, (v) => v === null || (typeof v === 'string' && test(v)), rule(template));

const isLegalEntity = (o: MemberMasterFields): boolean => o.legalForm === 1;
const isDecimal = (v: string): boolean => /^\d{1,3}(\.\d{1,4})?$/.test(v);
/** The church ids the member's church may hold (DOMAIN.md 10). */
const CHURCH_IDS: readonly string[] = Object.keys(CHURCH_NAMES);
/** A natural person under 18 (by a valid birth date, on the business day) needs a legal representative. */
const needsRepresentative = (o: MemberMasterFields): boolean =>
  o.legalForm === 0 &&
  typeof o.birthDate === 'string' &&
  isIsoDate(o.birthDate) &&
  o.birthDate <= businessToday() &&
  isUnderage(o.birthDate, businessToday());

/** Master data of a member (every field of `MemberMasterData` but the admission's dates). */
export class MemberMasterFields {
  /** 0 founder, 1 joiner, 3 investor (2, GDPR removed, is not entered). */
  @AsChoice(MEMBER_TYPES_ENTERABLE)
  @Required()
  @IsIn(MEMBER_TYPES_ENTERABLE, ruleNamingValue('invalidChoice'))
  memberType!: MemberType;
  @AsChoice(MEMBER_POSITIONS)
  @Required()
  @IsIn(MEMBER_POSITIONS, ruleNamingValue('invalidChoice'))
  position!: MemberPosition;
  /** Required for a natural person. */
  @AsChoice(SALUTATIONS) @RequiredUnless(isLegalEntity) @OneOf(SALUTATIONS) salutation: Salutation | null = null;
  /**
   * `company` for a legal entity (filled in when left empty), one of the person salutations for a natural person (the
   * decider refuses the other kind: postalSalutationDoesNotFitLegalForm).
   */
  @Transform(({ value, obj }: Plain) => {
    const chosen = choiceOf(value, POSTAL_SALUTATIONS);
    return chosen === null && choiceOf(obj.legalForm, LEGAL_FORMS) === 1 ? 'company' : chosen;
  })
  @Required()
  @IsIn(POSTAL_SALUTATIONS, ruleNamingValue('invalidChoice'))
  postalSalutation!: PostalSalutation;
  @AsChoice(MEMBER_TITLES) @OneOf(MEMBER_TITLES) title: MemberTitle | null = null;
  /** Required for a natural person. */
  @AsMemberText() @IsMemberText() @RequiredUnless(isLegalEntity) @MaxText(TEXT_MAX.name) @VisibleText() givenName:
    string | null = null;
  /** Surname, or the firm name of a legal entity. */
  @AsMemberText() @IsMemberText() @Required() @MaxText(TEXT_MAX.name) @VisibleText() name!: string;
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.name) @VisibleText() birthName: string | null = null;
  /** Required for a natural person; not after today. */
  @AsMemberText()
  @IsMemberText()
  @RequiredUnless(isLegalEntity)
  @IsMemberDate(businessToday)
  @DateInRange(BIRTH_DATE_MIN, businessToday)
  birthDate: string | null = null;
  /** 0 natural person, 1 legal entity. */
  @AsChoice(LEGAL_FORMS) @Required() @IsIn(LEGAL_FORMS, ruleNamingValue('invalidChoice')) legalForm!: LegalForm;
  /** 0 unmarried, 1 married, 2 partnered, 3 widowed; required for a natural person. */
  @AsChoice(CIVIL_STATUSES) @RequiredUnless(isLegalEntity) @OneOf(CIVIL_STATUSES) civilStatus: CivilStatus | null =
    null;
  /** The spouse when also a member (member id); not the member itself (the decider's rule). */
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.id) spouse: string | null = null;
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.name) @VisibleText() spouseGivenName: string | null = null;
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.name) @VisibleText() spouseName: string | null = null;
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.name) @VisibleText() spouseBirthName: string | null = null;
  @AsMemberText()
  @IsMemberText()
  @IsMemberDate(businessToday)
  @DateInRange(BIRTH_DATE_MIN, businessToday)
  spouseBirthDate: string | null = null;
  @AsChoice(MEMBER_TITLES) @OneOf(MEMBER_TITLES) spouseTitle: MemberTitle | null = null;
  /** The spouse's Steuer-IdNr (blanks dropped): 11 digits, valid check digit, as `manualTaxId`. */
  @AsMemberText((v) => v.replace(/\s+/g, ''))
  @IsMemberText()
  @Valid('isSteuerId', isValidSteuerId, 'invalidTaxId')
  spouseTaxId: string | null = null;
  @AsMemberText() @IsMemberText() @Required() @MaxText(TEXT_MAX.street) @VisibleText() street!: string;
  @AsMemberText() @IsMemberText() @Required() @MaxText(TEXT_MAX.houseNumber) @VisibleText() streetHomeNumber!: string;
  @AsMemberText() @IsMemberText() @Required() @MaxText(TEXT_MAX.zipCode) @VisibleText() zipCode!: string;
  @AsMemberText() @IsMemberText() @Required() @MaxText(TEXT_MAX.city) @VisibleText() city!: string;
  /** One of the 16 lower-case codes, required at home; null for a foreign member (switching clears it). */
  @Transform(({ value, obj }: Plain) =>
    boolOf(obj.isForeign) === true ? null : choiceOf(value, GERMAN_STATES, (v) => v.toLowerCase()),
  )
  @RequiredUnless((o) => o.isForeign === true)
  @OneOf(GERMAN_STATES)
  state: GermanState | null = null;
  /** ISO 3166 alpha-2 in capitals, required when foreign; null at home (switching clears it). */
  @Transform(({ value, obj }: Plain) => (boolOf(obj.isForeign) === true ? textOf(value, (v) => v.toUpperCase()) : null))
  @IsMemberText()
  @RequiredUnless((o) => o.isForeign !== true)
  @Satisfies(
    'isCountryCode',
    (v) => v === null || (typeof v === 'string' && /^[A-Z]{2}$/.test(v)),
    ruleNamingValue('invalidChoice'),
  )
  country: string | null = null;
  @Transform(({ value }: Plain) => boolOf(value)) @IsBoolean(ruleNamingValue('invalidChoice')) isForeign: boolean =
    false;
  /** Who represents a minor: required for a natural person under 18. */
  @AsMemberText()
  @IsMemberText()
  @RequiredUnless((o) => !needsRepresentative(o))
  @MaxText(TEXT_MAX.representation)
  @VisibleText()
  legalRepresentation: string | null = null;
  @AsMemberText()
  @IsMemberText()
  @MaxText(TEXT_MAX.email)
  @Valid('isEmailAddress', isValidEmail, 'invalidEmail')
  privateEmail: string | null = null;
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.telephone) privateTelephone: string | null = null;
  @AsMemberText() @IsMemberText() @Required() @MaxText(TEXT_MAX.name) @VisibleText() bankname!: string;
  /** The account holder when not the member (joint account, a guardian's account for a minor): the SEPA payee name, at most 70 characters. */
  @AsMemberText()
  @IsMemberText()
  @Satisfies(
    'isAccountHolder',
    (v) => v === null || (typeof v === 'string' && v.length <= ACCOUNT_HOLDER_MAX),
    rule('mustBeAtMost', String(ACCOUNT_HOLDER_MAX)),
  )
  @VisibleText()
  accountHolder: string | null = null;
  @AsMemberText(compactUpper) @IsMemberText() @Required() @Valid('isIban', isValidIban, 'invalidIban') iban!: string;
  @AsMemberText(compactUpper) @IsMemberText() @Required() @Valid('isBic', isValidBic, 'invalidBic') bic!: string;
  @AsMemberText() @IsMemberText() @Required() @IsMemberDate() @DateInRange() entryDate!: string;
  /** Steuer-IdNr entered by hand (blanks dropped): 11 digits, valid check digit. */
  @AsMemberText((v) => v.replace(/\s+/g, ''))
  @IsMemberText()
  @Valid('isSteuerId', isValidSteuerId, 'invalidTaxId')
  manualTaxId: string | null = null;
  /**
   * A church id of CHURCH_NAMES, any case (stored in small letters), as the church-tax route takes it: the dividend
   * withholds and declares church tax under it (a probe: `zz` was taken and declared as a community).
   */
  @AsChoice(CHURCH_IDS, (s) => s.toLowerCase())
  @IsMemberText()
  @MaxText(TEXT_MAX.code)
  @OneOf(CHURCH_IDS)
  churchId: string | null = null;
  /** A percentage, up to 3 digits and 4 decimals (`9,5` reads as `"9.5"`), at most 10 (DOMAIN.md 2.4: 8 or 9 %). */
  @AsMemberText((v) => v.replace(',', '.'))
  @IsMemberText()
  @Valid('isDecimal', isDecimal, 'invalidNumber')
  @Satisfies(
    'isChurchRate',
    (v) => typeof v !== 'string' || !isDecimal(v) || Number(v) <= 10,
    rule('mustBeAtMost', '10'),
  )
  churchTaxRate: string | null = null;
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.code) kiSt: string | null = null;
  @AsMemberText((v) => v.replace(',', '.')) @IsMemberText() @Valid('isDecimal', isDecimal, 'invalidNumber') kiStSatz:
    string | null = null;
  /**
   * The record's `masterTag` as the form read it (the console sends the record it loaded): a change of the master data
   * made meanwhile refuses the write `409 memberChangedMeanwhile` instead of overwriting it (a lost update). Left out:
   * not checked. Ignored on `POST`.
   */
  @AsMemberText() @IsMemberText() @MaxText(TEXT_MAX.tag) masterTag: string | null = null;
}

/** A whole number at least 1: numeric text as the number; empty null; anything else as NaN (invalidNumber). */
const asCount = ({ value }: Plain): number | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value.trim()) : NaN;
};
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/**
 * `POST /members`: master data, the approval date and interest begin of the initial subscription, its shares (at
 * least the cooperative's minimum: the decider's rule), and optionally the member number (assigned in sequence when
 * left out; a taken one is the decider's `memberNrTaken`).
 */
export class MemberAdmission extends MemberMasterFields {
  @AsMemberText() @IsMemberText() @Required() @IsMemberDate() @DateInRange() approvalDate!: string;
  /** Empty: the cooperative's interest-begin rule applied to the entry date (the handler fills it). */
  @AsMemberText() @IsMemberText() @IsMemberDate() @DateInRange() interestBegin: string | null = null;
  /** Shares of the initial subscription. */
  @Transform(asCount)
  @Satisfies('isSent', present, rule('mustNotBeEmpty'))
  @Satisfies('isWholeAtLeastOne', isCount, rule('invalidNumber'))
  @Max(SHARES_MAX, rule('mustBeAtMost', String(SHARES_MAX)))
  shareAmount!: number;
  @Transform(({ value }: Plain) =>
    typeof value === 'string' && value.trim() === '' ? null : asCount({ value, obj: {} }),
  )
  @ValidateIf((o: MemberAdmission) => o.memberNr !== null)
  @Satisfies('isWholeAtLeastOne', isCount, rule('invalidNumber'))
  @Max(MEMBER_NR_MAX, rule('mustBeAtMost', String(MEMBER_NR_MAX)))
  memberNr: number | null = null;
  /**
   * The cents paid with the initial subscription when it is paid in part (issue 45; 0 to its amount, the decider's
   * rule); empty: paid in full. The rest is due (docs/share-payments.md).
   */
  @Transform(({ value }: Plain) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
      ? null
      : typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
          ? Number(value.trim())
          : NaN,
  )
  @ValidateIf((o: MemberAdmission) => o.paid !== null)
  @Satisfies('isSafeInteger', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0, rule('invalidNumber'))
  @Max(AMOUNT_MAX_CENTS, rule('mustBeAtMost', String(AMOUNT_MAX_CENTS)))
  paid: number | null = null;
  /** True: recorded despite plausibility warnings (else `409 {warnings}`). */
  @ConfirmsWarnings() confirmWarnings: boolean = false;
}

/** `PUT /members/{id}`: the whole master record; approval date and interest begin may be empty once admitted. */
export class MemberMasterChange extends MemberMasterFields {
  @AsMemberText() @IsMemberText() @IsMemberDate() @DateInRange() approvalDate: string | null = null;
  @AsMemberText() @IsMemberText() @IsMemberDate() @DateInRange() interestBegin: string | null = null;
  /** True: recorded despite plausibility warnings (else `409 {warnings}`). */
  @ConfirmsWarnings() confirmWarnings: boolean = false;
}
