import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { evolveShareAccount, initialMemberState } from './member-stream.js';
import { followPendingTerminations } from './pending-terminations.js';
import { admitted, M, posted } from './testing/member-events.js';

/**
 * Decision 306 on plain events: 4 shares (1,000 €) with 250 € paid, a debit of 750 € booked, then 1 share terminated
 * for 31.12.2025 and 1 for 31.12.2026 (each took 250 €, the shares paid in first). The debit returned: 250 € stay paid
 * in; the earlier termination keeps them, the later one keeps nothing and releases its 250 € from the dues.
 */
const account = (events: readonly MemberEvent[]) => events.reduce(evolveShareAccount, initialMemberState);
const given: MemberEvent[] = [
  admitted(),
  posted('b0', 0, 4, { date: '2025-06-01', paid: 25_000 }),
  {
    type: 'SharePaymentReceived',
    data: {
      memberId: M,
      balanceId: 'b0',
      paymentId: 'p1',
      date: '2025-06-20',
      amount: 75_000,
      method: 'directDebit',
      reference: null,
      collectionId: 'c1',
      statementId: null,
    },
  },
  posted('t1', 2, 1, { date: '2025-12-31', paid: -25_000 }),
  posted('t2', 2, 1, { date: '2026-12-31', paid: -25_000 }),
];
const returned: MemberEvent = {
  type: 'SharePaymentReturned',
  data: { memberId: M, balanceId: 'b0', paymentId: 'p1', date: '2025-07-01', amount: 75_000, reason: 'MD06' },
};

describe('a partial termination keeps no more than stays paid in (decision 306)', () => {
  it('serves the terminations in date order: the later one keeps nothing and releases its price', () => {
    const state = account(given);
    expect(followPendingTerminations(state, [returned])).toEqual([
      returned,
      {
        type: 'SharePaymentCorrected',
        data: {
          memberId: M,
          balanceId: 't2',
          rueckpfleinzahlung: 0,
          interestEnd: null,
          released: [{ balanceId: 'b0', amount: 25_000 }],
        },
      },
    ]);
    // Folded: 250 € paid in, taken by t1; the 2 shares that stay (500 €) owe 500 €.
    const after = account([...given, ...followPendingTerminations(state, [returned])]);
    expect([after.postings.get('b0')!.payment, after.postings.get('b0')!.passedOn]).toEqual([25_000, 25_000]);
    expect(after.postings.get('t2')!.releasedParts).toEqual([{ balanceId: 'b0', amount: 25_000 }]);
  });

  it('changes nothing while what is paid in covers what the terminations took, or a termination the events restate', () => {
    const half: MemberEvent = { ...returned, data: { ...returned.data, amount: 25_000 } } as MemberEvent;
    expect(followPendingTerminations(account(given), [half])).toEqual([half]);
    const restated: MemberEvent = {
      type: 'SharePaymentCorrected',
      data: { memberId: M, balanceId: 't2', rueckpfleinzahlung: -10_000, interestEnd: null },
    };
    expect(followPendingTerminations(account(given), [returned, restated])).toEqual([returned, restated]);
  });
});
