import { describe, expect, it } from '@jest/globals';
import {
  isBlank,
  isValidBic,
  isValidElmaFs,
  isValidElmaKm,
  isValidEmail,
  isValidIban,
  isValidTaxNumber,
  isValidUrl,
  TAX_NUMBER_PREFIXES,
} from './validators.js';

type Case = readonly [value: string, valid: boolean, why: string];

/** Runs one table: each row is [value, expected validity, reason]. */
function table(name: string, validate: (value: string) => boolean, cases: readonly Case[]): void {
  describe(name, () => {
    it.each(cases)('%j → %s (%s)', (value, valid) => {
      expect(validate(value)).toBe(valid);
    });
  });
}

describe('validators', () => {
  table('isValidTaxNumber', isValidTaxNumber, [
    ['1121081508150', true, 'Berlin prefix 11, 0 as fifth digit, district 815'],
    ['9181081508150', true, 'Bavaria prefix 91'],
    ['5133001000012', true, 'NRW prefix 51, district 100'],
    ['1121000108150', true, 'district 001'],
    ['1121099708150', true, 'district 997 is the highest'],
    ['1921081508150', false, 'prefix 19 belongs to no state'],
    ['0021081508150', false, 'prefix 00'],
    ['6021081508150', false, 'prefix 60'],
    ['9321081508150', false, 'prefix 93'],
    ['1121181508150', false, 'fifth digit 1'],
    ['1121981508150', false, 'fifth digit 9'],
    ['1121000008150', false, 'district 000'],
    ['1121099808150', false, 'district 998'],
    ['1121099908150', false, 'district 999'],
    ['112108150815', false, '12 digits'],
    ['11210815081500', false, '14 digits'],
    ['', false, 'empty'],
    ['1121 0815 08150', false, 'spaces are not stripped by the validator'],
    ['1121/081/508150', false, 'slashes are not stripped by the validator'],
    ['11210815O8150', false, 'letter O instead of 0'],
    ['١١٢١٠٨١٥٠٨١٥٠', false, 'non-ASCII digits'],
  ]);

  describe('isValidTaxNumber prefixes', () => {
    it('lists the 21 state prefixes of the spec', () => {
      expect([...TAX_NUMBER_PREFIXES]).toEqual([
        '10',
        '11',
        '21',
        '22',
        '23',
        '24',
        '26',
        '27',
        '28',
        '30',
        '31',
        '32',
        '40',
        '41',
        '50',
        '51',
        '52',
        '53',
        '90',
        '91',
        '92',
      ]);
    });

    it.each([...TAX_NUMBER_PREFIXES])('accepts prefix %s', (prefix) => {
      expect(isValidTaxNumber(`${prefix}21081508150`)).toBe(true);
    });

    it.each(['12', '20', '25', '29', '33', '42', '54', '80', '93', '99'])('refuses prefix %s', (prefix) => {
      expect(isValidTaxNumber(`${prefix}21081508150`)).toBe(false);
    });
  });

  table('isValidIban', isValidIban, [
    ['DE89370400440532013000', true, 'German IBAN'],
    ['GB82WEST12345698765432', true, 'British IBAN with letters'],
    ['AT611904300234573201', true, 'Austrian IBAN, 20 characters'],
    ['DE89370400440532013001', false, 'wrong checksum'],
    ['DE00370400440532013000', false, 'check digits 00'],
    ['DE8937040044053201300', false, 'one digit short for DE'],
    ['DE893704004405320130000', false, 'one digit long for DE'],
    ['de89370400440532013000', false, 'lower case (the decider upper-cases first)'],
    ['DE89 3704 0044 0532 0130 00', false, 'spaces (the decider strips them first)'],
    ['XX89370400440532013000', false, 'unknown country'],
    ['', false, 'empty'],
  ]);

  table('isValidBic', isValidBic, [
    ['COBADEFFXXX', true, '11 characters'],
    ['COBADEFF', true, '8 characters'],
    ['DEUTDEDB101', true, 'branch code digits'],
    ['XYZ', false, 'too short'],
    ['COBADEFF1', false, '9 characters'],
    ['COBADEFFXXXX', false, '12 characters'],
    ['COBA1EFFXXX', false, 'digit in the bank code'],
    ['COBAD1FFXXX', false, 'digit in the country code'],
    ['', false, 'empty'],
  ]);

  table('isValidEmail', isValidEmail, [
    ['info@example.de', true, 'plain'],
    ['vorstand.eg+post@mail.genossenschaft.de', true, 'dots and plus'],
    ['info@example', false, 'no dot in the domain'],
    ['info.example.de', false, 'no @'],
    ['@example.de', false, 'no local part'],
    ['info@.de', false, 'empty domain label before the dot'],
    ['in fo@example.de', false, 'space'],
    ['info@exa@mple.de', false, 'two @'],
    ['', false, 'empty'],
  ]);

  describe('isValidEmail in one pass', () => {
    /** The expression it replaced, run only on short texts here. */
    const OLD = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

    it('agrees with the expression it replaced on every text of up to six characters of @ . a and a space', () => {
      const alphabet = ['@', '.', 'a', ' '];
      let texts = [''];
      for (let length = 1; length <= 6; length++) {
        texts = texts.flatMap((t) => alphabet.map((c) => t + c));
        for (const text of texts) expect([text, isValidEmail(text)]).toEqual([text, OLD.test(text)]);
      }
    });

    it('answers at once for the texts that made the expression take time growing with their square', () => {
      // 100,000 dots after `a@` took the expression 14-45 s (the API kept answering meanwhile: test/api/redos.e2e.spec.ts).
      expect(isValidEmail(`a@${'.'.repeat(100_000)}@`)).toBe(false);
      expect(isValidEmail(`a@${'.'.repeat(100_000)}`)).toBe(true); // as the expression: dots are text too
      expect(isValidEmail(`a@b${'.'.repeat(100_000)}c`)).toBe(true);
      expect(isValidEmail(`${'a'.repeat(100_000)}@`)).toBe(false);
    });
  });

  table('isValidUrl', isValidUrl, [
    ['http://example.de', true, 'http'],
    ['https://example.de/eg?x=1#top', true, 'https with path, query, fragment'],
    ['HTTPS://EXAMPLE.DE', true, 'scheme is case-insensitive'],
    ['ftp://example.de', false, 'ftp'],
    ['mailto:info@example.de', false, 'mailto'],
    ['javascript:alert(1)', false, 'javascript'],
    ['example.de', false, 'no scheme'],
    ['//example.de', false, 'scheme-relative'],
    ['', false, 'empty'],
  ]);

  table('isValidElmaFs', isValidElmaFs, [
    ['12345671', true, 'starts with 1'],
    ['32345679', true, 'starts with 3'],
    ['50000001', true, 'starts with 5'],
    ['79999999', true, 'starts with 7'],
    ['12345670', false, 'ends with 0'],
    ['22345671', false, 'starts with 2'],
    ['02345671', false, 'starts with 0'],
    ['92345671', false, 'starts with 9'],
    ['1234567', false, '7 digits'],
    ['123456789', false, '9 digits'],
    ['1234567a', false, 'letter'],
    [' 12345671', false, 'leading space'],
    ['', false, 'empty'],
  ]);

  table('isValidElmaKm', isValidElmaKm, [
    ['12345678901', true, '11 digits'],
    ['00000000000', true, 'zeros allowed'],
    ['1234567890', false, '10 digits'],
    ['123456789012', false, '12 digits'],
    ['1234567890a', false, 'letter'],
    ['1234 567890', false, 'space'],
    ['', false, 'empty'],
  ]);

  describe('isBlank', () => {
    it.each([undefined, null, '', ' ', '\t\n '])('%j is blank', (value) => {
      expect(isBlank(value)).toBe(true);
    });

    it.each(['a', ' a ', '0'])('%j is not blank', (value) => {
      expect(isBlank(value)).toBe(false);
    });
  });
});
