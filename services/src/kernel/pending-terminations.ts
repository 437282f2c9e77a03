import type { MemberEvent, PassedOnDue, SharePaymentCorrected } from '@coop/contracts';
import { negated, paidIn } from './geschaeftsguthaben.js';
import { evolveShareAccount, type MemberState } from './member-stream.js';
import { outstandingOf, owedOldestFirst } from './owing-postings.js';

/*
 * A partial termination (2, § 67b GenG) takes out what was paid in, up to its shares' amount, the shares paid in first,
 * as decided when its notice is recorded (decisions 234, 267): later payments pay the shares that stay. A debit
 * returned, or a payment corrected down, afterwards can leave less paid in than the termination took: it would settle
 * money the member no longer paid in (§ 73 (2) GenG pays the Geschäftsguthaben, DOMAIN.md 1.1), the member's
 * Geschäftsguthaben would fall below nothing once it took effect, and the shares that stay would owe more than their
 * price. The termination then keeps what is paid in and releases the rest of its shares' price from the dues, oldest
 * due first, as it would have been decided with the money as it now stands (decision 305).
 */

/**
 * `events` (what a decider decided on `state`: a return or a register correction) and, after them, a correction of
 * each partial termination that took more than the Geschäftsguthaben paid in by its date now holds
 * (`SharePaymentCorrected` with the parts it releases). The terminations are served in date order; a termination the
 * events correct themselves (a clerk's or the import's restatement) is left as they say.
 */
export function followPendingTerminations(state: MemberState, events: readonly MemberEvent[]): MemberEvent[] {
  return followLeavingShares(state, events, false);
}

/**
 * As followPendingTerminations, with the outgoing transfers (3) served beside the terminations, all in date order
 * (decision 327): each keeps what was paid in by its date after what those served before it keep. A transfer's unpaid
 * rest passes on to its receiver (`passedOn`, the receiver's correction is `transferChain`'s), never more than the
 * giver's dues hold, so the receiver is charged exactly what leaves the giver's dues. A change counts from the latest
 * day the events name (a return's date, a receiver's correction's `effectiveDate`) when later than the posting's.
 */
export function followLeavingShares(
  state: MemberState,
  events: readonly MemberEvent[],
  transfers: boolean,
): MemberEvent[] {
  const restated = new Set(events.flatMap((e) => (e.type === 'SharePaymentCorrected' ? [e.data.balanceId] : [])));
  const leaving = [...state.postings.values()]
    .filter((p) => (p.type === 2 || (transfers && p.type === 3)) && !p.annulated && p.payment < 0)
    .filter((p) => !restated.has(p.balanceId))
    .sort((a, b) => a.date.localeCompare(b.date) || a.balanceId.localeCompare(b.balanceId));
  if (leaving.length === 0) return [...events];
  const since = changedOn(events);
  const out: MemberEvent[] = [...events];
  let after = events.reduce(evolveShareAccount, state);
  const served = new Set<string>();
  for (const t of leaving) {
    const took = -after.postings.get(t.balanceId)!.payment;
    // What was paid in by its date, after what the terminations and transfers served before it keep; a termination
    // not served, the whole end and what is dated later take out later.
    const except = new Set<string>([t.balanceId]);
    for (const p of after.postings.values()) {
      const notServed = (p.type === 2 || (transfers && p.type === 3)) && !served.has(p.balanceId);
      if (p.date > t.date || p.balanceId === after.exitBalanceId || (notServed && (p.type === 2 || p.date === t.date)))
        except.add(p.balanceId);
    }
    served.add(t.balanceId);
    const available = Math.min(took, Math.max(0, paidIn(after, except)));
    if (available === took) continue;
    const parts: PassedOnDue[] = [];
    let left = took - available;
    for (const due of owedOldestFirst(after)) {
      if (left <= 0) break;
      const amount = Math.min(left, outstandingOf(due));
      if (amount <= 0) continue;
      parts.push({ balanceId: due.balanceId, amount });
      left -= amount;
    }
    // A transfer keeps what it cannot pass on (the receiver is charged what leaves the giver's dues, no more).
    const keeps = t.type === 3 ? available + left : available;
    if (keeps === took) continue;
    const correction: SharePaymentCorrected = {
      type: 'SharePaymentCorrected',
      data: {
        memberId: state.memberId!,
        balanceId: t.balanceId,
        rueckpfleinzahlung: negated(keeps),
        interestEnd: t.interestEnd,
        ...(parts.length > 0 ? (t.type === 3 ? { passedOn: parts } : { released: parts }) : {}),
        // A return after the posting took effect counts from its own day (decision 298).
        ...(since > t.date ? { effectiveDate: since } : {}),
      },
    };
    out.push(correction);
    after = evolveShareAccount(after, correction);
  }
  return out;
}

/** The latest day `events` name a change of money on: a return's date, a correction's `effectiveDate` ('' none). */
export function changedOn(events: readonly MemberEvent[]): string {
  let latest = '';
  for (const e of events) {
    const day =
      e.type === 'SharePaymentReturned'
        ? e.data.date
        : e.type === 'SharePaymentCorrected'
          ? (e.data.effectiveDate ?? '')
          : '';
    if (day > latest) latest = day;
  }
  return latest;
}
