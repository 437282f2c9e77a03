/**
 * Tax papers of a member (SPEC.md section 3 "ExemptionOrder", "NonAssessment"; DOMAIN.md section 2.6):
 * the codes, the saver's allowance per year and the derived state. Pure, shared by the API and the console.
 */

/** Exemption order (Freistellungsauftrag, FSA) types: 0 initial, 1 follow-up. */
export const EXEMPTION_ORDER_TYPES = [0, 1] as const;
export type ExemptionOrderType = (typeof EXEMPTION_ORDER_TYPES)[number];

/**
 * Non-assessment (NV) types (DOMAIN.md 2.6, inferred meanings): 0 no certificate (normal withholding),
 * 60 three fifths of the tax withheld (§ 44a Abs. 8), 100 full exemption (NV 1 B / NV 3 B / NV 2 B), -1 unknown.
 */
export const NON_ASSESSMENT_TYPES = [0, 60, 100, -1] as const;
export type NonAssessmentType = (typeof NON_ASSESSMENT_TYPES)[number];

/** Sparer-Pauschbetrag in euro cents per calendar year: single / joint (spouses). */
export interface SaversAllowance {
  readonly single: number;
  readonly joint: number;
}

/** § 20 Abs. 9 EStG: 801 / 1,602 € up to 2022, 1,000 / 2,000 € from 2023 (JStG 2022). */
export function saversAllowance(year: number): SaversAllowance {
  return year <= 2022 ? { single: 80_100, joint: 160_200 } : { single: 100_000, joint: 200_000 };
}

/**
 * The highest amount (cents) an exemption order may have: the allowance of every calendar year it
 * covers must hold it, so an order spanning 2022 and 2023 is held to the 2022 figure. An order without
 * an end date covers every year from its start. Answers the limit and the year that sets it.
 */
export function allowanceLimit(
  startYear: number,
  endYear: number | null,
  joint: boolean,
): { limit: number; year: number } {
  const last = endYear ?? Math.max(startYear, 2023);
  let best = { limit: Number.MAX_SAFE_INTEGER, year: startYear };
  for (let y = startYear; y <= last; y++) {
    const a = saversAllowance(y);
    const limit = joint ? a.joint : a.single;
    if (limit < best.limit) best = { limit, year: y };
  }
  return best;
}

export type TaxPaperState = 'active' | 'inactive';

/** SPEC.md section 4: active when there is no end date or it is not in the past (`today` is the business day). */
export function taxPaperState(endDate: string | null, today: string): TaxPaperState {
  return endDate === null || endDate >= today ? 'active' : 'inactive';
}

/** Latest day a paper starting on `startDate` may end to span at most `years` years: the day before the same date `years` later. */
export function latestEndDate(startDate: string, years: number): string {
  const d = new Date(`${startDate}T00:00:00Z`);
  const month = d.getUTCMonth();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  // 29 February plus whole years lands on 1 March in a common year: the range still ends on 28 February.
  if (d.getUTCMonth() !== month) d.setUTCDate(0);
  else d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Two date ranges overlap (inclusive ends; `null` end: open-ended). */
export function rangesOverlap(aStart: string, aEnd: string | null, bStart: string, bEnd: string | null): boolean {
  return (bEnd === null || aStart <= bEnd) && (aEnd === null || bStart <= aEnd);
}
