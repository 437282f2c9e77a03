import { AMOUNT_MAX_CENTS, BUSINESS_DATE_MAX, BUSINESS_DATE_MIN, DIVIDEND_TYPES, fieldError, isBusinessDateInRange, isIsoDate, type DividendType, type FieldError } from '@coop/contracts';

/** The largest dividend rate (percent of the capital) and total (cents; decision 132): every payout stays a safe integer. */
export const DIVIDEND_PERCENT_MAX = 100;
export const DIVIDEND_TOTAL_MAX_CENTS = AMOUNT_MAX_CENTS;
import { shortDecimals, type DividendParams } from '../domain/engine/index.js';

/** The parameters as sent (SPEC.md 7): the query of `GET /dividend/calc`, the body of `POST /dividend/store`. */
export interface DividendParamsInput {
  readonly year?: unknown;
  readonly type?: unknown;
  readonly amount?: unknown;
  readonly decision_date?: unknown;
  readonly payment_date?: unknown;
}

/** Read parameters, or the field errors that refuse them. */
export type ParsedParams = { readonly params: DividendParams; readonly errors?: undefined } | { readonly params?: undefined; readonly errors: FieldError[] };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * A positive decimal with at most `decimals` decimals, `,` or `.` as the decimal mark ("4", "4,5", "3.25"), as the
 * digits of the value times 10^decimals (exact: no binary floating point); null when it is not one, or zero.
 */
export function scaledDecimal(value: string, decimals: number): bigint | null {
  const m = /^(\d{1,12})(?:[.,](\d+))?$/.exec(value);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return null;
  const scaled = BigInt(m[1]! + fraction.padEnd(decimals, '0'));
  return scaled > 0n ? scaled : null;
}

/**
 * Reads the dividend's parameters. `year`: a whole number; `type`: `percent` or `amount`; `amount`: a percentage with up
 * to four decimals or a total in euros with up to two (converted to cents exactly); the dates `YYYY-MM-DD`. An empty
 * date reads as `today` when `emptyDatesAsToday` (the calculation); otherwise it is refused as missing (the closure:
 * `missingDecisionDate`, `missingPaymentDate`).
 */
export function parseDividendParams(input: DividendParamsInput, today: string, emptyDatesAsToday: boolean): ParsedParams {
  const errors: FieldError[] = [];
  const yearText = text(input.year);
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
  if (year === null || year < 1900 || year > Number(BUSINESS_DATE_MAX.slice(0, 4))) errors.push(fieldError('year', 'invalidNumber'));
  const typeText = text(input.type) || 'percent';
  const type = (DIVIDEND_TYPES as readonly string[]).includes(typeText) ? (typeText as DividendType) : null;
  if (type === null) errors.push(fieldError('type', 'invalidChoice'));
  const amountText = text(input.amount);
  const scaled = scaledDecimal(amountText, type === 'amount' ? 2 : 4);
  if (scaled === null) errors.push(fieldError('amount', 'invalidNumber'));
  else if (type === 'amount' && scaled > BigInt(DIVIDEND_TOTAL_MAX_CENTS)) errors.push(fieldError('amount', 'mustBeAtMost', String(DIVIDEND_TOTAL_MAX_CENTS / 100)));
  else if (type !== 'amount' && scaled > BigInt(DIVIDEND_PERCENT_MAX) * 10_000n) errors.push(fieldError('amount', 'mustBeAtMost', String(DIVIDEND_PERCENT_MAX)));
  const date = (field: 'decision_date' | 'payment_date', missing: 'missingDecisionDate' | 'missingPaymentDate'): string => {
    const value = text(input[field]);
    if (value === '') {
      if (emptyDatesAsToday) return today;
      errors.push(fieldError(field, missing));
      return '';
    }
    const day = /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
    if (!isIsoDate(day)) errors.push(fieldError(field, 'invalidDate'));
    else if (!isBusinessDateInRange(day)) errors.push(fieldError(field, 'dateOutOfRange', BUSINESS_DATE_MIN, BUSINESS_DATE_MAX));
    return day;
  };
  const decisionDate = date('decision_date', 'missingDecisionDate');
  const paymentDate = date('payment_date', 'missingPaymentDate');
  if (errors.length > 0 || year === null || type === null || scaled === null) return { errors };
  return { params: { year, type, amount: type === 'amount' ? scaled.toString() : shortDecimals(scaled, 10_000n, 4), decisionDate, paymentDate } };
}
