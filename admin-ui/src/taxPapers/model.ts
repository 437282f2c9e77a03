/**
 * Exemption orders (Freistellungsauftrag, FSA) and non-assessment certificates (NV) as the API answers
 * them (docs/api.md "Exemption orders and non-assessment certificates"), their fixed choices and the
 * year choices of the forms (SPEC 5, issue 5). Labels are message keys (`coop.taxPapers.*`).
 */

export type TaxPaperState = 'active' | 'inactive';

export interface ExemptionOrderRecord {
  readonly id: string;
  readonly member: string;
  readonly memberName?: string | null;
  readonly memberNr?: number | null;
  /** 0 initial, 1 follow-up. */
  readonly type: number;
  readonly joint: boolean;
  readonly fsatyp?: 'Einzelner' | 'Gemeinsamer';
  readonly spouse?: string | null;
  readonly spouseName?: string | null;
  /** Euro cents. */
  readonly amount: number;
  readonly date: string;
  readonly startDate: string;
  /** null: until revoked. */
  readonly endDate: string | null;
  readonly state: TaxPaperState;
}

export interface NonAssessmentRecord {
  readonly id: string;
  readonly member: string;
  readonly memberName?: string | null;
  readonly memberNr?: number | null;
  /** 0, 60, 100 or -1 (DOMAIN.md 2.6). */
  readonly type: number;
  readonly orderNumber: string | null;
  readonly date: string;
  readonly taxAuthorities: string | null;
  readonly startDate: string;
  readonly endDate: string;
  /** true: the original is on file; null: missing. */
  readonly original: true | null;
  readonly state: TaxPaperState;
}

/** One entry of `GET /exemptionorders/{id}/history` and `GET /nonassessments/{id}/history`, oldest first. */
export interface TaxPaperHistoryEntry {
  readonly position: string;
  readonly revision?: number;
  /** ExemptionOrderRecorded, ExemptionOrderCorrected, NonAssessmentRecorded, NonAssessmentCorrected. */
  readonly type: string;
  readonly timestamp: string;
  readonly user?: string | null;
  readonly changes?: ReadonlyArray<{ readonly field: string; readonly from: unknown; readonly to: unknown }>;
}

/** Exemption order types: 0 initial order, 1 follow-up order. */
export const EXEMPTION_ORDER_TYPES = [0, 1] as const;
/** Non-assessment types in the order of the select: full exemption first (the usual certificate). */
export const NON_ASSESSMENT_TYPES = [100, 60, 0, -1] as const;

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
export const exemptionEndYears = (thisYear: number): number[] => years(FIRST_EXEMPTION_ORDER_YEAR, thisYear + MAX_RANGE_YEARS);
/** Non-assessment years: 6 years starting 2 years back. */
export const nonAssessmentYears = (thisYear: number): number[] => years(thisYear - NV_YEARS_BACK, thisYear - NV_YEARS_BACK + NV_YEAR_CHOICES - 1);

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
export function yearChoices(list: readonly number[], edge: 'start' | 'end', current: unknown, formatDate: (iso: string) => string): YearChoice[] {
  const choices = list.map((y) => ({ id: edge === 'start' ? startOfYear(y) : endOfYear(y), name: String(y) }));
  if (typeof current === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(current) && !choices.some((c) => c.id === current)) {
    choices.push({ id: current, name: formatDate(current) });
    choices.sort((a, b) => b.id.localeCompare(a.id));
  }
  return choices;
}

/** Sparer-Pauschbetrag in cents (§ 20 Abs. 9 EStG): 801 / 1.602 € up to 2022, 1.000 / 2.000 € from 2023. */
export function saversAllowance(year: number): { single: number; joint: number } {
  return year <= 2022 ? { single: 80_100, joint: 160_200 } : { single: 100_000, joint: 200_000 };
}

/**
 * The highest amount an order may have: the lowest allowance of the years it covers (an open-ended order
 * covers every year from its start, so one starting by 2022 is held to the 2022 figure). The API decides;
 * the form shows it as a hint.
 */
export function allowanceLimit(startYear: number, endYear: number | null, joint: boolean): { limit: number; year: number } {
  const last = endYear ?? Math.max(startYear, 2023);
  let best = { limit: Number.MAX_SAFE_INTEGER, year: startYear };
  for (let y = startYear; y <= last; y++) {
    const a = saversAllowance(y);
    const limit = joint ? a.joint : a.single;
    if (limit < best.limit) best = { limit, year: y };
  }
  return best;
}

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
