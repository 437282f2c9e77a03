import type { HoldingEntry } from '../../kernel/member-stream.js';

/** Holding maths of a share account: what a member held on a day, and the lowest it gets from a day on. */

export interface Holding {
  readonly shares: number;
  readonly cents: number;
}

/** The day an entry's shares count from: a subscription's admission when later than its date (§ 15b GenG, decision 334). */
export function heldFrom(entry: HoldingEntry): string {
  return entry.heldFrom ?? entry.date;
}

/** The holding as it stood at the end of `date`: the sum of every entry that counts on or before it. */
export function holdingAsOf(entries: readonly HoldingEntry[], date: string): Holding {
  let shares = 0;
  let cents = 0;
  for (const e of entries) {
    if (heldFrom(e) <= date) {
      shares += e.shares;
      cents += e.amount;
    }
  }
  return { shares, cents };
}

/**
 * The lowest end-of-day holding in shares on `from` and every later date an entry falls on.
 * A back-dated withdrawal must not make any later day's holding too low either.
 */
export function lowestSharesFrom(entries: readonly HoldingEntry[], from: string): number {
  const dates = [...new Set([from, ...entries.map(heldFrom).filter((d) => d > from)])];
  return Math.min(...dates.map((d) => holdingAsOf(entries, d).shares));
}
