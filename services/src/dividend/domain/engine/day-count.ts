/**
 * Business dates and day counts of the dividend basis (DOMAIN.md 1.4, 12a.6). A posting bears dividend from its first
 * day (inclusive) to 01.01. of the next year (exclusive); the count of those days depends on the cooperative's
 * convention. Dates are `YYYY-MM-DD` strings, read without `Date` (fast, and no time zone can shift a day).
 */
import type { DayCount } from '@coop/contracts';

interface Civil {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ZERO = 48;
const digit = (text: string, at: number): number => {
  const d = text.charCodeAt(at) - ZERO;
  if (d < 0 || d > 9) throw new Error(`not a business date (YYYY-MM-DD): "${text}"`);
  return d;
};

/** The parts of a `YYYY-MM-DD` date; a malformed date is a programming error (the read models hold checked dates). */
export function civilOf(date: string): Civil {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) {
    throw new Error(`not a business date (YYYY-MM-DD): "${date}"`);
  }
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new Error(`not a calendar day: "${date}"`);
  return { year, month, day };
}

export const yearOf = (date: string): number => civilOf(date).year;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's days_from_civil, integer arithmetic only). */
export function dayNumber({ year, month, day }: Civil): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The day after `date`. */
export function nextDay(date: string): string {
  const { year, month, day } = civilOf(date);
  if (day < daysInMonth(year, month)) return `${pad(year, 4)}-${pad(month, 2)}-${pad(day + 1, 2)}`;
  if (month < 12) return `${pad(year, 4)}-${pad(month + 1, 2)}-01`;
  return `${pad(year + 1, 4)}-01-01`;
}

/** The days of a whole financial year under the convention: 360; 365; 365 or 366 (act/act in a leap year). */
export function yearDays(dayCount: DayCount, year: number): number {
  if (dayCount === '30E/360') return 360;
  if (dayCount === 'act/365') return 365;
  return isLeapYear(year) ? 366 : 365;
}

/**
 * The days a posting bears dividend in `year` when its first day is `from`: the whole year (`yearDays`) when it starts
 * before the year, 0 when after it, else the count from `from` to 01.01. of the next year (exclusive end).
 * - 30E/360 German: the 31st counts as the 30th, every month 30 days: 01.01. → 360, 01.07. → 180, 15.05. → 226 (WE-10),
 *   31.12. → 1. (Counting to 01.01. rather than to 31.12. keeps the period inclusive of the year's last day.)
 * - act/365: actual days, at most 365: in a leap year a posting from 01.01. bears one whole year, not 366/365.
 * - act/act: actual days over the year's actual days.
 */
export function daysInYear(from: string, year: number, dayCount: DayCount): number {
  const start = civilOf(from);
  const whole = yearDays(dayCount, year);
  if (start.year < year) return whole;
  if (start.year > year) return 0;
  if (dayCount === '30E/360') return 30 * (12 - start.month) + 31 - Math.min(start.day, 30);
  const leap = isLeapYear(year);
  const dayOfYear = (DAYS_BEFORE_MONTH[start.month - 1] ?? 0) + start.day + (leap && start.month > 2 ? 1 : 0);
  return Math.min((leap ? 366 : 365) - dayOfYear + 1, whole);
}

/** Days of a common year before each month. */
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334] as const;
