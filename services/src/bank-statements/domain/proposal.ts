import type { StatementAllocation, UnmatchedReason } from '@coop/contracts';

/** A subscription with something outstanding, as the matching reads it (ShareDueView). */
export interface OutstandingDue {
  readonly balanceId: string;
  /** The posting's date. */
  readonly date: string;
  /** The oldest instalment not covered (null: nothing due yet by the plan, but still outstanding). */
  readonly dueSince: string | null;
  readonly outstanding: number;
}

/** Oldest first: by the date the subscription fell due (its oldest open instalment, else its date), then its date, then its id. */
export function oldestFirst(dues: readonly OutstandingDue[]): OutstandingDue[] {
  const key = (d: OutstandingDue): string => d.dueSince ?? d.date;
  return dues
    .filter((d) => d.outstanding > 0)
    .sort(
      (a, b) => key(a).localeCompare(key(b)) || a.date.localeCompare(b.date) || a.balanceId.localeCompare(b.balanceId),
    );
}

/**
 * The allocation of `amount` cents over a member's outstanding subscriptions, oldest first, each up to what it still
 * owes; the last one takes the rest. Nothing outstanding, or more than all that is outstanding: no allocation, the
 * clerk decides (the money may be meant for something else; a payment above the subscription is no payment on it).
 */
export function allocate(amount: number, dues: readonly OutstandingDue[]): StatementAllocation[] | UnmatchedReason {
  const open = oldestFirst(dues);
  if (open.length === 0) return 'nothingOutstanding';
  const total = open.reduce((s, d) => s + d.outstanding, 0);
  if (amount > total) return 'aboveOutstanding';
  const allocations: StatementAllocation[] = [];
  let rest = amount;
  for (const due of open) {
    if (rest === 0) break;
    const part = Math.min(rest, due.outstanding);
    allocations.push({ balanceId: due.balanceId, amount: part });
    rest -= part;
  }
  return allocations;
}
