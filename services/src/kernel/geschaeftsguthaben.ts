import type { MemberEvent, SharePaymentCorrected } from '@coop/contracts';
import { evolveShareAccount, type MemberState } from './member-stream.js';

/*
 * The Geschäftsguthaben (DOMAIN.md 1.1: what the member actually paid in) as the register holds it: each posting's
 * payment (`rueckpfleinzahlung`, signed like its amount). An end takes out what was paid in, never the unpaid nominal
 * amount (§ 73 (2) GenG; decision 234).
 */

/**
 * The member's Geschäftsguthaben: the payments of the postings that count, an annulled posting and its annulation left
 * out as a pair (they count as never made, DOMAIN.md 1.2), and the postings named in `except` left out.
 */
export function paidIn(state: MemberState, except: ReadonlySet<string> = new Set()): number {
  const annulled = new Set<string>();
  for (const p of state.postings.values())
    if (p.type === 5 && p.annulPeer !== null) annulled.add(p.annulPeer).add(p.balanceId);
  let sum = 0;
  for (const p of state.postings.values()) {
    if (annulled.has(p.balanceId) || p.annulated || except.has(p.balanceId)) continue;
    sum += p.payment;
  }
  return sum;
}

/** Whether the posting `balanceId` counts in `paidIn`: neither annulled nor an annulation of a pair. */
function countsInPaidIn(state: MemberState, balanceId: string): boolean {
  const posting = state.postings.get(balanceId);
  return posting !== undefined && !posting.annulated && !(posting.type === 5 && posting.annulPeer !== null);
}

/**
 * What a whole end takes out (negative, like its amount): the Geschäftsguthaben left after the postings in `except`
 * and `change` (a transfer posted with it), never more than nothing in its favour.
 */
export function wholeEndPaid(state: MemberState, except: ReadonlySet<string> = new Set(), change = 0): number {
  return negated(Math.max(0, paidIn(state, except) + change));
}

/**
 * The payments standing on postings that count in `paidIn` and dated after `day` (with the latest of their dates): a
 * payment received after an end's effective date but booked before the end was recorded (a January debit made in
 * December, the heirs paying before the death is reported). The Geschäftsguthaben on `day` had none of it (§ 73 (2)
 * GenG), so the end takes it out from its own day, as a return after the end counts from its day (decision 298).
 */
export function paidAfter(state: MemberState, day: string): { cents: number; latest: string | null } {
  let cents = 0;
  let latest: string | null = null;
  for (const p of state.sharePayments.values()) {
    if (p.returned || p.date <= day || !countsInPaidIn(state, p.balanceId)) continue;
    cents += p.amount;
    if (latest === null || p.date > latest) latest = p.date;
  }
  return { cents, latest };
}

/** `-cents`, never -0 (an event holding -0 would be written as 0 and read back different). */
export function negated(cents: number): number {
  return cents === 0 ? 0 : -cents;
}

/** `{ paid }` for an event whose payment differs from its amount, else nothing (the event reads as before issue 45). */
export function paidField(paid: number, amount: number): { paid?: number } {
  return paid === amount ? {} : { paid };
}

/**
 * A payment received or returned, or a register correction of another posting's payment, while a whole end is pending
 * (the exit posted, its day to come, or come and not yet settled) changes the Geschäftsguthaben that leaves with it:
 * the end's register payment follows, as a correction of the end posting (`SharePaymentCorrected`). It counts from the
 * end's date, or from the payment's own date when that is later (a direct debit returned after the end took effect,
 * decision 298): the year of the end then closes as it did, with nothing paid in left for the leaver, and the next year
 * moves the return and the end alike (decision 232). A correction has no date of its own (it restates its posting).
 * `events` are what a decider decided on `state`; the correction is appended after them.
 */
export function followPendingEnd(state: MemberState, events: readonly MemberEvent[]): MemberEvent[] {
  const end = state.exitBalanceId === null ? undefined : state.postings.get(state.exitBalanceId);
  if (end === undefined || end.annulated) return [...events];
  let change = 0;
  let latest = end.date;
  for (const e of events) {
    if (e.type === 'SharePaymentCorrected') {
      // A register correction restates what was paid on a posting that counts in the Geschäftsguthaben (`paidIn`): the
      // end takes out what was actually paid in, from its own date (the correction counts from its posting's date).
      const posting = state.postings.get(e.data.balanceId);
      if (posting !== undefined && posting.balanceId !== end.balanceId && countsInPaidIn(state, posting.balanceId))
        change += e.data.rueckpfleinzahlung - posting.payment;
      // A correction that counts from a later day (a receiver's, after a return; decision 327) moves the end's too.
      const on = e.data.effectiveDate;
      if (on !== undefined && on > latest) latest = on;
      continue;
    }
    if (e.type !== 'SharePaymentReceived' && e.type !== 'SharePaymentReturned') continue;
    // A payment on an annulled posting is no part of the Geschäftsguthaben (`paidIn`): its annulation follows it.
    if (state.postings.get(e.data.balanceId)?.annulated === true) continue;
    change += e.type === 'SharePaymentReceived' ? e.data.amount : -e.data.amount;
    if (e.data.date > latest) latest = e.data.date;
  }
  if (change === 0) return [...events];
  // Of the end's payment, what came in after the end's day (decision 414): the settlement refunds it apart.
  const lateBefore = paidAfter(state, end.date).cents;
  const lateAfter = paidAfter(events.reduce(evolveShareAccount, state), end.date).cents;
  const correction: SharePaymentCorrected = {
    type: 'SharePaymentCorrected',
    data: {
      memberId: state.memberId!,
      balanceId: end.balanceId,
      rueckpfleinzahlung: end.payment - change,
      interestEnd: end.interestEnd,
      // Only when later than the end: a correction dated on its posting's date reads as before (decision 232).
      ...(latest > end.date ? { effectiveDate: latest } : {}),
      ...(lateBefore > 0 || lateAfter > 0 ? { paidAfterEnd: Math.max(0, lateAfter) } : {}),
    },
  };
  return [...events, correction];
}

/**
 * A payment returned on a posting annulled after it was received (a direct debit booked on further shares, the shares
 * annulled, then the debit returned): the annulation gave back what was paid on the posting (decision 234), the
 * returned amount included, which never stayed. Its register payment follows, as a correction of the annulation
 * (`SharePaymentCorrected`, counting from the return's date when later; decision 299), so the annulled pair again
 * holds nothing, as `paidIn` reads it. `events` are what a decider decided on `state`; the corrections follow them.
 */
export function followAnnulments(state: MemberState, events: readonly MemberEvent[]): MemberEvent[] {
  const changes = new Map<string, { change: number; latest: string }>();
  for (const e of events) {
    if (e.type !== 'SharePaymentReceived' && e.type !== 'SharePaymentReturned') continue;
    if (state.postings.get(e.data.balanceId)?.annulated !== true) continue;
    const annulation = [...state.postings.values()].find((p) => p.type === 5 && p.annulPeer === e.data.balanceId);
    if (annulation === undefined) continue;
    const before = changes.get(annulation.balanceId) ?? { change: 0, latest: annulation.date };
    const change = e.type === 'SharePaymentReceived' ? e.data.amount : -e.data.amount;
    changes.set(annulation.balanceId, {
      change: before.change + change,
      latest: e.data.date > before.latest ? e.data.date : before.latest,
    });
  }
  const corrections: SharePaymentCorrected[] = [];
  for (const [balanceId, { change, latest }] of changes) {
    const annulation = state.postings.get(balanceId)!;
    if (change === 0) continue;
    corrections.push({
      type: 'SharePaymentCorrected',
      data: {
        memberId: state.memberId!,
        balanceId,
        rueckpfleinzahlung: annulation.payment - change,
        interestEnd: annulation.interestEnd,
        ...(latest > annulation.date ? { effectiveDate: latest } : {}),
      },
    });
  }
  return [...events, ...corrections];
}
