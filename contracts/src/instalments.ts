import type { Instalment, InstalmentTerms } from './events/share-payment-events.js';
import { addMonths } from './membership-end.js';

/* Instalment plans of subscribed shares (issue 45; § 7 Nr. 1 GenG): pure helpers the console and the decider share. */

/**
 * A plan the terms allow for `unpaid` cents of `quantity` shares from `from` on: `count` (at most maxCount) equal parts,
 * `rhythmMonths` apart, the rest of the division on the last; the first raised to the least first payment
 * (`minFirstPerShare` × quantity) where the equal part is below it. Nothing unpaid: no plan. The console proposes it;
 * the clerk may change it, and the decider checks what is sent.
 */
export function proposePlan(
  unpaid: number,
  quantity: number,
  from: string,
  terms: InstalmentTerms,
  count: number = terms.maxCount,
): Instalment[] {
  if (!Number.isSafeInteger(unpaid) || unpaid <= 0) return [];
  let n = Math.max(1, Math.min(count, terms.maxCount, unpaid));
  const first = Math.max(Math.floor(unpaid / n), Math.min(unpaid, terms.minFirstPerShare * quantity));
  const rest = unpaid - first;
  // Every later instalment at least one cent.
  n = Math.min(n, rest + 1);
  const part = n > 1 ? Math.floor(rest / (n - 1)) : 0;
  return Array.from({ length: n }, (_, i) => ({
    dueDate: addMonths(from, i * terms.rhythmMonths),
    amount: i === 0 ? first : i === n - 1 ? rest - part * (n - 2) : part,
  }));
}
