import {
  fieldError,
  latestEndDate,
  NotFoundError,
  ValidationError,
  type FieldError,
  type LegalForm,
  type MemberMasterData,
} from '@coop/contracts';

/** SPEC.md sections 5 and 9: an exemption order or a non-assessment covers at most 3 years. */
export const MAX_RANGE_YEARS = 3;
/** Exemption orders: start years from 2008. */
export const FIRST_EXEMPTION_ORDER_YEAR = 2008;

export const yearOf = (d: string): number => Number(d.slice(0, 4));

/** The year of `d` must lie in `from`..`to` (yearOutOfRange `{0: from, 1: to}`). */
export function yearWindow(d: string, field: string, from: number, to: number, errors: FieldError[]): void {
  const y = yearOf(d);
  if (y < from || y > to) errors.push(fieldError(field, 'yearOutOfRange', String(from), String(to)));
}

/**
 * The member holding a paper, as the tax-paper rules need it (DOMAIN.md 2.6-2.8), read by the handler from the member's
 * master data on the member stream and passed in the command.
 */
export interface TaxPaperHolder {
  /** 0 natural person, 1 legal entity. */
  readonly legalForm: LegalForm;
  /**
   * Not resident in Germany (DOMAIN.md 2.8, 12a.7): an address abroad (`isForeign`) in a country other than DE. Such a
   * member is not subject to unlimited tax liability: no exemption order, no certificate that exempts.
   */
  readonly nonResident: boolean;
  /** A spouse or civil partner is recorded: civil status married (1) or partnered (2), and the spouse linked or named. */
  readonly spouseRecorded: boolean;
  /** The spouse linked as a member of the cooperative (member id), or null. */
  readonly linkedSpouse: string | null;
}

/** The holder as the member's master data describes it. */
export function holderOf(master: MemberMasterData): TaxPaperHolder {
  const partnered = master.civilStatus === 1 || master.civilStatus === 2;
  const named =
    master.spouse !== null || (master.spouseName ?? null) !== null || (master.spouseGivenName ?? null) !== null;
  return {
    legalForm: master.legalForm,
    nonResident: master.isForeign && master.country !== 'DE',
    spouseRecorded: master.legalForm === 0 && partnered && named,
    linkedSpouse: master.legalForm === 0 && partnered ? master.spouse : null,
  };
}

/** A correction that changes nothing but the end date: ending a paper stays possible whatever the member's situation now. */
export function onlyEndDateChanged<F extends { readonly endDate: string | null }>(
  current: F | undefined,
  next: F,
): boolean {
  if (current === undefined) return false;
  return (Object.keys(next) as (keyof F)[]).every((k) => k === 'endDate' || current[k] === next[k]);
}

/** The end moves later (or becomes open): the paper then covers time it did not cover before. */
export function endExtended(current: string | null, next: string | null): boolean {
  return current !== null && (next === null || next > current);
}

/** The end after the start (endDateMustBeAfterStartDate), and the range at most 3 years (dateRangeExceeds `{0: "3"}`). Both on `endDate`. */
export function rangeErrors(startDate: string, endDate: string): FieldError[] {
  if (endDate <= startDate) return [fieldError('endDate', 'endDateMustBeAfterStartDate')];
  if (endDate > latestEndDate(startDate, MAX_RANGE_YEARS))
    return [fieldError('endDate', 'dateRangeExceeds', String(MAX_RANGE_YEARS))];
  return [];
}

/** The fields of `next` that differ from `current`, for a correction event (only what changed). */
export function changed<T extends object>(current: T, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(next) as (keyof T)[]) if (current[k] !== next[k]) out[k] = next[k];
  return out;
}

/** The papers of one kind of one member, as both tax-paper deciders keep them. */
export interface MemberPapers<F> {
  readonly memberId: string | null;
  readonly cooperativeId: string | null;
  readonly papers: Readonly<Record<string, F>>;
}

/** What a record or correct command of either kind of paper carries besides its fields. */
export interface PaperWrite {
  readonly kind: 'record' | 'correct';
  readonly id: string;
  /** Empty when a new paper's request named no member (mustNotBeEmpty). */
  readonly memberId: string;
  readonly cooperativeId: string;
  /** Correction: the member the request named, if any; a paper never moves to another member. */
  readonly requestedMember: string | null;
  readonly memberKnown: boolean;
}

/**
 * The decision both kinds of paper share: a new paper needs a known member (reported with its other
 * field errors when missing) and a fresh id; a correction needs the paper on this member and cooperative,
 * keeps the member, and records only the fields that changed (nothing when none did). `validate` checks
 * the fields against the member's other papers and throws ValidationError.
 */
export function decidePaperWrite<F extends object>(
  write: PaperWrite,
  state: MemberPapers<F>,
  entity: string,
  validate: (current: F | undefined) => F,
): { readonly recorded: F } | { readonly corrected: Partial<F> } | null {
  if (write.kind === 'record') {
    if (write.memberId.trim() === '') {
      const errors = [fieldError('member', 'mustNotBeEmpty')];
      collectErrors(() => validate(undefined), errors);
      throw new ValidationError(errors);
    }
    if (!write.memberKnown) throw new NotFoundError('Member', write.memberId);
    if (state.papers[write.id]) throw new ValidationError([fieldError(null, 'invalidChoice', write.id)]);
    return { recorded: validate(undefined) };
  }
  const current = state.papers[write.id];
  if (!current || state.cooperativeId !== write.cooperativeId || state.memberId !== write.memberId)
    throw new NotFoundError(entity, write.id);
  const errors: FieldError[] = [];
  if (write.requestedMember !== null && write.requestedMember !== write.memberId)
    errors.push(fieldError('member', 'invalidChoice', write.requestedMember));
  const fields = collectErrors(() => validate(current), errors);
  if (errors.length > 0 || !fields) throw new ValidationError(errors);
  const changes = changed(current, fields);
  return Object.keys(changes).length === 0 ? null : { corrected: changes };
}

/** Evolves the papers of one member: a recorded paper is added (and names the member), a correction merges its changes. */
export function evolvePapers<F>(
  state: MemberPapers<F>,
  event:
    | {
        readonly recorded: {
          readonly id: string;
          readonly memberId: string;
          readonly cooperativeId: string;
          readonly fields: F;
        };
      }
    | { readonly corrected: { readonly id: string; readonly changes: Partial<F> } },
): MemberPapers<F> {
  if ('recorded' in event) {
    const { id, memberId, cooperativeId, fields } = event.recorded;
    return { memberId, cooperativeId, papers: { ...state.papers, [id]: fields } };
  }
  const current = state.papers[event.corrected.id];
  if (!current) return state;
  return { ...state, papers: { ...state.papers, [event.corrected.id]: { ...current, ...event.corrected.changes } } };
}

function collectErrors<T>(f: () => T, errors: FieldError[]): T | undefined {
  try {
    return f();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.errors);
    return undefined;
  }
}
