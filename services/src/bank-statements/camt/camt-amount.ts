import { ENTRY_AMOUNT_MAX_CENTS } from './camt-limits.js';

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * An ISO 20022 amount (`ActiveOrHistoricCurrencyAndAmount`: digits, a point, at most two decimals for the euro) as
 * integer cents, read from the text without floats; null for anything else (a sign, a comma, a third decimal, an
 * exponent, blanks inside) or beyond ENTRY_AMOUNT_MAX_CENTS.
 */
export function centsOf(text: string): number | null {
  const m = DECIMAL.exec(text.trim());
  if (m === null) return null;
  const euros = m[1]!.replace(/^0+(?=\d)/, '');
  if (euros.length > 12) return null;
  const cents = Number(euros) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= ENTRY_AMOUNT_MAX_CENTS ? cents : null;
}
