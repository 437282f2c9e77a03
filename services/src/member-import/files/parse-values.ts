import type { DateFormat, NumberFormat } from '../import-types.js';

/*
 * Cell text → value, in one number or date format (import, issue 29). No floating point for money: euros are read
 * digit by digit into integer cents. Every parser answers null for a text it cannot read in the format.
 */

/** Spaces (also no-break and narrow no-break spaces), the euro sign and `EUR` around or inside a number. */
const NUMBER_NOISE = /[\s\u00a0\u202f€]|EUR/g;

const NUMBER_SHAPE: Readonly<Record<NumberFormat, RegExp>> = {
  // 1.234.567,89 | 1234567,89 | 1234567 (thousands grouped by three or not at all)
  de: /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/,
  en: /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
};

interface Decimal {
  readonly negative: boolean;
  readonly whole: string;
  readonly fraction: string;
}

function decimalOf(text: string, format: NumberFormat): Decimal | null {
  const m = NUMBER_SHAPE[format].exec(text.replace(NUMBER_NOISE, ''));
  if (!m) return null;
  return { negative: m[1] === '-', whole: (m[2] ?? '').replace(/[.,]/g, ''), fraction: m[3] ?? '' };
}

/** Whole digits and a fraction of at most two digits → cents (null when the digits exceed a safe integer). */
function centsOf(d: Decimal): number | null {
  const digits = `${d.whole}${d.fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) return null;
  return d.negative && cents !== 0 ? -cents : cents;
}

/** Euros as written in the format (at most two decimals) → integer cents; null when not such an amount. */
export function parseMoneyText(text: string, format: NumberFormat): number | null {
  const d = decimalOf(text, format);
  if (!d || d.fraction.length > 2) return null;
  return centsOf(d);
}

/** A whole number as written in the format (`1.000` in German; decimals only when all zero); null when not one. */
export function parseIntegerText(text: string, format: NumberFormat): number | null {
  const d = decimalOf(text, format);
  if (!d || /[1-9]/.test(d.fraction)) return null;
  const n = Number(d.whole);
  if (!Number.isSafeInteger(n)) return null;
  return d.negative && n !== 0 ? -n : n;
}

/**
 * A spreadsheet's number cell in euros → integer cents, through the number's shortest decimal string (`String(n)`,
 * also `1e-7` or `1.5e+21`): 1.005 is "1.005" and becomes 101 cents (half away from zero), where
 * `Math.round(1.005 * 100)` gives 100. Null for a number that is not finite or too large.
 */
export function moneyFromNumber(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!m) return null;
  const negative = m[1] === '-';
  let digits = `${m[2] ?? ''}${m[3] ?? ''}`;
  // the decimal point's place, counted from the left of `digits`, after the exponent
  let point = (m[2] ?? '').length + Number(m[4] ?? '0');
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point + 3) digits = digits.padEnd(point + 3, '0');
  const cents = Number(digits.slice(0, point + 2) || '0');
  const roundUp = Number(digits[point + 2]) >= 5;
  const total = cents + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(total)) return null;
  return negative && total !== 0 ? -total : total;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** A calendar date → `YYYY-MM-DD`; null when the day does not exist (31.02.) or the year is out of 1000–9999. */
export function businessDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Day first: 31.12.2024, 31/12/2024, 31-12-2024 (four-digit years only: `24` could be 1924 or 2024). */
const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
/** Month first, with slashes: 12/31/2024. */
const MONTH_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i;

/** A date as written in the format → `YYYY-MM-DD` (ISO `2024-12-31` is read in every format); null when not one. */
export function parseDateText(text: string, format: DateFormat): string | null {
  const t = text.trim();
  const iso = ISO.exec(t);
  if (iso) return businessDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (format === 'de') {
    const m = DAY_FIRST.exec(t);
    return m ? businessDate(Number(m[3]), Number(m[2]), Number(m[1])) : null;
  }
  if (format === 'en') {
    const m = MONTH_FIRST.exec(t);
    return m ? businessDate(Number(m[3]), Number(m[1]), Number(m[2])) : null;
  }
  return null;
}

/** A typed spreadsheet date (exceljs: the serial day as a Date at UTC midnight) → `YYYY-MM-DD`. */
export function dateFromDate(value: Date): string | null {
  if (Number.isNaN(value.getTime())) return null;
  // a serial with a time a hair before midnight still means its day: round to the nearest second first
  const d = new Date(Math.round(value.getTime() / 1000) * 1000);
  return businessDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The largest serial day Excel knows (31.12.9999). */
const MAX_SERIAL = 2958465;

/** An Excel serial day in a cell not formatted as a date (1900 date system) → `YYYY-MM-DD`; null when not a whole day number. */
export function dateFromSerial(value: number): string | null {
  if (!Number.isInteger(value) || value < 1 || value > MAX_SERIAL) return null;
  return dateFromDate(new Date(Math.round((value - 25569) * 86_400_000)));
}

/**
 * The errors a spreadsheet shows in a cell: Excel's (an XLSX file holds them in English; a CSV exported from a German
 * Excel in German: `#NV`, `#WERT!`, `#BEZUG!`, `#ZAHL!`) and LibreOffice's numbered ones (`Err:502`).
 */
const SPREADSHEET_ERRORS = new Set([
  ...['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#GETTING_DATA'],
  ...['#SPILL!', '#CALC!', '#FIELD!', '#BLOCKED!', '#CONNECT!', '#BUSY!', '#UNKNOWN!', '#EXTERNAL!', '#PYTHON!'],
  ...['#NV', '#WERT!', '#BEZUG!', '#ZAHL!', '#ÜBERLAUF!', '#KALK!', '#FELD!'],
]);
const NUMBERED_ERROR = /^Err:\d{3}$/;

/** The error a cell's text is (`#DIV/0!`), as the spreadsheet shows it; null when the text is no spreadsheet error. */
export function spreadsheetError(text: string): string | null {
  const t = text.trim();
  // most cells: neither `#…` nor `Err:…`
  if (t[0] !== '#' && t[0] !== 'E') return null;
  return SPREADSHEET_ERRORS.has(t) || NUMBERED_ERROR.test(t) ? t : null;
}

const YES = new Set(['ja', 'j', 'yes', 'y', 'true', 'wahr', 'x', '1']);
const NO = new Set(['nein', 'n', 'no', 'false', 'falsch', '0']);

/** Yes/no in German or English (`ja`, `x`, `1`, `true` …); null when neither. */
export function parseBooleanText(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return null;
}
