import { OUTGOING_TYPES, type BalanceType } from '@coop/contracts';

/** One entry of a share account as far as the holding is concerned: its date and signed effect. */
export interface HoldingEntry {
  /** Business date `YYYY-MM-DD`; an annulation counts at its own date, not the original's. */
  readonly date: string;
  /** Signed change in shares. */
  readonly shares: number;
  /** Signed change in euro cents. */
  readonly amount: number;
}

export interface Holding {
  readonly shares: number;
  readonly cents: number;
}

/** The holding as it stood at the end of `date`: the sum of every entry dated on or before it. */
export function holdingAsOf(entries: readonly HoldingEntry[], date: string): Holding {
  let shares = 0;
  let cents = 0;
  for (const e of entries) {
    if (e.date <= date) {
      shares += e.shares;
      cents += e.amount;
    }
  }
  return { shares, cents };
}

/**
 * The lowest end-of-day holding in shares on `from` and every later date an entry falls on.
 * A back-dated withdrawal must not make any later day's holding too low either.
 */
export function lowestSharesFrom(entries: readonly HoldingEntry[], from: string): number {
  const dates = [...new Set([from, ...entries.map((e) => e.date).filter((d) => d > from)])];
  return Math.min(...dates.map((d) => holdingAsOf(entries, d).shares));
}

/** SPEC section 4: a member is shown as exited when the exit date lies in the past. */
export function isExited(exitDate: string | null, today: string): boolean {
  return exitDate !== null && exitDate < today;
}

/**
 * Under 18 on `today` (SPEC: also when the birth date is missing). By calendar: one comes of age on
 * the 18th birthday; born on 29 February, on 1 March of a non-leap year (§ 188 Abs. 3 BGB).
 */
export function isUnderage(birthDate: string | null, today: string): boolean {
  if (birthDate === null) return true;
  return today < eighteenthBirthday(birthDate);
}

export function eighteenthBirthday(birthDate: string): string {
  const year = Number(birthDate.slice(0, 4)) + 18;
  const monthDay = birthDate.slice(5);
  if (monthDay === '02-29' && !isLeapYear(year)) return `${pad(year, 4)}-03-01`;
  return `${pad(year, 4)}-${monthDay}`;
}

/**
 * The amount of a posting in euro cents: quantity times the share price, negative for the types that
 * take shares away (2, 3, 6, 7, 8). An annulation (5) has no amount of its own.
 */
export function amountFor(type: BalanceType, quantity: number, shareCost: number): number {
  if (type === 5) throw new RangeError('An annulation reverses its original; it has no amount of its own.');
  if (!Number.isSafeInteger(quantity) || !Number.isSafeInteger(shareCost)) throw new RangeError('Quantity and share cost must be integers.');
  const amount = quantity * shareCost;
  if (!Number.isSafeInteger(amount)) throw new RangeError('Amount out of range.');
  return isOutgoing(type) ? -amount : amount;
}

export function isOutgoing(type: BalanceType): boolean {
  return (OUTGOING_TYPES as readonly number[]).includes(type);
}

/** Euro cents as the validation template shows them: `250,00`, `1.250,00`, `-5,10`. */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${pad(abs % 100, 2)}`;
}

/** A real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
