import { memberFieldError, ValidationError, type DividendRegisterEvent, type FieldError } from '@coop/contracts';

/**
 * The cooperative's closed years (issue 23), folded from its dividend register `dividends-<cooperativeId>`: the latest
 * year whose dividend is closing (`DividendYearClosing`) or closed (`DividendYearClosed`), null while none is. Every
 * year up to it is final: a posting dated in or before it would change a basis a dividend was (or is being) paid on.
 * Pure: the share ledger and the admission read the register, fold it here, and decide with the year.
 */
export type ClosedThrough = number | null;

export const noYearClosed: ClosedThrough = null;

/** The register's state after `event`: the latest year closing or closed (an abandoned closing stays closing). */
export function evolveClosedYears(state: ClosedThrough, event: DividendRegisterEvent): ClosedThrough {
  const year = event.data.year;
  return state === null || year > state ? year : state;
}

export function closedThroughOf(events: readonly DividendRegisterEvent[]): ClosedThrough {
  return events.reduce(evolveClosedYears, noYearClosed);
}

/** The last day of the latest closed year, `YYYY-12-31`; null while none is closed. */
function lastClosedDay(closed: ClosedThrough): string | null {
  return closed === null ? null : `${String(closed).padStart(4, '0')}-12-31`;
}

/** A business date on or before 31.12. of the latest closed year (an absent date never is). */
export function isInClosedYear(date: string | null | undefined, closed: ClosedThrough): boolean {
  const last = lastClosedDay(closed);
  return last !== null && typeof date === 'string' && date !== '' && date <= last;
}

/** The refusal `closedYear` on `field`, naming the latest closed year (corrections go into the year after it). */
export function closedYearError(field: string, closed: number): FieldError {
  return memberFieldError(field, 'closedYear', String(closed));
}

/** `closedYear` on each field whose date lies in a closed year; `dates` maps a request field to its date. Each field once, in the order given. */
export function openYearErrors(
  closed: ClosedThrough,
  dates: readonly (readonly [field: string, date: string | null | undefined])[],
): FieldError[] {
  if (closed === null) return [];
  const fields = [...new Set(dates.filter(([, date]) => isInClosedYear(date, closed)).map(([field]) => field))];
  return fields.map((field) => closedYearError(field, closed));
}

/** As openYearErrors(), thrown as a ValidationError when there is any. */
export function requireOpenYears(
  closed: ClosedThrough,
  dates: readonly (readonly [field: string, date: string | null | undefined])[],
): void {
  const errors = openYearErrors(closed, dates);
  if (errors.length > 0) throw new ValidationError(errors);
}
