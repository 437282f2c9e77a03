/*
 * A SEPA mandate lapses when no collection was presented under it for 36 months (SEPA Core Direct Debit Rulebook,
 * section 4.7.1: the creditor must then not use it; counted from its last collection, or from its signature when it was
 * never used; decision 375). One rule for the collections (services) and the member's mandate list (console).
 */

/** The last day a mandate may still draw: 36 months after its last collection (or its signature), `YYYY-MM-DD`. */
export function mandateUsableUntil(signedOn: string, lastCollectionDate: string | null): string {
  const from = lastCollectionDate !== null && lastCollectionDate > signedOn ? lastCollectionDate : signedOn;
  const year = Number(from.slice(0, 4)) + 3;
  const monthDay = from.slice(5);
  // 29 February three years on is no day: the last day of that February.
  return monthDay === '02-29' ? `${String(year)}-02-28` : `${String(year)}${from.slice(4)}`;
}

/** Whether a mandate has lapsed by `date` (no collection for 36 months). */
export const mandateLapsedOn = (signedOn: string, lastCollectionDate: string | null, date: string): boolean =>
  date > mandateUsableUntil(signedOn, lastCollectionDate);
