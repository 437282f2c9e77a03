/**
 * An exact decimal (decision 241): a non-negative number written in decimal digits, read once at the edge from what a
 * clerk types ("4", "4,5", "3.25", "333,33") into one canonical text: `.` as the decimal mark, no leading zeros (but
 * one before the mark), no trailing zeros in the fraction ("4.5", "0.0001", "333.33"). It is never a binary float: the
 * dividend's percentage travels in this form from the request to the engine and into the closure's event.
 */

/** What a clerk may write: digits, optionally `,` or `.` and digits. */
const WRITTEN = /^(\d+)(?:[.,](\d+))?$/;
/** The canonical form. */
const CANONICAL = /^(0|[1-9]\d*)(?:\.(\d*[1-9]))?$/;

/** The canonical exact decimal of `text` (trimmed), or null when it is no decimal as a clerk writes one. */
export function readExactDecimal(text: string): string | null {
  const m = WRITTEN.exec(text.trim());
  if (!m) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Whether `value` is an exact decimal in its canonical form. */
export function isExactDecimal(value: unknown): value is string {
  return typeof value === 'string' && CANONICAL.test(value);
}

/** The decimals of a canonical exact decimal ("4.25": 2, "4": 0). */
export function decimalPlaces(value: string): number {
  const mark = value.indexOf('.');
  return mark < 0 ? 0 : value.length - mark - 1;
}

/** Whether a canonical exact decimal is above zero. */
export function isPositiveDecimal(value: string): boolean {
  return value !== '0';
}

/** Whether a canonical exact decimal is at most the whole number `max` (compared digit by digit, never as a float). */
export function decimalAtMost(value: string, max: bigint): boolean {
  const mark = value.indexOf('.');
  const whole = BigInt(mark < 0 ? value : value.slice(0, mark));
  return whole < max || (whole === max && mark < 0);
}

/**
 * A canonical exact decimal times 10^places, as the whole number it then is ("333.33" and 2: "33333", euros to
 * cents); `value` has at most `places` decimals (a programming error otherwise).
 */
export function shiftDecimal(value: string, places: number): string {
  const decimals = decimalPlaces(value);
  if (decimals > places) throw new Error(`${value} has more than ${places} decimals`);
  const digits = value.replace('.', '') + '0'.repeat(places - decimals);
  return digits.replace(/^0+(?=\d)/, '');
}
