import type { TranslateFunction } from 'react-admin';

/**
 * A returned debit's reason as the clerk reads it: the bank's SEPA return code with its meaning ("MD06 – Rückgabe auf
 * Verlangen des Zahlers"), the code alone when it is not one of the codes named in `coop.directDebits.returnCodes`
 * (a bank may send others, and the clerk may type any four characters). A bare "MD06" meant nothing to a clerk.
 */
export function returnReasonText(code: string, translate: TranslateFunction): string {
  const key = `coop.directDebits.returnCodes.${code.trim().toUpperCase()}`;
  const meaning = translate(key, { _: key });
  return meaning === key ? code : `${code} – ${meaning}`;
}
