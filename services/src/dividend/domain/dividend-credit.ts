import { SUBSCRIPTION_TYPES } from '@coop/contracts';

/*
 * The dividend credited to the Geschäftsguthaben (issue 45; § 19 Abs. 1 S. 3 GenG, DOMAIN.md 1.6): while a member's
 * subscribed shares are not fully paid, the net dividend (after KapESt, Soli and church tax, which are withheld and
 * remitted exactly as for a payout) is credited to the subscriptions still owed, oldest first, up to what they owe; only
 * the rest is paid out. The statutes may say otherwise (the cooperative's payment terms, `creditDividendUntilPaid`
 * false): then everything is paid out. All amounts are integer cents: the credit is a split of the net, never a
 * computation, so credited + paid = net to the cent. Pure: no framework, no I/O.
 */

/** A posting of the member's share account as the rule reads it (the kernel's `MemberPosting` fits). */
export interface CreditPosting {
  readonly balanceId: string;
  readonly type: number;
  readonly date: string;
  readonly amount: number;
  /** What was paid on it (rueckpfleinzahlung: paid when posted, plus payments received, less payments returned). */
  readonly payment: number;
  /** What of its unpaid part left with shares transferred or terminated: not owed here (decisions 265, 267; absent: 0). */
  readonly passedOn?: number;
  readonly annulated: boolean;
}

/** A subscription with something still owed on it. */
export interface OutstandingSubscription {
  readonly balanceId: string;
  readonly date: string;
  readonly outstanding: number;
  /** From this day nothing of it is owed: the member's whole end took effect (decision 269). Absent: no end. */
  readonly owedUntil?: string;
}

/** Of `subscriptions`, those owed on `date`: posted by then, and the member's end (if any) not yet in effect. */
export function owedOn(subscriptions: readonly OutstandingSubscription[], date: string): OutstandingSubscription[] {
  return subscriptions.filter((s) => s.date <= date && (s.owedUntil === undefined || s.owedUntil > date));
}

/** The part of the net credited to one subscription. */
export interface SubscriptionCredit {
  readonly balanceId: string;
  readonly amount: number;
}

/** How one member's net dividend is split: credited to the Geschäftsguthaben (per subscription) and paid out. */
export interface DividendSplit {
  readonly credited: number;
  readonly paid: number;
  readonly credits: readonly SubscriptionCredit[];
}

const isSubscription = (type: number): boolean => (SUBSCRIPTION_TYPES as readonly number[]).includes(type);

/**
 * The subscriptions (posting types 0, 1 and incoming transfers 4, not annulled) posted on or before `asOf` (the
 * closure's payment date) with something outstanding (amount less what passed on and the payment), oldest first (by date, then in the order posted).
 */
export function outstandingSubscriptions(postings: Iterable<CreditPosting>, asOf: string): OutstandingSubscription[] {
  const owed: OutstandingSubscription[] = [];
  for (const p of postings) {
    if (!isSubscription(p.type) || p.annulated || p.date > asOf) continue;
    const outstanding = p.amount - (p.passedOn ?? 0) - p.payment;
    if (outstanding > 0) owed.push({ balanceId: p.balanceId, date: p.date, outstanding });
  }
  // A stable sort: postings of the same date keep the order posted.
  return owed.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Splits a member's net dividend: with `creditUntilPaid`, credited to the outstanding subscriptions oldest first, each up
 * to what it owes, the rest paid; without it, or with nothing outstanding, all paid.
 */
export function splitDividend(
  net: number,
  outstanding: readonly OutstandingSubscription[],
  creditUntilPaid: boolean,
): DividendSplit {
  if (!Number.isSafeInteger(net) || net < 0)
    throw new RangeError(`A net dividend is a whole number of cents ≥ 0, not ${net}`);
  const credits: SubscriptionCredit[] = [];
  let left = net;
  if (creditUntilPaid) {
    for (const s of outstanding) {
      if (left === 0) break;
      const amount = Math.min(left, s.outstanding);
      if (amount <= 0) continue;
      credits.push({ balanceId: s.balanceId, amount });
      left -= amount;
    }
  }
  return { credited: net - left, paid: left, credits };
}

/** The payment id of a closure's credit to one subscription: one per closure and subscription, so booking it twice is seen. */
export const creditPaymentId = (dividendId: string, balanceId: string): string => `dividend-${dividendId}-${balanceId}`;

/** One credit of a closure to a subscription, as the closure's payout records it and the member stream books it. */
export interface BookedCredit {
  readonly balanceId: string;
  readonly paymentId: string;
  readonly amount: number;
}

/** The member's share account as a closure step reads it: its postings and the ids of the payments booked on them. */
export interface CreditAccount {
  readonly postings: Iterable<CreditPosting>;
  readonly paymentIds: Iterable<string>;
  /** The effective date of the member's whole end (6, 7, 8), null or absent: none. From it nothing is owed (decision 269). */
  readonly endsOn?: string | null;
}

/**
 * A member stream already holding a credit of this closure: the step that booked it was written (its append carried the
 * payout as well), so this run must not decide it again. The closure process reads the closure's stream again.
 */
export class AlreadyCredited extends Error {
  constructor(
    readonly memberId: string,
    readonly dividendId: string,
  ) {
    super(`Member ${memberId} already holds the credit of closure ${dividendId}`);
  }
}

/**
 * The credits of one member in a closure: its net split over the subscriptions outstanding on the payment date (none
 * once the member's whole end took effect), each
 * part named by `creditPaymentId`. Refuses (AlreadyCredited) an account that already holds one of this closure's
 * credits, so that a step repeated after a crash never books a credit twice.
 */
export function memberCredits(
  dividendId: string,
  memberId: string,
  paymentDate: string,
  net: number,
  account: CreditAccount,
  creditUntilPaid: boolean,
): BookedCredit[] {
  const prefix = creditPaymentId(dividendId, '');
  for (const id of account.paymentIds) if (id.startsWith(prefix)) throw new AlreadyCredited(memberId, dividendId);
  // A member whose whole end took effect by the payment date owes nothing (§ 73 (2) GenG, decision 269): all is paid out.
  const ended = account.endsOn !== undefined && account.endsOn !== null && account.endsOn <= paymentDate;
  const owed = ended ? [] : outstandingSubscriptions(account.postings, paymentDate);
  const split = splitDividend(net, owed, creditUntilPaid);
  return split.credits.map((c) => ({
    balanceId: c.balanceId,
    paymentId: creditPaymentId(dividendId, c.balanceId),
    amount: c.amount,
  }));
}
