/**
 * When a membership (or a further share) ends, GenG § 65, § 67b, § 68, § 77, § 77a (DOMAIN.md 9.1): always at the end
 * of a financial year. One rule for the ledger's decider and the console's posting forms (exported to both). The
 * financial year is the calendar year (the cooperatives have no financial-year setting). Plain functions, no package.
 */

/** The statutory notice period in months (§ 65 (2) GenG): at least 3, the statutes may extend it up to 5 years. */
export const DEFAULT_NOTICE_PERIOD_MONTHS = 3;
export const MIN_NOTICE_PERIOD_MONTHS = 3;
export const MAX_NOTICE_PERIOD_MONTHS = 60;
/** The notice period of an extraordinary termination (§ 65 (3) GenG): three months to the end of a financial year. */
export const EXTRAORDINARY_NOTICE_PERIOD_MONTHS = 3;

/** Why a membership ends: death (6), a legal entity's dissolution (6, § 77a), exclusion (7), notice (8). */
export type MembershipEndReason = 'death' | 'dissolution' | 'exclusion' | 'exit';

/** The last day of the financial year `date` (`YYYY-MM-DD`) falls in: 31 December. */
export function financialYearEnd(date: string): string {
  return `${date.slice(0, 4)}-12-31`;
}

/** `date` plus `months` calendar months; a day the month lacks becomes the month's last day (31.08 + 6 = 28/29.02). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The end of the first financial year that lies at least `months` after the notice was given (§ 65 (2), § 67b):
 * notice on 2026-09-30 with 3 months ends on 2026-12-31, notice on 2026-10-01 on 2027-12-31.
 */
export function noticeEffectiveDate(noticeDate: string, months: number): string {
  return financialYearEnd(addMonths(noticeDate, months));
}

/**
 * The day a membership ends, from the date of the event that ends it: the notice date (exit, also the partial
 * termination of further shares), the date of the board's decision (exclusion, § 68), the day of death (§ 77) or of
 * the dissolution (§ 77a). An extraordinary notice (§ 65 (3)) runs three months instead of the statutory period.
 */
export function membershipEndDate(input: {
  readonly reason: MembershipEndReason | 'partial';
  readonly date: string;
  readonly noticePeriodMonths: number;
  readonly extraordinary?: boolean;
}): string {
  if (input.reason === 'exit' || input.reason === 'partial') {
    return noticeEffectiveDate(
      input.date,
      input.extraordinary === true ? EXTRAORDINARY_NOTICE_PERIOD_MONTHS : input.noticePeriodMonths,
    );
  }
  return financialYearEnd(input.date);
}

/**
 * The first day an extraordinary notice (§ 65 (3)) may be given: once the member has belonged to the cooperative for
 * one full financial year, i.e. the day after the end of the first financial year that began on or after the entry.
 */
export function extraordinaryNoticeFrom(entryDate: string): string {
  const year = Number(entryDate.slice(0, 4));
  const firstFullYear = entryDate.slice(5) === '01-01' ? year : year + 1;
  return `${String(firstFullYear + 1).padStart(4, '0')}-01-01`;
}

/** The reason a death (6) ends with: a dissolution for a legal entity (legal form 1), else a death. */
export function deathReason(legalForm: number | null | undefined): 'death' | 'dissolution' {
  return legalForm === 1 ? 'dissolution' : 'death';
}
