import {
  CIVIL_STATUSES,
  GERMAN_STATES,
  isValidBic,
  isValidEmail,
  isValidIban,
  isValidSteuerId,
  LEGAL_FORMS,
  MEMBER_POSITIONS,
  MEMBER_TITLES,
  MEMBER_TYPES_ENTERABLE,
  memberFieldError,
  POSTAL_SALUTATIONS,
  SALUTATIONS,
  type FieldError,
  type MemberMasterData,
} from '@coop/contracts';
import { isIsoDate } from '../../kernel/business-date.js';
import { isWholeAtLeastOne } from '../../kernel/share-terms.js';
import { asBody, integer, type Body } from '../../platform/http/body.js';
import { isUnderage } from '../domain/age.js';
import { MASTER_FIELDS } from '../queries/member-reads.js';

/**
 * The HTTP edge of member master data: the create and change bodies read into typed `MemberMasterData` with the
 * shape rules of SPEC.md section 5 "Member" (required fields, choices, dates, IBAN/BIC, tax id, e-mail, a legal
 * representative for a minor). The deciders take the typed result; the rules that need the member's stream or the
 * cooperative's terms stay in them. A request class with class-validator can replace this file.
 */

/**
 * Master data as the clerk sent it: every field unchecked. `readMaster` validates and normalises it
 * (trims text, empty text to null, IBAN/BIC/country in capitals, state in small letters) into
 * `MemberMasterData`. On change, the whole record is sent (fields left out are cleared).
 */
export type MemberMasterInput = { readonly [K in keyof MemberMasterData]?: unknown };

/** A request read at the edge: the typed value, sound once `errors` is empty, and the field errors of its shape. */
export interface Parsed<T> {
  readonly value: T;
  readonly errors: readonly FieldError[];
}

/** An admission request: the master data and the shares of the initial subscription (null when not a valid number). */
export interface AdmissionInput {
  readonly master: MemberMasterData;
  readonly shareAmount: number | null;
}

/** `POST /members`: master data with approval date and interest begin required, and the initial shares. */
export function readAdmission(raw: unknown, today: string): Parsed<AdmissionInput> {
  const body = asBody(raw);
  const { master, errors } = readMaster(masterInput(body), { memberId: null, today, isNew: true });
  const v = body.shareAmount;
  const shareAmount = v === undefined || v === null || v === '' ? null : integer(body, 'shareAmount');
  if (shareAmount === null) errors.push(memberFieldError('shareAmount', 'mustNotBeEmpty'));
  else if (!isWholeAtLeastOne(shareAmount)) errors.push(memberFieldError('shareAmount', 'invalidNumber'));
  return { value: { master, shareAmount: isWholeAtLeastOne(shareAmount) ? shareAmount : null }, errors };
}

/** `PUT /members/{id}`: the whole master record of member `memberId` (fields left out are cleared). */
export function readMasterChange(raw: unknown, memberId: string, today: string): Parsed<MemberMasterData> {
  const { master, errors } = readMaster(masterInput(asBody(raw)), { memberId, today, isNew: false });
  return { value: master, errors };
}

function masterInput(body: Body): MemberMasterInput {
  const out: Record<string, unknown> = {};
  for (const f of MASTER_FIELDS) if (f in body) out[f] = body[f];
  return out as MemberMasterInput;
}

interface ReadContext {
  /** The member the data is for; null for a new one (its id is made later: it cannot be its own spouse). */
  readonly memberId: string | null;
  readonly today: string;
  readonly isNew: boolean;
}

/** SPEC.md section 5 "Member", with the normalisation described at `MemberMasterInput`. */
export function readMaster(input: MemberMasterInput, ctx: ReadContext): { master: MemberMasterData; errors: FieldError[] } {
  const r = new Reader(input);
  const memberType = r.choice('memberType', MEMBER_TYPES_ENTERABLE);
  const position = r.choice('position', MEMBER_POSITIONS);
  const salutation = r.choice('salutation', SALUTATIONS);
  const postalSalutation = r.choice('postalSalutation', POSTAL_SALUTATIONS);
  const title = r.choice('title', MEMBER_TITLES);
  const givenName = r.text('givenName');
  const name = r.text('name');
  const birthName = r.text('birthName');
  const birthDate = r.date('birthDate', ctx.today);
  const legalForm = r.choice('legalForm', LEGAL_FORMS);
  const civilStatus = r.choice('civilStatus', CIVIL_STATUSES);
  const spouse = r.text('spouse');
  const spouseGivenName = r.text('spouseGivenName');
  const spouseName = r.text('spouseName');
  const spouseBirthName = r.text('spouseBirthName');
  const spouseBirthDate = r.date('spouseBirthDate', ctx.today);
  const spouseTitle = r.choice('spouseTitle', MEMBER_TITLES);
  const street = r.text('street');
  const streetHomeNumber = r.text('streetHomeNumber');
  const zipCode = r.text('zipCode');
  const city = r.text('city');
  const isForeign = r.bool('isForeign');
  // SPEC section 4: switching isForeign clears state when foreign and country when not foreign.
  const state = isForeign ? null : r.choice('state', GERMAN_STATES, (v) => v.toLowerCase());
  const country = isForeign ? r.text('country', (v) => v.toUpperCase()) : null;
  const legalRepresentation = r.text('legalRepresentation');
  const privateEmail = r.text('privateEmail');
  const privateTelephone = r.text('privateTelephone');
  const bankname = r.text('bankname');
  const iban = r.text('iban', compactUpper);
  const bic = r.text('bic', compactUpper);
  const entryDate = r.date('entryDate');
  const approvalDate = r.date('approvalDate');
  const interestBegin = r.date('interestBegin');
  const manualTaxId = r.text('manualTaxId', (v) => v.replace(/\s+/g, ''));
  const churchId = r.text('churchId');
  const churchTaxRate = r.decimal('churchTaxRate');
  const kiSt = r.text('kiSt');
  const kiStSatz = r.decimal('kiStSatz');

  // Required and non-empty fields.
  for (const [field, value] of [
    ['name', name],
    ['bankname', bankname],
    ['bic', bic],
    ['iban', iban],
    ['city', city],
    ['street', street],
    ['streetHomeNumber', streetHomeNumber],
    ['postalSalutation', postalSalutation],
    ['entryDate', entryDate],
    ['legalForm', legalForm],
    ['memberType', memberType],
    ['position', position],
    ['zipCode', zipCode],
  ] as const) {
    r.require(field, value);
  }
  // Natural persons (anything but a legal entity, also while legalForm is missing).
  if (legalForm !== 1) {
    r.require('birthDate', birthDate);
    r.require('givenName', givenName);
    r.require('civilStatus', civilStatus);
    r.require('salutation', salutation);
  }
  if (isForeign) {
    r.require('country', country);
    if (country !== null && !/^[A-Z]{2}$/.test(country)) r.fail('country', 'invalidChoice', country);
  } else {
    r.require('state', state);
  }
  if (iban !== null && !isValidIban(iban)) r.fail('iban', 'invalidIban');
  if (bic !== null && !isValidBic(bic)) r.fail('bic', 'invalidBic');
  if (manualTaxId !== null && !isValidSteuerId(manualTaxId)) r.fail('manualTaxId', 'invalidTaxId');
  if (privateEmail !== null && !isValidEmail(privateEmail)) r.fail('privateEmail', 'invalidEmail');
  if (spouse !== null && spouse === ctx.memberId) r.fail('spouse', 'invalidChoice', spouse);
  // A legal representative is needed for a natural person under 18 (by the entered birth date).
  if (legalForm === 0 && birthDate !== null && isUnderage(birthDate, ctx.today)) r.require('legalRepresentation', legalRepresentation);
  if (ctx.isNew) {
    r.require('approvalDate', approvalDate);
    r.require('interestBegin', interestBegin);
  }

  const master = {
    memberType,
    position,
    salutation,
    postalSalutation,
    title,
    givenName,
    name,
    birthName,
    birthDate,
    legalForm,
    civilStatus,
    spouse,
    spouseGivenName,
    spouseName,
    spouseBirthName,
    spouseBirthDate,
    spouseTitle,
    street,
    streetHomeNumber,
    zipCode,
    city,
    state,
    country,
    isForeign,
    legalRepresentation,
    privateEmail,
    privateTelephone,
    bankname,
    iban,
    bic,
    entryDate,
    approvalDate,
    interestBegin,
    manualTaxId,
    churchId,
    churchTaxRate,
    kiSt,
    kiStSatz,
  };
  // Sound once `errors` is empty: every non-null field of MemberMasterData was required above.
  return { master: master as MemberMasterData, errors: r.errors };
}

/** Reads raw fields; a field gets at most one error (the first found). */
class Reader {
  readonly errors: FieldError[] = [];
  private readonly failed = new Set<string>();

  constructor(private readonly input: MemberMasterInput) {}

  private raw(field: keyof MemberMasterData): unknown {
    return this.input[field];
  }

  fail(field: string, template: Parameters<typeof memberFieldError>[1], ...params: string[]): void {
    if (this.failed.has(field)) return;
    this.failed.add(field);
    this.errors.push(memberFieldError(field, template, ...params));
  }

  require(field: string, value: unknown): void {
    if (value === null) this.fail(field, 'mustNotBeEmpty');
  }

  /** Text trimmed; empty is null. Numbers are taken as their digits (a zip code sent as a number). */
  text(field: keyof MemberMasterData, normalise: (v: string) => string = (v) => v): string | null {
    const v = this.raw(field);
    if (typeof v === 'number' && Number.isFinite(v)) return normalise(String(v));
    if (typeof v !== 'string') {
      if (v !== null && v !== undefined) this.fail(field, 'invalidChoice', String(v));
      return null;
    }
    const t = v.trim();
    return t === '' ? null : normalise(t);
  }

  /** One of `allowed`; numbers may come as digit strings. Empty is null. */
  choice<T extends string | number>(field: keyof MemberMasterData, allowed: readonly T[], normalise: (v: string) => string = (v) => v): T | null {
    const v = this.raw(field);
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const candidates: unknown[] = typeof v === 'string' ? [normalise(v.trim())] : [v];
    if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) candidates.push(Number(v));
    const found = allowed.find((a) => candidates.includes(a));
    if (found === undefined) {
      this.fail(field, 'invalidChoice', String(v));
      return null;
    }
    return found;
  }

  /** A calendar date `YYYY-MM-DD`; with `notAfter`, not later than that day (birth dates). */
  date(field: keyof MemberMasterData, notAfter?: string): string | null {
    const v = this.text(field);
    if (v === null) return null;
    if (!isIsoDate(v) || (notAfter !== undefined && v > notAfter)) {
      this.fail(field, 'invalidDate', v);
      return null;
    }
    return v;
  }

  /** A non-negative decimal (a percentage) with up to 4 decimals, kept as a string with a dot. */
  decimal(field: keyof MemberMasterData): string | null {
    const v = this.text(field, (s) => s.replace(',', '.'));
    if (v === null) return null;
    if (!/^\d{1,3}(\.\d{1,4})?$/.test(v)) {
      this.fail(field, 'invalidNumber');
      return null;
    }
    return v;
  }

  bool(field: keyof MemberMasterData): boolean {
    const v = this.raw(field);
    if (v === undefined || v === null || v === false || v === 'false' || v === 0) return false;
    if (v === true || v === 'true' || v === 1) return true;
    this.fail(field, 'invalidChoice', String(v));
    return false;
  }
}

const compactUpper = (v: string): string => v.replace(/\s+/g, '').toUpperCase();
