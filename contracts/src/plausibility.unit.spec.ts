import { describe, expect, it } from '@jest/globals';
import {
  interestBeginFor,
  interestBeginRuleOf,
  requireConfirmed,
  UnconfirmedWarnings,
  warning,
} from './plausibility.js';

describe("the interest begin by the cooperative's rule", () => {
  it.each([
    ['nextMonth', '2025-06-10', '2025-07-01'],
    ['nextMonth', '2025-06-01', '2025-07-01'],
    ['nextMonth', '2025-12-31', '2026-01-01'],
    ['sameDay', '2025-06-10', '2025-06-10'],
    ['nextQuarter', '2025-01-15', '2025-04-01'],
    ['nextQuarter', '2025-03-31', '2025-04-01'],
    ['nextQuarter', '2025-06-10', '2025-07-01'],
    ['nextQuarter', '2025-10-01', '2026-01-01'],
    ['nextYear', '2025-06-10', '2026-01-01'],
    ['nextYear', '2025-01-01', '2026-01-01'],
  ] as const)('%s from %s is %s', (rule, date, expected) => expect(interestBeginFor(date, rule)).toBe(expected));

  it('reads a cooperative without the setting (or an unknown one) as the 1st of the next month', () => {
    expect(interestBeginRuleOf(undefined)).toBe('nextMonth');
    expect(interestBeginRuleOf('weekly')).toBe('nextMonth');
    expect(interestBeginRuleOf('nextQuarter')).toBe('nextQuarter');
  });
});

describe('warnings need a confirmation', () => {
  it('refuses unconfirmed warnings with them, passes confirmed ones and none', () => {
    const w = [warning('date', 'dateInFuture', '2099-01-01')];
    expect(() => requireConfirmed(w, false)).toThrow(UnconfirmedWarnings);
    expect(() => requireConfirmed(w, true)).not.toThrow();
    expect(() => requireConfirmed([], false)).not.toThrow();
  });
});
