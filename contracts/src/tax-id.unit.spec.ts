import { describe, expect, it } from '@jest/globals';
import { hasSteuerIdStructure, isValidSteuerId, steuerIdCheckDigit } from './tax-id.js';

type Case = readonly [value: string, valid: boolean, why: string];

describe('Steuer-IdNr (DOMAIN.md 3.2.1, ISO/IEC 7064 MOD 11,10)', () => {
  describe('isValidSteuerId', () => {
    it.each<Case>([
      ['86095742719', true, 'WE-13: official ELSTER example, check digit 9'],
      ['47036892816', true, 'official example'],
      ['65929970489', true, 'official example: 9 three times, not three in a row'],
      ['57549285017', true, 'official example: 5 three times'],
      ['25768131411', true, 'official example: 1 three times'],
      ['36574261809', true, 'python-stdnum doctest'],
      ['12134567895', true, 'constructed: 1 twice, correct check digit'],
      ['12131456787', true, 'constructed: 1 three times, apart'],
      ['11213456783', true, 'constructed: 1 three times, two of them adjacent'],
      ['98765432198', true, 'constructed: 9 twice'],
      ['36574261890', false, 'WE-13: check digit should be 2, is 0'],
      ['86095742718', false, 'check digit off by one'],
      ['36554266806', false, 'WE-13: two digits repeated (5 and 6), although the check digit fits'],
      ['02476291358', false, 'official test number: starts with 0 (check digit fits)'],
      ['11123456786', false, 'a digit three times in a row (check digit fits)'],
      ['11112345678', false, 'a digit four times'],
      ['12345678903', false, 'no digit repeated (check digit fits)'],
      ['8609574271', false, '10 digits'],
      ['860957427190', false, '12 digits'],
      ['86 095 742 719', false, 'spaces are removed by the caller, not here'],
      ['8609574271a', false, 'a letter'],
      ['', false, 'empty'],
    ])('%j → %s (%s)', (value, valid) => {
      expect(isValidSteuerId(value)).toBe(valid);
    });
  });

  it('traces WE-13: the check digit of 8609574271 is 9', () => {
    expect(steuerIdCheckDigit('8609574271')).toBe(9);
  });

  it('computes 2 for 3657426189 (so 36574261890 is invalid)', () => {
    expect(steuerIdCheckDigit('3657426189')).toBe(2);
  });

  it('agrees with the equivalent formulation of DOMAIN.md (c = (((c or 10)·2) mod 11 + d) mod 10 from 5, valid iff 1)', () => {
    const alternative = (digits: string): boolean => {
      let c = 5;
      for (const ch of digits) c = ((((c || 10) * 2) % 11) + Number(ch)) % 10;
      return c === 1;
    };
    let zeros = 0;
    for (let i = 0; i < 5000; i++) {
      const first10 = String(1_000_000_007 + i * 1_799_993)
        .padStart(10, '0')
        .slice(-10);
      const check = steuerIdCheckDigit(first10);
      if (check === 0) zeros++;
      for (let d = 0; d <= 9; d++) expect(alternative(`${first10}${d}`)).toBe(d === check);
    }
    expect(zeros).toBeGreaterThan(0); // the 11 − product = 10 → 0 case is exercised
  });

  it('refuses anything but 10 digits for the check digit', () => {
    expect(() => steuerIdCheckDigit('123')).toThrow(RangeError);
  });

  it.each<Case>([
    ['36554266806', false, 'two digits repeated'],
    ['36574261890', true, 'structure fine, only the check digit is wrong'],
    ['02476291358', false, 'leading 0'],
  ])('structure of %j → %s (%s)', (value, ok) => {
    expect(hasSteuerIdStructure(value)).toBe(ok);
  });
});
