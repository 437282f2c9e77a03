import {
  LEAVE_REASONS,
  type LeaveReason,
  type MovementHoldingDto,
  type MovementReportDto,
} from '@coop/contracts/console';

/** The API's paths and the files' names (as the server names them in its Content-Disposition). */
export const movementPaths = {
  json: (year: number) => `/reports/movements/${year}`,
  pdf: (year: number) => ({ path: `/reports/movements/${year}.pdf`, name: `Bestandsnachweis-${year}.pdf` }),
  xlsx: (year: number) => ({ path: `/reports/movements/${year}.xlsx`, name: `Bestandsnachweis-${year}.xlsx` }),
};

/** The year of the address's `?year=` (four digits), else last year: the year whose accounts are drawn up. */
export function reportYearFrom(search: string, now = new Date()): number {
  const raw = new URLSearchParams(search).get('year') ?? '';
  return /^\d{4}$/.test(raw) ? Number(raw) : now.getFullYear() - 1;
}

/** Whether the address names a year (`?year=` of four digits); without, the screen shows the default year. */
export function namesReportYear(search: string): boolean {
  return /^\d{4}$/.test(new URLSearchParams(search).get('year') ?? '');
}

/** One refusal of the API as the console reads it (`apiFieldErrors`). */
interface Refusal {
  readonly field: string | null;
  readonly template: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/**
 * The years the API reports on, read from its refusal of a year: before the share register's first year it names that
 * year (`mustBeAtLeast`), after the current year the current one (`mustBeAtMost`). Null for any other refusal.
 */
export function yearBoundOf(
  refusals: readonly Refusal[] | null,
): { firstYear: number; lastYear?: undefined } | { firstYear?: undefined; lastYear: number } | null {
  const refusal = refusals?.find((r) => r.field === 'year');
  const bound = Number(refusal?.parameters?.['0']);
  if (!refusal || !Number.isInteger(bound)) return null;
  if (refusal.template === 'mustBeAtLeast') return { firstYear: bound };
  if (refusal.template === 'mustBeAtMost') return { lastYear: bound };
  return null;
}

/**
 * The years offered: from the report's first to its last year (newest first); before an answer the last eleven years
 * (up to this year), or from the first year a refusal named.
 */
export function yearChoices(
  report: Partial<Pick<MovementReportDto, 'firstYear' | 'lastYear'>> | null | undefined,
  now = new Date(),
): number[] {
  const last = report?.lastYear ?? now.getFullYear();
  const first = report?.firstYear ?? last - 10;
  return Array.from({ length: Math.max(1, last - first + 1) }, (_, i) => last - i);
}

/** The leavers by reason in the order of § 338 HGB's list (notice, transfer, death, exclusion, dissolution). */
export function leaversByReason(report: MovementReportDto): { reason: LeaveReason; count: number }[] {
  return LEAVE_REASONS.map((reason) => ({
    reason,
    count: report.members.leftBy.find((l) => l.reason === reason)?.count ?? 0,
  }));
}

/** The four lines of the holdings: start, added, reduced, end. */
export function holdingLines(
  report: MovementReportDto,
): { key: 'start' | 'added' | 'reduced' | 'end'; holding: MovementHoldingDto }[] {
  return (['start', 'added', 'reduced', 'end'] as const).map((key) => ({ key, holding: report[key] }));
}

/**
 * The name of a kind of posting: the console's one name of the posting type (`coop.balances.types`, the contracts'
 * `CHOICE_LABELS`, as the postings and the member's history say it), without its code; death (6) covers a legal
 * entity's dissolution too (§ 77a GenG), named as the posting form names it (`coop.balances.dissolution`).
 */
export function kindLabel(translate: (key: string) => string, kind: number): string {
  const name = translate(`coop.balances.types.${kind}`);
  return kind === 6 ? `${name} / ${translate('coop.balances.dissolution')}` : name;
}

/** A line's label: the start and the end with their day (as the members' lines and the PDF), the movements by name. */
export function lineLabel(
  t: (key: string, params?: Readonly<Record<string, unknown>>) => string,
  key: 'start' | 'added' | 'reduced' | 'end',
  report: Pick<MovementReportDto, 'from' | 'to'>,
  formatDate: (iso: string) => string,
): string {
  if (key === 'start') return t('start', { date: formatDate(report.from) });
  if (key === 'end') return t('end', { date: formatDate(report.to) });
  return t(`lines.${key}`);
}
