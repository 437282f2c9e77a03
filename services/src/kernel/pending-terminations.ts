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
  const restated = new Set(events.flatMap((e) => (e.type === 'SharePaymentCorrected' ? [e.data.balanceId] : [])));
  const terminations = [...state.postings.values()]
    .filter((p) => p.type === 2 && !p.annulated && p.payment < 0 && !restated.has(p.balanceId))
    .sort((a, b) => a.date.localeCompare(b.date) || a.balanceId.localeCompare(b.balanceId));
  if (terminations.length === 0) return [...events];
  const returnedOn = events.reduce(
    (latest, e) => (e.type === 'SharePaymentReturned' && e.data.date > latest ? e.data.date : latest),
    '',
  );
  const out: MemberEvent[] = [...events];
  let after = events.reduce(evolveShareAccount, state);
  let taken = 0;
  for (const t of terminations) {
    const took = -after.postings.get(t.balanceId)!.payment;
    // What was paid in by the termination's date, before any termination or whole end takes it out.
    const leaving = [...after.postings.values()].filter(
      (p) => p.date > t.date || (p.type === 2 && !p.annulated) || p.balanceId === after.exitBalanceId,
    );
    const available = Math.max(0, paidIn(after, new Set(leaving.map((p) => p.balanceId))) - taken);
    const keeps = Math.min(took, available);
    taken += keeps;
    if (keeps === took) continue;
    const released: PassedOnDue[] = [];
    let left = took - keeps;
    for (const due of owedOldestFirst(after)) {
      if (left <= 0) break;
      const amount = Math.min(left, outstandingOf(due));
      if (amount <= 0) continue;
      released.push({ balanceId: due.balanceId, amount });
      left -= amount;
    }
    const correction: SharePaymentCorrected = {
      type: 'SharePaymentCorrected',
      data: {
        memberId: state.memberId!,
        balanceId: t.balanceId,
        rueckpfleinzahlung: negated(keeps),
        interestEnd: t.interestEnd,
        ...(released.length > 0 ? { released } : {}),
        // A return after the termination took effect counts from its own day (decision 298).
        ...(returnedOn > t.date ? { effectiveDate: returnedOn } : {}),
      },
    };
    out.push(correction);
    after = evolveShareAccount(after, correction);
  }
  return out;
}
