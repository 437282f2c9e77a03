/**
 * Exemption orders (Freistellungsauftrag, FSA) and non-assessment certificates (NV) as the API answers
 * them (docs/api.md "Exemption orders and non-assessment certificates"), their fixed choices and the
 * year choices of the forms (SPEC 5, issue 5). Labels are message keys (`coop.taxPapers.*`).
 */
import {
  EXEMPTION_ORDER_TYPES,
  allowanceLimit,
  saversAllowance,
  type ExemptionOrderDto,
  type MemberDto,
  type NonAssessmentDto,
  type NonAssessmentType,
  type TaxPaperHistoryEntry,
  type TaxPaperState,
} from '@coop/contracts/console';

/** An exemption order as the API answers it (contracts `ExemptionOrderDto`). */
export type ExemptionOrderRecord = ExemptionOrderDto;

/** A non-assessment certificate as the API answers it (contracts `NonAssessmentDto`). */
export type NonAssessmentRecord = NonAssessmentDto;

export type { TaxPaperHistoryEntry, TaxPaperState };

/** Exemption order types: 0 initial order, 1 follow-up order. */
export { EXEMPTION_ORDER_TYPES };
/** Non-assessment types in the order of the select: full exemption first (the usual certificate). */
export const NON_ASSESSMENT_TYPES = [100, 60, 0, -1] as const satisfies readonly NonAssessmentType[];

/** Exemption orders: start years from 2008. */
export const FIRST_EXEMPTION_ORDER_YEAR = 2008;
/** An order or a certificate covers at most 3 years (SPEC 9). */
export const MAX_RANGE_YEARS = 3;
/** Non-assessments: 6 year choices, starting 2 years back (SPEC 5). */
export const NV_YEARS_BACK = 2;
export const NV_YEAR_CHOICES = 6;

/** The years from..to, newest first (the usual choice is near the top). */
function years(from: number, to: number): number[] {
  const out: number[] = [];
  for (let y = to; y >= from; y--) out.push(y);
  return out;
}

/** Exemption order start years: 2008 to this year. */
export const exemptionStartYears = (thisYear: number): number[] => years(FIRST_EXEMPTION_ORDER_YEAR, thisYear);
/** Exemption order end years: 2008 to 3 years ahead (the API's window; the range rule is the API's). */
export const exemptionEndYears = (thisYear: number): number[] =>
  years(FIRST_EXEMPTION_ORDER_YEAR, thisYear + MAX_RANGE_YEARS);
/** Non-assessment years: 6 years starting 2 years back. */
export const nonAssessmentYears = (thisYear: number): number[] =>
  years(thisYear - NV_YEARS_BACK, thisYear - NV_YEARS_BACK + NV_YEAR_CHOICES - 1);

/** The value of the end select for an exemption order without end ("until revoked"); sent as null. */
export const UNTIL_REVOKED = 'open';

/** The papers cover whole calendar years: they start on 1 January and end on 31 December. */
export const startOfYear = (year: number): string => `${String(year).padStart(4, '0')}-01-01`;
export const endOfYear = (year: number): string => `${String(year).padStart(4, '0')}-12-31`;

export interface YearChoice {
  readonly id: string;
  readonly name: string;
}

/**
 * The choices of a start or end select: one per year (value the first or last day of the year, label the
 * year). A stored date that is not a year boundary (recorded elsewhere) stays choosable under its own date.
 */
export function yearChoices(
  list: readonly number[],
  edge: 'start' | 'end',
  current: unknown,
  formatDate: (iso: string) => string,
): YearChoice[] {
  const choices = list.map((y) => ({ id: edge === 'start' ? startOfYear(y) : endOfYear(y), name: String(y) }));
  if (typeof current === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(current) && !choices.some((c) => c.id === current)) {
    choices.push({ id: current, name: formatDate(current) });
    choices.sort((a, b) => b.id.localeCompare(a.id));
  }
  return choices;
}

/** The saver's allowance per year and the highest amount of an order (the API decides; the form shows it as a hint). */
export { allowanceLimit, saversAllowance };

/** The year of a `YYYY-MM-DD` date, or null. */
export function yearOf(value: unknown): number | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Number(value.slice(0, 4)) : null;
}

/** "2024–2026", "since 2024" style periods are built from these: the years a paper covers. */
export function coveredYears(startDate: string, endDate: string | null): { from: number | null; to: number | null } {
  return { from: yearOf(startDate), to: endDate === null ? null : yearOf(endDate) };
}

/** The general error of an overlap names the other paper by id: find it in the member's papers. */
export function conflictingId(message: unknown, ids: readonly string[]): string | null {
  if (typeof message !== 'string' || message === '') return null;
  return ids.find((id) => message.includes(id)) ?? null;
}

/**
 * Why the member cannot give an exemption order (DOMAIN 2.6-2.8, the API refuses it too): a legal entity, or an
 * address abroad outside Germany; null when it can.
 */
export function exemptionOrderBar(
  member: Pick<MemberDto, 'legalForm' | 'isForeign' | 'country'> | undefined | null,
): 'legalEntity' | 'nonResident' | null {
  if (!member) return null;
  if (member.legalForm === 1) return 'legalEntity';
  if (member.isForeign && member.country !== 'DE') return 'nonResident';
  return null;
}

/** The spouse a joint order covers, as recorded in the member's master data: married or partnered, linked or named. */
export function recordedSpouse(
  member: Pick<MemberDto, 'legalForm' | 'civilStatus' | 'spouse' | 'spouseName' | 'spouseGivenName'> | undefined | null,
): { linked: string | null; name: string } | null {
  if (!member || member.legalForm === 1 || (member.civilStatus !== 1 && member.civilStatus !== 2)) return null;
  const name = [member.spouseName, member.spouseGivenName].filter((p) => !!p && String(p).trim() !== '').join(', ');
  if (!member.spouse && name === '') return null;
  return { linked: member.spouse ?? null, name };
}

/** A member record with a Steuer-IdNr (entered, or from the lookup). */
export const hasTaxId = (m: Pick<MemberDto, 'manualTaxId' | 'taxId'> | undefined | null): boolean =>
  !!m && (!!m.manualTaxId || !!m.taxId);

/**
 * The warnings of an order being entered, as the API will answer them: the member's tax id missing, and for a joint
 * order the spouse's (the member's `spouseTaxId`, or the linked spouse's own).
 */
export function orderTaxIdWarnings(
  member: Pick<MemberDto, 'manualTaxId' | 'taxId' | 'spouseTaxId'> | undefined | null,
  linkedSpouse: Pick<MemberDto, 'manualTaxId' | 'taxId'> | undefined | null,
  joint: boolean,
): { memberTaxIdMissing: boolean; spouseTaxIdMissing: boolean } {
  return {
    memberTaxIdMissing: !!member && !hasTaxId(member),
    spouseTaxIdMissing: !!member && joint && !member.spouseTaxId && !hasTaxId(linkedSpouse),
  };
}
