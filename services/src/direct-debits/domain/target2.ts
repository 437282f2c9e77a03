import { nextDay } from '@coop/contracts';

/*
 * TARGET2 business days (issue 45; docs/direct-debits.md "Collection date"). SEPA core direct debits settle on the days
 * TARGET2 (T2) is open: Monday to Friday except 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December (the
 * ECB's closing days since 2002). German regional holidays (Corpus Christi, 3 October …) are no closing days of T2; a
 * bank may still take a file later on them, which the product does not model. Since November 2016 (SEPA rulebook 9.0) a
 * core debit, first or recurring, must reach the debtor's bank one business day before the collection date (D-1): the
 * product asks the collection date to be a T2 day at least one T2 day after the day the file is made.
 */

/** Easter Sunday of `year` (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher) as `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` moved by `days` calendar days (UTC arithmetic on the calendar date; no time zone involved). */
export function addDays(date: string, days: number): string {
  const t =
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The fixed and the Easter closing days of TARGET2 in `year`. */
export function target2Holidays(year: number): ReadonlySet<string> {
  const easter = easterSunday(year);
  return new Set([
    `${year}-01-01`,
    addDays(easter, -2),
    addDays(easter, 1),
    `${year}-05-01`,
    `${year}-12-25`,
    `${year}-12-26`,
  ]);
}

/** Whether TARGET2 settles on `date` (a valid `YYYY-MM-DD`). */
export function isTarget2Day(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !target2Holidays(Number(date.slice(0, 4))).has(date);
}

/** The first TARGET2 day after `date` (never `date` itself). */
export function nextTarget2Day(date: string): string {
  let day = nextDay(date);
  while (!isTarget2Day(day)) day = nextDay(day);
  return day;
}

/**
 * The earliest collection date of a file made on `today`: the TARGET2 day after the first day the banks can take it
 * (D-1 for CORE). A file made on a Saturday or a closing day reaches the debtor's bank on the next TARGET2 day, so the
 * day after that is the earliest (made on Saturday: Tuesday, not Monday, whose D-1 was the Friday before).
 */
export const earliestCollectionDate = (today: string): string =>
  nextTarget2Day(isTarget2Day(today) ? today : nextTarget2Day(today));

/**
 * How far ahead a collection may be dated (decision 323): its debits are booked as paid in on the collection date when
 * the file is made, and a bank takes a file at most some weeks ahead (Deutsche Bank's online banking 90 days; the debtor's
 * bank gets it at most 14 days ahead). A date past this is refused rather than shown as money received for months.
 */
export const COLLECTION_HORIZON_DAYS = 90;

/** The latest collection date of a file made on `today`. */
export const latestCollectionDate = (today: string): string => addDays(today, COLLECTION_HORIZON_DAYS);
