import { describe, expect, it } from '@jest/globals';
import { isIsoDate } from '@coop/contracts';
import { formatEuro } from './money.js';

describe('formatEuro', () => {
  it.each([
    [25_000, '250,00'],
    [0, '0,00'],
    [5, '0,05'],
    [123_456, '1.234,56'],
    [100_000_000, '1.000.000,00'],
    [-510, '-5,10'],
  ])('%i cents → %s', (cents, text) => expect(formatEuro(cents)).toBe(text));
});

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-1-01', false],
    ['01.02.2025', false],
    ['2025-01-01T00:00:00.000Z', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
  ])('%j → %s', (value, ok) => expect(isIsoDate(value)).toBe(ok));
});
