/**
 * The SEPA creditor identifier (Gläubiger-Identifikationsnummer; EPC262-08): a country code, two check digits, a
 * three-character business code (any letters or digits, left out of the check) and the national identifier (for
 * Germany `ZZZ` and 11 characters: `DE98ZZZ09999999999`). The check digits are ISO 7064 mod 97-10 as for an IBAN,
 * over the national identifier followed by the country code and `00`, letters read as 10 (A) to 35 (Z).
 */
export function isValidCreditorId(value: string): boolean {
  const m = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(value);
  if (!m) return false;
  const [, country, check, national] = m as unknown as [string, string, string, string];
  if (country === 'DE' && national.length !== 11) return false;
  return creditorIdCheckDigits(country, national) === check;
}

/** The two check digits of a creditor identifier of `country` and `national` identifier (98 less the mod 97-10 remainder). */
export function creditorIdCheckDigits(country: string, national: string): string {
  const digits = `${national}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return String(98 - rest).padStart(2, '0');
}
