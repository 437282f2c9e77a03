/**
 * The personal tax identification number (Steuer-IdNr, § 139b AO), as DOMAIN.md 3.2.1 describes it:
 * 11 digits, the 11th an ISO/IEC 7064 MOD 11,10 check digit over the first 10.
 */

/** The ISO/IEC 7064 MOD 11,10 check digit for the first 10 digits of a Steuer-IdNr. */
export function steuerIdCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('steuerIdCheckDigit expects exactly 10 digits');
  let product = 10;
  for (const ch of first10) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/**
 * The structure rules of DOMAIN.md 3.2.1: 11 digits; the first is not 0 (those are test numbers);
 * among the first 10 exactly one digit occurs twice or three times and every other at most once;
 * a digit occurring three times does not occur three times in a row.
 */
export function hasSteuerIdStructure(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const first10 = value.slice(0, 10);
  const counts = new Map<string, number>();
  for (const ch of first10) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const repeated = [...counts.entries()].filter(([, n]) => n > 1);
  if (repeated.length !== 1) return false;
  const [digit, n] = repeated[0]!;
  if (n !== 2 && n !== 3) return false;
  return !(n === 3 && first10.includes(digit.repeat(3)));
}

/** A valid Steuer-IdNr: the structure rules and the check digit. Expects the digits only (no spaces). */
export function isValidSteuerId(value: string): boolean {
  return hasSteuerIdStructure(value) && steuerIdCheckDigit(value.slice(0, 10)) === Number(value[10]);
}
