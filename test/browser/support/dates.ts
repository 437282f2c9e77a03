/**
 * Business dates for the browser tests. The server and the console (whose browser runs in Europe/Berlin, see
 * product.ts) take today and the year in Europe/Berlin (`businessToday()`); the test process runs in UTC, whose year is
 * one behind on New Year's Eve from 23:00 UTC. A test takes its year and its days from these, never from `new Date()`.
 */
import { businessToday } from '@coop/contracts';

/** The business year (Europe/Berlin) the server and the console take as this year. */
export function businessYear(): number {
  return Number(businessToday().slice(0, 4));
}

/**
 * `date` (`YYYY-MM-DD`), or business today when `date` is still to come: a payout or a decision the server refuses on a
 * day after today (`dateInFuture`). From 1 January on, a day of this year before `date` answers today, not before
 * 1 January: still after the end of last year, as a settlement's payout and a loss share's decision must be.
 */
export function notAfterToday(date: string): string {
  const today = businessToday();
  return date < today ? date : today;
}

/** `YYYY-MM-DD` as the console writes it: `TT.MM.JJJJ`. */
export const german = (iso: string): string => iso.split('-').reverse().join('.');
