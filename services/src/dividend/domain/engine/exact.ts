/**
 * Exact arithmetic for money (issue 23): integer cents and rationals on BigInt, never a binary floating-point division.
 * A percentage or rate is read from its decimal string as the exact fraction `num / den` with `den` a power of ten.
 */
import type { RoundingMode } from '@coop/contracts';

/** A non-negative exact fraction `num / den` (`den` > 0). */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The exact value of a non-negative decimal string ("4", "3.25", "0.0001"); anything else is a programming error. */
export function parseDecimal(text: string): Ratio {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`not a non-negative decimal number: "${text}"`);
  const decimals = match[2] ?? '';
  return { num: BigInt(`${match[1]}${decimals}`), den: 10n ** BigInt(decimals.length) };
}

/** `num / den` rounded to an integer: `truncate` toward zero, `halfUp` to the nearest with halves away from zero. */
export function divide(num: bigint, den: bigint, mode: RoundingMode): bigint {
  if (den <= 0n) throw new Error('division by a non-positive denominator');
  const quotient = num / den; // BigInt division truncates toward zero
  if (mode === 'truncate') return quotient;
  const rest = num % den;
  const twice = 2n * (rest < 0n ? -rest : rest);
  if (twice >= den) return num < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

/** A BigInt amount as a `number`, which it must represent exactly (a safe integer). */
export function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`amount ${value} is beyond the safe integer range`);
  return n;
}

/** `a + b` for safe integers, asserting the result is one too (so no sum silently loses a cent). */
export function addSafe(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new Error(`sum ${a} + ${b} is beyond the safe integer range`);
  return sum;
}

/** Whole euros of a cent amount, cut toward zero (§ 44 Abs. 1 S. 6 EStG for the KapESt due). */
export function truncateToEuros(cents: number): number {
  return toSafe(BigInt(cents) / 100n);
}

function digits(num: bigint, den: bigint, decimals: number): { whole: string; fraction: string } {
  const negative = num < 0n;
  const scaled = ((negative ? -num : num) * 10n ** BigInt(decimals)) / den;
  const text = scaled.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  return { whole: negative && scaled !== 0n ? `-${whole}` : whole, fraction: text.slice(text.length - decimals) };
}

/** `num / den` cut (toward zero) to exactly `decimals` decimals: "4.0000", "3.3333". */
export function fixedDecimals(num: bigint, den: bigint, decimals: number): string {
  const { whole, fraction } = digits(num, den, decimals);
  return decimals === 0 ? whole : `${whole}.${fraction}`;
}

/** `num / den` cut (toward zero) to at most `decimals` decimals, trailing zeros dropped: "5255.555555", "9", "8.5". */
export function shortDecimals(num: bigint, den: bigint, decimals: number): string {
  const { whole, fraction } = digits(num, den, decimals);
  const kept = fraction.replace(/0+$/, '');
  return kept === '' ? whole : `${whole}.${kept}`;
}
