import { describe, expect, it } from '@jest/globals';
import { civilOf, dayNumber, daysInYear, nextDay, yearDays } from './day-count.js';
import { divide, fixedDecimals, parseDecimal, shortDecimals, truncateToEuros } from './exact.js';

describe('day counts to 01.01. of the next year (DOMAIN.md 1.4, WE-10)', () => {
  it('30E/360 German: 01.01. → 360, 01.07. → 180, 15.05. → 226, 31.05. as 30.05. → 211, 31.12. → 1, 28.02. → 303', () => {
    const days = (from: string) => daysInYear(from, 2024, '30E/360');
    expect(
      ['2024-01-01', '2024-07-01', '2024-05-15', '2024-05-30', '2024-05-31', '2024-12-31', '2024-02-28'].map(days),
    ).toEqual([360, 180, 226, 211, 211, 1, 303]);
  });

  it('act/365 counts actual days and at most a whole year; act/act over 366 in a leap year', () => {
    expect(daysInYear('2024-05-15', 2024, 'act/365')).toBe(231);
    expect(daysInYear('2024-01-01', 2024, 'act/365')).toBe(365);
    expect(daysInYear('2024-01-02', 2024, 'act/365')).toBe(365);
    expect(daysInYear('2024-01-03', 2024, 'act/365')).toBe(364);
    expect(daysInYear('2024-01-01', 2024, 'act/act')).toBe(366);
    expect(daysInYear('2025-01-01', 2025, 'act/act')).toBe(365);
    expect(daysInYear('2024-12-31', 2024, 'act/act')).toBe(1);
    expect([
      yearDays('30E/360', 2024),
      yearDays('act/365', 2024),
      yearDays('act/act', 2024),
      yearDays('act/act', 2023),
    ]).toEqual([360, 365, 366, 365]);
  });

  it('a first day before the year bears the whole year, one after it nothing', () => {
    expect(daysInYear('2019-07-01', 2024, '30E/360')).toBe(360);
    expect(daysInYear('2023-12-31', 2024, 'act/act')).toBe(366);
    expect(daysInYear('2025-01-01', 2024, '30E/360')).toBe(0);
  });

  it('reads business dates exactly and refuses malformed ones', () => {
    expect(dayNumber(civilOf('1970-01-01'))).toBe(0);
    expect(dayNumber(civilOf('2025-01-01')) - dayNumber(civilOf('2024-01-01'))).toBe(366);
    expect(['2024-02-28', '2024-02-29', '2023-02-28', '2024-12-31', '2024-04-30'].map(nextDay)).toEqual([
      '2024-02-29',
      '2024-03-01',
      '2023-03-01',
      '2025-01-01',
      '2024-05-01',
    ]);
    expect(() => civilOf('2024-02-30')).toThrow();
    expect(() => civilOf('2024-5-1')).toThrow();
  });
});

describe('exact arithmetic', () => {
  it('reads decimal strings as exact fractions and refuses anything else', () => {
    expect(parseDecimal('4')).toEqual({ num: 4n, den: 1n });
    expect(parseDecimal('3.25')).toEqual({ num: 325n, den: 100n });
    expect(() => parseDecimal('-1')).toThrow();
    expect(() => parseDecimal('1e3')).toThrow();
  });

  it('truncates toward zero and rounds half away from zero', () => {
    expect([
      divide(7n, 2n, 'truncate'),
      divide(7n, 2n, 'halfUp'),
      divide(5n, 4n, 'halfUp'),
      divide(-7n, 2n, 'truncate'),
      divide(-7n, 2n, 'halfUp'),
    ]).toEqual([3n, 4n, 1n, -3n, -4n]);
  });

  it('formats fractions cut to their decimals', () => {
    expect(fixedDecimals(4n, 1n, 4)).toBe('4.0000');
    expect(fixedDecimals(1n, 3n, 4)).toBe('0.3333');
    expect(shortDecimals(189_200_000n, 36_000n, 6)).toBe('5255.555555');
    expect(shortDecimals(85n, 10n, 6)).toBe('8.5');
    expect(truncateToEuros(108_341)).toBe(1_083);
  });
});
