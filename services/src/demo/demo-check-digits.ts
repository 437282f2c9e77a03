/** Bank and tax identifiers with real check digits, so that the demo's data passes the validators. */
import { isValidIban, isValidSteuerId, steuerIdCheckDigit } from '@coop/contracts';
import type { Random } from './demo-random.js';

/** ISO 13616 check digits over country code and BBAN: 98 minus the remainder mod 97. */
export function ibanFor(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  const iban = `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
  if (!isValidIban(iban)) throw new Error(`The demo made an invalid IBAN: ${iban}`);
  return iban;
}

/** A valid Steuer-IdNr: nine different digits, one of them twice, the first not 0, and the MOD 11,10 check digit. */
export function steuerIdFor(r: Random): string {
  for (;;) {
    const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    for (let i = digits.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [digits[i], digits[j]] = [digits[j]!, digits[i]!];
    }
    const ten = [...digits.slice(0, 9), digits[Math.floor(r() * 9)]!];
    for (let i = ten.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [ten[i], ten[j]] = [ten[j]!, ten[i]!];
    }
    const first10 = ten.join('');
    const id = first10 + String(steuerIdCheckDigit(first10));
    if (isValidSteuerId(id)) return id;
  }
}
