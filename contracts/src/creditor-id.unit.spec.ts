import { describe, expect, it } from '@jest/globals';
import { creditorIdCheckDigits, isValidCreditorId } from './creditor-id.js';

describe('SEPA creditor identifier (Gläubiger-ID, issue 45)', () => {
  it('accepts identifiers with right check digits (ISO 7064 mod 97-10 over the national id, the country and 00)', () => {
    // The Bundesbank's example identifier.
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    // The business code (ZZZ) is not part of the check.
    expect(isValidCreditorId('DE98ABC09999999999')).toBe(true);
    expect(creditorIdCheckDigits('DE', '00000123456')).toBe('32');
    expect(isValidCreditorId('DE32ZZZ00000123456')).toBe(true);
  });

  it('refuses wrong check digits, a wrong length for Germany, lower case and other characters', () => {
    expect(isValidCreditorId('DE97ZZZ09999999999')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ0999999999')).toBe(false);
    expect(isValidCreditorId('de98zzz09999999999')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ 09999999999')).toBe(false);
    expect(isValidCreditorId('')).toBe(false);
  });
});
