import { describe, expect, it } from '@jest/globals';
import { eighteenthBirthday, isExited, isUnderage } from './domain/age.js';

describe('isExited (exit date in the past)', () => {
  it.each([
    [null, false],
    ['2025-06-14', true],
    ['2025-06-15', false],
    ['2025-12-31', false],
  ])('exit date %j on 2025-06-15 → %s', (exitDate, exited) => expect(isExited(exitDate, '2025-06-15')).toBe(exited));
});

describe('isUnderage (by calendar, the 18th birthday)', () => {
  it.each([
    ['2007-06-15', '2025-06-15', false, '18th birthday today'],
    ['2007-06-16', '2025-06-15', true, '18th birthday tomorrow'],
    ['2007-06-14', '2025-06-15', false, 'turned 18 yesterday'],
    ['1980-01-01', '2025-06-15', false, 'adult'],
    ['2025-01-01', '2025-06-15', true, 'baby'],
    ['2004-02-29', '2022-02-28', true, 'born 29 February: not yet on 28 February of a non-leap year'],
    ['2004-02-29', '2022-03-01', false, 'born 29 February: of age on 1 March of a non-leap year'],
  ])('born %s, on %s → %s (%s)', (birthDate, today, underage) => expect(isUnderage(birthDate, today)).toBe(underage));

  it('treats a missing birth date as underage (SPEC section 5)', () =>
    expect(isUnderage(null, '2025-06-15')).toBe(true));
  it('gives the 18th birthday', () => {
    expect(eighteenthBirthday('2007-06-15')).toBe('2025-06-15');
    expect(eighteenthBirthday('2004-02-29')).toBe('2022-03-01');
  });
});
