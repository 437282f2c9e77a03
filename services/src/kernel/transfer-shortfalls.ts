import type { MemberEvent, SharePaymentCorrected } from '@coop/contracts';
import { followPendingEnd } from './geschaeftsguthaben.js';
import { evolveShareAccount, type MemberState } from './member-stream.js';
import { correctedSubscription } from './owing-postings.js';
import { followLeavingShares } from './pending-terminations.js';

/*
 * A transfer (3, 4; § 76 GenG) moves the Geschäftsguthaben, what was paid in (decision 265). A debit returned, or a
 * payment corrected down, after the transfer can leave the giver with less paid in by the transfer's date than the
 * transfer moved: the giver's Geschäftsguthaben would fall below nothing (DOMAIN.md 1.1: it is what was actually paid
 * in) and the receiver would hold money nobody paid, which a settlement (§ 73) or a dividend pays out. The transfer is
 * then corrected as it would have been decided with the money as it now stands (decision 327): it keeps what was paid
 * in by its date, the unpaid rest of its shares' price leaves the giver's dues (oldest due first) and passes on to the
 * receiver, whose incoming transfer comes with that much less and owes it. The receiver's own partial terminations,
 * transfers and pending end follow in turn, so a chain of transfers is corrected along its length.
 */

/** What an incoming transfer loses when its outgoing half is corrected down: `shortfall` cents of its Geschäftsguthaben. */
export interface ReceivedShortfall {
  /** The receiving member and its incoming transfer (4). */
  readonly memberId: string;
  readonly balanceId: string;
  readonly shortfall: number;
  /** The day the change counts from when later than the transfer's date (the return's). */
  readonly effectiveDate?: string;
}

/**
 * What follows a change of the Geschäftsguthaben (a return, a register correction) on the member's stream, in order:
 * an annulation's correction is the caller's; then the partial terminations (decision 305) and the outgoing transfers
 * (327) together in date order, then a pending whole end (234).
 */
export function followPaidInChange(state: MemberState, events: readonly MemberEvent[]): MemberEvent[] {
  return followPendingEnd(state, followLeavingShares(state, events, true));
}

/** The receivers' incoming transfers that lose Geschäftsguthaben by the transfers `events` correct on `state`. */
export function receivedShortfalls(state: MemberState, events: readonly MemberEvent[]): ReceivedShortfall[] {
  const out: ReceivedShortfall[] = [];
  for (const e of events) {
    if (e.type !== 'SharePaymentCorrected') continue;
    const t = state.postings.get(e.data.balanceId);
    if (t === undefined || t.type !== 3 || t.transferTo === null || t.transferPeer === null) continue;
    // Both negative: what the transfer moved before and after the correction.
    const shortfall = e.data.rueckpfleinzahlung - t.payment;
    if (shortfall <= 0) continue;
    const { effectiveDate } = e.data;
    out.push({
      memberId: t.transferTo,
      balanceId: t.transferPeer,
      shortfall,
      ...(effectiveDate === undefined ? {} : { effectiveDate }),
    });
  }
  return out;
}

/**
 * The receiver's events for an incoming transfer that came with `shortfall` less (decision 327): its register payment
 * corrected down (the incoming transfer owes the difference, a due as a subscription is), and what follows on the
 * receiver's stream. Nothing when the incoming transfer is gone or annulled.
 */
export function followReceivedShortfall(state: MemberState, received: ReceivedShortfall): MemberEvent[] {
  const posting = state.postings.get(received.balanceId);
  if (posting === undefined || posting.type !== 4 || posting.annulated) return [];
  const subscription = correctedSubscription(posting, state.exitDate);
  const correction: SharePaymentCorrected = {
    type: 'SharePaymentCorrected',
    data: {
      memberId: received.memberId,
      balanceId: posting.balanceId,
      rueckpfleinzahlung: Math.max(0, posting.payment - received.shortfall),
      interestEnd: posting.interestEnd,
      ...(subscription ? { subscription } : {}),
      ...(received.effectiveDate !== undefined && received.effectiveDate > posting.date
        ? { effectiveDate: received.effectiveDate }
        : {}),
    },
  };
  return followPaidInChange(state, [correction]);
}

/** One member's stream in a chain of transfer corrections: the state it was decided on and the events decided. */
export interface ChainLink<L> {
  readonly loaded: L;
  readonly state: MemberState;
  readonly events: MemberEvent[];
}

/** At most this many corrections along a chain of transfers (each makes a transfer move less; a guard, not a limit met). */
export const TRANSFER_CHAIN_LIMIT = 1_000;

/**
 * The events of every member a change on `first`'s stream reaches through its corrected transfers, the first included:
 * each receiver loaded once (`load`, answering the loaded stream and its state) and its corrections decided on its
 * state after what the chain decided on it before. The caller appends them all in one write.
 */
export async function transferChain<L>(
  first: { readonly memberId: string; readonly loaded: L; readonly state: MemberState; readonly events: MemberEvent[] },
  load: (memberId: string) => Promise<{ readonly loaded: L; readonly state: MemberState }>,
): Promise<Map<string, ChainLink<L>>> {
  const links = new Map<string, ChainLink<L>>([
    [first.memberId, { loaded: first.loaded, state: first.state, events: [...first.events] }],
  ]);
  // A queue read in order: each receiver's corrections may name receivers of their own.
  const pending = receivedShortfalls(first.state, first.events);
  for (let next = 0; next < pending.length; next++) {
    if (next >= TRANSFER_CHAIN_LIMIT) throw new Error('A chain of transfer corrections did not end');
    const received = pending[next]!;
    let link = links.get(received.memberId);
    if (link === undefined) {
      const { loaded, state } = await load(received.memberId);
      link = { loaded, state, events: [] };
      links.set(received.memberId, link);
    }
    const now = link.events.reduce(evolveShareAccount, link.state);
    const events = followReceivedShortfall(now, received);
    for (const e of events) link.events.push(e);
    for (const r of receivedShortfalls(now, events)) pending.push(r);
  }
  return links;
}
