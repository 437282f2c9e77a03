import { describe, expect, it } from '@jest/globals';
import {
  amountPreview,
  centsToDecimal,
  formatCountdown,
  formatCount,
  formatCountIn,
  formatDate,
  formatIban,
  formatMoney,
  parseEuroToCents,
} from './format.js';

describe('console formats', () => {
  it('shows money as 1.234,56 € from integer cents', () => {
    expect(formatMoney(123456)).toBe('1.234,56 €');
    expect(formatMoney(5)).toBe('0,05 €');
    expect(formatMoney(0)).toBe('0,00 €');
    expect(formatMoney(-25000)).toBe('-250,00 €');
    expect(formatMoney(123456789012)).toBe('1.234.567.890,12 €');
    expect(formatMoney(null)).toBe('');
    expect(centsToDecimal(25050)).toBe('250,50');
  });

  it('shows business dates as dd.MM.yyyy', () => {
    expect(formatDate('2024-03-07')).toBe('07.03.2024');
    expect(formatDate('')).toBe('');
  });

  it('shows counts with dot thousands and no decimals', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    // Under a list (issue 43): grouped as the clerk's language does.
    expect([formatCountIn('de', 1234), formatCountIn('en', 1234), formatCountIn('en', 20)]).toEqual([
      '1.234',
      '1,234',
      '20',
    ]);
    expect(formatCount(0)).toBe('0');
  });

  it.each([
    ['250', 25000],
    ['250,5', 25050],
    ['250,50', 25050],
    ['1.234,56', 123456],
    ['1.234', 123400],
    ['1234.56', 123456],
    ['0,01', 1],
    [',5', 50],
    ['250,00 €', 25000],
    [' 1 234,56 ', 123456],
    ['0.29', 29],
    ['1.15', 115],
    ['-3,10', -310],
  ])('parses %p to %p cents without float error', (input, cents) => {
    expect(parseEuroToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '1,234', '12,345', '1.23.4', '1,2,3', '12.3456', '1e3', '99999999999999999999'])(
    'refuses %p',
    (input) => {
      expect(parseEuroToCents(input)).toBeNull();
    },
  );
});

describe('the session countdown (issue 43)', () => {
  it('reads as a clock: "59:58" under an hour, "11:59:58" above, never a day field', () => {
    expect(formatCountdown(3598)).toBe('59:58');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(43_198)).toBe('11:59:58');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('the amount preview of a posting (issue 43)', () => {
  it('carries the sign through: "-1 × 250,00 € = -250,00 €" for an outgoing posting', () => {
    expect(amountPreview(1, 25_000, true)).toEqual({ quantity: '-1', price: '250,00 €', amount: '-250,00 €' });
    expect(amountPreview(2, 25_000, false)).toEqual({ quantity: '2', price: '250,00 €', amount: '500,00 €' });
  });
});

describe('an IBAN in groups of four', () => {
  it('groups an IBAN as the member pages do', () => {
    expect(formatIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
    expect(formatIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('leaves an account id that is no IBAN as it is, and nothing empty', () => {
    expect(formatIban('0532013000')).toBe('0532013000');
    expect(formatIban(null)).toBe('');
    expect(formatIban('')).toBe('');
  });
});
