import { describe, expect, it } from '@jest/globals';
import { parseDividendParams, scaledDecimal } from './http/dividend-params.js';

const TODAY = '2026-03-15';
const ok = { year: '2025', type: 'percent', amount: '4', decision_date: '2026-05-01', payment_date: '2026-06-30' };

describe('dividend parameters', () => {
  it('reads a percentage with up to four decimals, comma or point, exactly', () => {
    expect(parseDividendParams({ ...ok, amount: '4' }, TODAY, true).params?.amount).toBe('4');
    expect(parseDividendParams({ ...ok, amount: '4,5' }, TODAY, true).params?.amount).toBe('4.5');
    expect(parseDividendParams({ ...ok, amount: '3.25' }, TODAY, true).params?.amount).toBe('3.25');
    expect(parseDividendParams({ ...ok, amount: '0.0001' }, TODAY, true).params?.amount).toBe('0.0001');
    expect(parseDividendParams({ ...ok, amount: '3.1234' }, TODAY, true).params?.amount).toBe('3.1234');
  });

  it('reads a total in euros with up to two decimals as cents, exactly', () => {
    expect(parseDividendParams({ ...ok, type: 'amount', amount: '333,33' }, TODAY, true).params?.amount).toBe('33333');
    expect(parseDividendParams({ ...ok, type: 'amount', amount: '1000' }, TODAY, true).params?.amount).toBe('100000');
    expect(parseDividendParams({ ...ok, type: 'amount', amount: '0.1' }, TODAY, true).params?.amount).toBe('10');
    // 0.29 × 100 in binary floating point is 28.999999999999996.
    expect(parseDividendParams({ ...ok, type: 'amount', amount: '0.29' }, TODAY, true).params?.amount).toBe('29');
  });

  it('refuses bad parameters field by field', () => {
    const bad = parseDividendParams({ year: 'x', type: 'gift', amount: '-4', decision_date: '2026-02-30', payment_date: 'today' }, TODAY, true);
    expect(bad.errors?.map((e) => [e.field, e.template])).toEqual([
      ['year', 'invalidNumber'],
      ['type', 'invalidChoice'],
      ['amount', 'invalidNumber'],
      ['decision_date', 'invalidDate'],
      ['payment_date', 'invalidDate'],
    ]);
    for (const amount of ['0', '', '4.12345', '1e3', '4,5,6', ' ']) expect(parseDividendParams({ ...ok, amount }, TODAY, true).errors).toHaveLength(1);
    expect(parseDividendParams({ ...ok, type: 'amount', amount: '1.234' }, TODAY, true).errors?.[0]?.field).toBe('amount');
  });

  it('reads empty dates as today for a calculation, and refuses them as missing for a closure', () => {
    expect(parseDividendParams({ ...ok, decision_date: '', payment_date: undefined }, TODAY, true).params).toMatchObject({ decisionDate: TODAY, paymentDate: TODAY });
    expect(parseDividendParams({ ...ok, decision_date: '', payment_date: '' }, TODAY, false).errors?.map((e) => [e.field, e.template])).toEqual([
      ['decision_date', 'missingDecisionDate'],
      ['payment_date', 'missingPaymentDate'],
    ]);
  });

  it('scales decimals without floating point', () => {
    expect(scaledDecimal('123456789012,34', 2)).toBe(12345678901234n);
    expect(scaledDecimal('0,00', 2)).toBeNull();
  });
});
