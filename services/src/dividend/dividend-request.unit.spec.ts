import { describe, expect, it } from '@jest/globals';
import { DividendClosureRequest, DividendRequest, ValidationError, type FieldError } from '@coop/contracts';
import { readRequest } from '../platform/http/validation.pipe.js';
import { dividendParamsOf } from './http/dividend-params.js';

/*
 * The dividend's parameters are read and checked at the edge, by the request classes of contracts (decision 241), for
 * the calculation's query and the closure's body alike; `dividendParamsOf` only hands the checked values to the engine.
 */
const TODAY = '2026-03-15';
const ok = { year: '2025', type: 'percent', amount: '4', decision_date: '2026-05-01', payment_date: '2026-06-30' };

const calc = (input: Record<string, unknown>) => dividendParamsOf(readRequest(DividendRequest, input), TODAY);
const refusals = (
  type: new () => object,
  input: Record<string, unknown>,
): [string | null, string, Record<string, string>][] => {
  try {
    readRequest(type, input);
  } catch (error) {
    if (error instanceof ValidationError)
      return error.errors.map((e: FieldError) => [e.field, e.template, { ...e.parameters }]);
    throw error;
  }
  return [];
};

describe('dividend request', () => {
  it('reads a percentage with up to four decimals, comma or point, into one exact decimal', () => {
    expect(calc({ ...ok, amount: '4' }).amount).toBe('4');
    expect(calc({ ...ok, amount: '4,5' }).amount).toBe('4.5');
    expect(calc({ ...ok, amount: ' 3.25 ' }).amount).toBe('3.25');
    expect(calc({ ...ok, amount: '0.0001' }).amount).toBe('0.0001');
    expect(calc({ ...ok, amount: '3.1234' }).amount).toBe('3.1234');
    expect(calc({ ...ok, amount: '04,50' }).amount).toBe('4.5');
    expect(calc({ ...ok, amount: '100' }).amount).toBe('100');
    expect(readRequest(DividendRequest, { ...ok, amount: '4,5' }).amount).toBe('4.5');
  });

  it('reads a total in euros with up to two decimals as cents, exactly', () => {
    expect(calc({ ...ok, type: 'amount', amount: '333,33' }).amount).toBe('33333');
    expect(calc({ ...ok, type: 'amount', amount: '1000' }).amount).toBe('100000');
    expect(calc({ ...ok, type: 'amount', amount: '0.1' }).amount).toBe('10');
    // 0.29 × 100 in binary floating point is 28.999999999999996.
    expect(calc({ ...ok, type: 'amount', amount: '0.29' }).amount).toBe('29');
    expect(calc({ ...ok, type: 'amount', amount: '1000000000' }).amount).toBe('100000000000');
  });

  it('reads the year, an empty type as percent, a date-time as its day and empty dates of the calculation as today', () => {
    expect(calc({ ...ok, type: '', decision_date: '', payment_date: undefined })).toEqual({
      year: 2025,
      type: 'percent',
      amount: '4',
      decisionDate: TODAY,
      paymentDate: TODAY,
    });
    expect(calc({ ...ok, year: 2025, decision_date: '2026-05-01T10:00:00Z' })).toMatchObject({
      year: 2025,
      decisionDate: '2026-05-01',
    });
  });

  it('refuses bad parameters field by field, each with its template', () => {
    expect(
      refusals(DividendRequest, {
        year: 'x',
        type: 'gift',
        amount: '-4',
        decision_date: '2026-02-30',
        payment_date: 'today',
      }),
    ).toEqual([
      ['year', 'invalidNumber', {}],
      ['type', 'invalidChoice', {}],
      ['amount', 'invalidNumber', {}],
      ['decision_date', 'invalidDate', {}],
      ['payment_date', 'invalidDate', {}],
    ]);
    for (const amount of ['0', '0,0000', '', '4.12345', '1e3', '4,5,6', ' ', '4.', '.5', 'NaN', 'Infinity']) {
      expect([amount, refusals(DividendRequest, { ...ok, amount })]).toEqual([
        amount,
        [['amount', 'invalidNumber', {}]],
      ]);
    }
    expect(refusals(DividendRequest, { ...ok, type: 'amount', amount: '1.234' })).toEqual([
      ['amount', 'invalidNumber', {}],
    ]);
    expect(refusals(DividendRequest, { ...ok, year: '1899' })).toEqual([['year', 'invalidNumber', {}]]);
    expect(refusals(DividendRequest, { ...ok, year: '10000' })).toEqual([['year', 'invalidNumber', {}]]);
    expect(refusals(DividendRequest, { ...ok, payment_date: '1800-01-01' })).toEqual([
      ['payment_date', 'dateOutOfRange', { 0: '1900-01-01', 1: '2199-12-31' }],
    ]);
  });

  it('names the limit of a percentage and, as money (decision 237), of a total', () => {
    expect(refusals(DividendRequest, { ...ok, amount: '100.0001' })).toEqual([
      ['amount', 'mustBeAtMost', { 0: '100' }],
    ]);
    expect(refusals(DividendRequest, { ...ok, type: 'amount', amount: '1000000000,01' })).toEqual([
      ['amount', 'amountAtMost', { 0: '1.000.000.000,00' }],
    ]);
  });

  it('refuses over-long text before reading it', () => {
    const long = '4'.repeat(21);
    expect(refusals(DividendRequest, { ...ok, year: long, type: long, amount: long, decision_date: long })).toEqual([
      ['year', 'tooLong', { 0: '20' }],
      ['type', 'tooLong', { 0: '20' }],
      ['amount', 'tooLong', { 0: '20' }],
      ['decision_date', 'tooLong', { 0: '20' }],
    ]);
  });

  it('the closure refuses empty dates as missing (SPEC.md 5)', () => {
    expect(refusals(DividendClosureRequest, { ...ok, decision_date: '', payment_date: ' ' })).toEqual([
      ['decision_date', 'missingDecisionDate', {}],
      ['payment_date', 'missingPaymentDate', {}],
    ]);
    expect(dividendParamsOf(readRequest(DividendClosureRequest, ok), TODAY)).toEqual({
      year: 2025,
      type: 'percent',
      amount: '4',
      decisionDate: '2026-05-01',
      paymentDate: '2026-06-30',
    });
  });
});
