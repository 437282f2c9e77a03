import { SUBSCRIPTION_TYPES, type CorrectedSubscription } from '@coop/contracts';
import type { MemberPosting, MemberState } from './member-stream.js';

/*
 * What a member owes on its shares (issue 45), as the share ledger (§ 15b, transfers) and the share payments decide
 * it: one rule for both areas. A posting that takes shares owes their price: a subscription (0, 1) and an incoming
 * transfer (4), which owes what did not come paid with its shares (§ 76 GenG, decision 265).
 */

const OWING = new Set<number>(SUBSCRIPTION_TYPES);

/** Whether the posting can owe a payment: a subscription (0, 1) or an incoming transfer (4), not annulled. */
export const isSubscription = (p: MemberPosting): boolean => OWING.has(p.type) && !p.annulated;

/** The postings that can owe a payment (0, 1, 4) not annulled, in the order posted. */
export function subscriptions(state: MemberState): MemberPosting[] {
  return [...state.postings.values()].filter(isSubscription);
}

/**
 * What is outstanding on a subscription: its amount less what of it passed on with transferred shares (the receiver
 * owes that now) and less what was paid on it (never below 0).
 */
export function outstandingOf(posting: MemberPosting): number {
  return Math.max(0, posting.amount - posting.passedOn - posting.payment);
}

/**
 * The date from which a subscription's unpaid part is due: the first instalment not covered by the payments and the
 * part passed on (they settle the instalments in the order they fall due), else its date.
 */
export function dueSinceOf(posting: MemberPosting): string {
  if (posting.instalments === null || posting.instalments.length === 0) return posting.date;
  let left = Math.max(0, posting.payment - posting.paidWhenPosted) + posting.passedOn;
  for (const i of posting.instalments) {
    if (left < i.amount) return i.dueDate;
    left -= i.amount;
  }
  return posting.instalments[posting.instalments.length - 1]!.dueDate;
}

/** The member's subscriptions with something outstanding, the oldest due first (then by date, then as posted). */
export function owedOldestFirst(state: MemberState, postedBy?: string): MemberPosting[] {
  return subscriptions(state)
    .filter((p) => (postedBy === undefined || p.date <= postedBy) && outstandingOf(p) > 0)
    .sort((a, b) => dueSinceOf(a).localeCompare(dueSinceOf(b)) || a.date.localeCompare(b.date));
}

/**
 * What a whole end (6, 7, 8) and its revocation name of the member's dues (`MemberExited.dues`, decision 269): the
 * subscriptions not paid in full when posted or whose payment changed since (a register correction can open one paid
 * in full), the only ones `share_dues` stores (decision 268). None: the field is left out, so that a holding paid with
 * its postings gives the events of before.
 */
export function endedDuesField(state: MemberState): { dues?: string[] } {
  const dues = subscriptions(state)
    .filter((p) => p.paidWhenPosted < p.amount || p.payment !== p.paidWhenPosted)
    .map((p) => p.balanceId);
  return dues.length > 0 ? { dues } : {};
}

/**
 * A subscription not annulled as a register correction's due needs it (`SharePaymentCorrected.subscription`, decision
 * 268): a subscription paid in full when posted has no due stored, and the correction is what may make it owe.
 */
export function correctedSubscription(
  posting: MemberPosting,
  exitDate: string | null,
): CorrectedSubscription | undefined {
  if (!isSubscription(posting)) return undefined;
  const { type, date, quantity, amount, paidWhenPosted } = posting;
  // A due opened after a whole end was recorded is owed until its effective date, as the end's named dues (269).
  return { type, date, quantity, amount, paidWhenPosted, ...(exitDate === null ? {} : { owedUntil: exitDate }) };
}
