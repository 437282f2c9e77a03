/*
 * A transfer of Geschäftsguthaben with shares (§ 76 GenG; issue 45, decision 265): pure, shared by the ledger's decider
 * and the console's preview. The member transfers its Geschäftsguthaben, what was paid in, not the shares' nominal
 * amount: what was paid leaves with the shares up to their amount (the shares paid in leave first, as an end takes it
 * out, decision 234). Shares that leave without being paid in take the unpaid part of their price with them: the
 * receiver owes it to the cooperative (its incoming transfer is a due as a subscription is: due the nominal amount,
 * paid the Geschäftsguthaben received), and the giver's dues fall by it, taken from the giver's dues as a payment would
 * settle them, the oldest due first (decision 209), so the shares that stay owe what their subscriptions say.
 * A partial termination (2, § 67b GenG) splits its shares by the same rule (decision 267): what was paid leaves as the
 * Geschäftsguthaben paid out (§ 73 (2)), the unpaid rest is released from the member's dues and owed by nobody.
 * All amounts are integer euro cents ≥ 0.
 */

/** One due of the giver: a subscription (or incoming transfer) with something outstanding, as the dues read it. */
export interface GiverDue {
  readonly balanceId: string;
  readonly outstanding: number;
}

/** The unpaid part of a due that leaves with the shares: the receiver owes it now, the giver's due falls by it. */
export interface PassedOnDue {
  readonly balanceId: string;
  readonly amount: number;
}

/** What a transfer of shares moves. */
export interface TransferSplit {
  /** The shares' nominal amount (quantity × price). */
  readonly nominal: number;
  /** The Geschäftsguthaben that leaves the giver and comes to the receiver: what was paid, up to `nominal`. */
  readonly paid: number;
  /** What the receiver owes on the shares taken: `nominal - paid`. */
  readonly owed: number;
  /** Where `owed` came from among the giver's dues (they sum to `owed` as far as the dues reach). */
  readonly passedOn: readonly PassedOnDue[];
}

/**
 * The split of a transfer of `nominal` cents from a giver whose Geschäftsguthaben is `paidIn` and whose dues are `dues`,
 * in the order they are settled (oldest due first). A fully paid holding moves its nominal amount and passes nothing on.
 */
export function transferSplit(nominal: number, paidIn: number, dues: readonly GiverDue[]): TransferSplit {
  const paid = Math.min(nominal, Math.max(0, paidIn));
  const owed = nominal - paid;
  const passedOn: PassedOnDue[] = [];
  let left = owed;
  for (const due of dues) {
    if (left <= 0) break;
    const amount = Math.min(left, due.outstanding);
    if (amount <= 0) continue;
    passedOn.push({ balanceId: due.balanceId, amount });
    left -= amount;
  }
  return { nominal, paid, owed, passedOn };
}
