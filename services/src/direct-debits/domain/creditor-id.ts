/*
 * The SEPA creditor identifier (Gläubiger-Identifikationsnummer, EPC262-08): country code, two check digits, a
 * three-character business code (`ZZZ` by default, left out of the check) and the national identifier (Germany: 11
 * digits, issued by the Bundesbank), e.g. `DE98ZZZ09999999999`. The check digits are ISO 7064 MOD 97-10 over the national
 * identifier, the country code and `00`, letters counted A = 10 … Z = 35 (as an IBAN's).
 */
const SHAPE = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/;

export function isValidCreditorId(value: string): boolean {
  const match = SHAPE.exec(value);
  if (!match) return false;
  const [, country, check, national] = match as unknown as [string, string, string, string];
  if (country === 'DE' && !/^\d{11}$/.test(national)) return false;
  const digits = `${national}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return 98 - rest === Number(check);
}
