import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { paidIn } from './geschaeftsguthaben.js';
import { evolveShareAccount, initialMemberState, type MemberState } from './member-stream.js';
import { outstandingOf } from './owing-postings.js';
import { admitted, M, M2, posted } from './testing/member-events.js';
import { followPaidInChange, transferChain } from './transfer-shortfalls.js';

/**
 * Decision 327 on plain events: A subscribes 4 shares (1,000 €) unpaid, a debit of 1,000 € is booked, A transfers 2
 * shares (500 € of Geschäftsguthaben) to B, whose own 2 shares are paid; then the debit comes back. A's transfer keeps
 * nothing, its 500 € of unpaid price pass on to B; B's incoming transfer comes with nothing and owes 500 €.
 */
const M3 = 'm-3';
const fold = (events: readonly MemberEvent[], from: MemberState = initialMemberState) =>
  events.reduce(evolveShareAccount, from);
const forMember = (memberId: string, event: MemberEvent): MemberEvent =>
  ({ ...event, data: { ...event.data, memberId } }) as MemberEvent;
const debit = (amount: number): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: M,
    balanceId: 'a0',
    paymentId: 'p1',
    date: '2025-06-20',
    amount,
    method: 'directDebit',
    reference: null,
    collectionId: 'c1',
    statementId: null,
  },
});
const giver: MemberEvent[] = [
  admitted(),
  posted('a0', 0, 4, { date: '2025-06-01', paid: 0 }),
  debit(100_000),
  posted('a3', 3, 2, { date: '2025-07-01', paid: -50_000, transferTo: M2, transferPeer: 'b4' }),
];
const receiver: MemberEvent[] = [
  admitted({}, M2),
  forMember(M2, posted('b0', 0, 2, { date: '2025-06-01' })),
  forMember(M2, posted('b4', 4, 2, { date: '2025-07-01', paid: 50_000, transferFrom: M, transferPeer: 'a3' })),
];
const returned = (amount = 100_000): MemberEvent => ({
  type: 'SharePaymentReturned',
  data: { memberId: M, balanceId: 'a0', paymentId: 'p1', date: '2025-08-01', amount, reason: 'MD06' },
});

/** A chain: B passed all 4 of its shares (its own 2 and the 2 received) on to C on 15.07. */
const chain: Record<string, readonly MemberEvent[]> = {
  [M]: giver,
  [M2]: [
    ...receiver,
    forMember(M2, posted('b3', 3, 4, { date: '2025-07-15', paid: -100_000, transferTo: M3, transferPeer: 'c4' })),
  ],
  [M3]: [
    admitted({}, M3),
    forMember(M3, posted('c4', 4, 4, { date: '2025-07-15', paid: 100_000, transferFrom: M2, transferPeer: 'b3' })),
  ],
};

async function chainOf(members: Record<string, readonly MemberEvent[]>, events: MemberEvent[]) {
  const first = fold(members[M]!);
  const links = await transferChain({ memberId: M, loaded: null, state: first, events }, async (id) => ({
    loaded: null,
    state: fold(members[id]!),
  }));
  const after = (id: string) => fold(links.get(id)?.events ?? [], fold(members[id]!));
  return { links, after };
}

describe('a transfer moves no more than was paid in when the money comes back (decision 327)', () => {
  it('corrects the transfer, passes its unpaid price on and corrects the receiver in the same chain', async () => {
    const state = fold(giver);
    const events = followPaidInChange(state, [returned()]);
    expect(events).toEqual([
      returned(),
      {
        type: 'SharePaymentCorrected',
        data: {
          memberId: M,
          balanceId: 'a3',
          rueckpfleinzahlung: 0,
          interestEnd: null,
          passedOn: [{ balanceId: 'a0', amount: 50_000 }],
          effectiveDate: '2025-08-01',
        },
      },
    ]);
    const { after } = await chainOf({ [M]: giver, [M2]: receiver }, events);
    const a = after(M);
    const b = after(M2);
    // A: 2 shares, nothing paid in, owes their 500 €, not the 1,000 € of the 4 it subscribed.
    expect([a.shares, paidIn(a), outstandingOf(a.postings.get('a0')!)]).toEqual([2, 0, 50_000]);
    // B: 4 shares, its own 500 € paid in; the 2 it received owe 500 €.
    expect([b.shares, paidIn(b), outstandingOf(b.postings.get('b4')!)]).toEqual([4, 50_000, 50_000]);
  });

  it('keeps what is still paid in by the transfer and leaves a transfer covered by the money alone', async () => {
    // 600 € returned: 400 € stay paid in, the transfer keeps them and passes 100 € on.
    const { after } = await chainOf(
      { [M]: giver, [M2]: receiver },
      followPaidInChange(fold(giver), [returned(60_000)]),
    );
    expect([paidIn(after(M)), paidIn(after(M2)), outstandingOf(after(M2).postings.get('b4')!)]).toEqual([
      0, 90_000, 10_000,
    ]);
    // 400 € returned: 600 € stay paid in, more than the 500 € moved; the transfer stands.
    expect(followPaidInChange(fold(giver), [returned(40_000)])).toEqual([returned(40_000)]);
  });

  it('follows the shares along a chain of transfers: B passed them on to C', async () => {
    const { after } = await chainOf(chain, followPaidInChange(fold(giver), [returned()]));
    // Nobody holds money nobody paid: A and B nothing, C the 500 € B paid, and C's 4 shares owe the other 500 €.
    expect([paidIn(after(M)), paidIn(after(M2)), paidIn(after(M3))]).toEqual([0, 0, 50_000]);
    expect(outstandingOf(after(M3).postings.get('c4')!)).toBe(50_000);
  });

  it('serves terminations and transfers together in date order: a later termination keeps what an earlier transfer left', async () => {
    // S1 2 shares unpaid, debited 500 €; 2 shares to B on 01.02. (moving the 500 €); S2 2 shares on 01.03. paid 500 €
    // by hand; 1 share terminated for 31.12. (took 250 €). The debit comes back on 01.04.
    const events: MemberEvent[] = [
      admitted(),
      posted('s1', 0, 2, { date: '2025-01-01', paid: 0 }),
      {
        ...debit(50_000),
        data: { ...(debit(50_000).data as object), balanceId: 's1', date: '2025-01-10' },
      } as MemberEvent,
      posted('x', 3, 2, { date: '2025-02-01', paid: -50_000, transferTo: M2, transferPeer: 'b4' }),
      posted('s2', 1, 2, { date: '2025-03-01' }),
      posted('t', 2, 1, { date: '2025-12-31', paid: -25_000 }),
    ];
    const back: MemberEvent = {
      type: 'SharePaymentReturned',
      data: { memberId: M, balanceId: 's1', paymentId: 'p1', date: '2025-04-01', amount: 50_000, reason: null },
    };
    const decided = followPaidInChange(fold(events), [back]);
    // The transfer keeps nothing and passes S1's 500 € on; the termination keeps the 250 € S2 paid: nothing else.
    expect(decided.slice(1)).toEqual([
      {
        type: 'SharePaymentCorrected',
        data: {
          memberId: M,
          balanceId: 'x',
          rueckpfleinzahlung: 0,
          interestEnd: null,
          passedOn: [{ balanceId: 's1', amount: 50_000 }],
          effectiveDate: '2025-04-01',
        },
      },
    ]);
    const a = fold(decided, fold(events));
    expect([paidIn(a), outstandingOf(a.postings.get('s1')!)]).toEqual([25_000, 0]);
  });

  it("dates a receiver's own corrections from the return along the chain", async () => {
    const { links } = await chainOf(chain, followPaidInChange(fold(giver), [returned()]));
    const dated = (id: string) =>
      links.get(id)!.events.flatMap((e) => (e.type === 'SharePaymentCorrected' ? [e.data.effectiveDate] : []));
    expect([dated(M2), dated(M3)]).toEqual([['2025-08-01', '2025-08-01'], ['2025-08-01']]);
  });
});
