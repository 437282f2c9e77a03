import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { debitMemberDecider } from '../direct-debits/index.js';
import { paidIn } from '../kernel/geschaeftsguthaben.js';
import { evolveShareAccount, initialMemberState } from '../kernel/member-stream.js';
import { admitted, COOP, M, posted, subscribed } from '../kernel/testing/member-events.js';
import { settlementEnds } from '../settlements/index.js';
import { collected, debitState, withRegister } from './testing/projected-register.js';

/*
 * Decision 299: a direct debit booked on further shares, the shares annulled (the annulation gives back what was paid
 * on them, decision 234), then the debit returned by the member's bank. The money never stayed: the annulation gives
 * back nothing of it, and the register's Geschäftsguthaben, the year's closing paid figure and the member's own
 * (the kernel's `paidIn`) stay one and the same.
 */

const fold = debitState;

/** The admission (1 share, 250 € paid) and 2 further shares of 01.07.2025 with nothing paid. */
const register: MemberEvent[] = [
  admitted(),
  subscribed(1),
  posted('b1', 1, 2, { date: '2025-07-01', approvalDate: '2025-07-01', interestBegin: '2025-08-01', paid: 0 }),
];

/**
 * 200 € collected on 01.08.2025 on the further shares, which are annulled on 11.08.2025, the annulation giving back the
 * 200 € paid on them. Since decision 339 such an annulment is refused until the debit is returned or the register's
 * payment corrected; a log written before it holds the annulation as recorded here.
 */
function bookedAndAnnulled(): { booked: MemberEvent[]; annulled: MemberEvent[] } {
  const booked = collected(register, '2025-08-01', 'b1', 20_000);
  const annulled: MemberEvent[] = [
    {
      type: 'PostingAnnulled',
      data: {
        memberId: M,
        balanceId: 'b2',
        annulPeer: 'b1',
        originalType: 1,
        quantity: -2,
        amount: -50_000,
        date: '2025-08-11',
        approvalDate: null,
        interestBegin: null,
        paid: -20_000,
      },
    },
  ];
  return { booked, annulled };
}

describe('a debit returned on further shares annulled after it was booked (decision 299)', () => {
  it('gives back nothing of the returned debit: the year closes with what the member paid in', async () => {
    const { booked, annulled } = bookedAndAnnulled();
    // The member's bank returns the debit on 20.08.2025.
    const returned = debitMemberDecider.decide(
      {
        type: 'ReturnPayment',
        memberId: M,
        cooperativeId: COOP,
        paymentId: 'd1',
        date: '2025-08-20',
        reason: 'MD06',
        today: '2025-08-20',
      },
      fold([...register, ...booked, ...annulled]),
    );
    const all = [...register, ...booked, ...annulled, ...returned];
    const own = paidIn(all.reduce(evolveShareAccount, initialMemberState));
    expect(own).toBe(25_000);

    await withRegister({ first: 2025, last: 2026, asOf: '2026-02-01' }, async ({ record, report }) => {
      await record(all);
      const year = await report(2025);
      expect(year.end).toEqual({ shares: 1, subscribed: 25_000, paid: own });
      // Kind 1: the shares posted and annulled, the 200 € paid and returned: nothing moved.
      expect(year.byKind.find((k) => k.kind === 1)).toMatchObject({ shares: 0, subscribed: 0, paid: 0 });
      expect(year.reconciles).toBe(true);
    });
  });

  it('leaves what a pending end takes out as it was: the annulled shares were never part of it', () => {
    const { booked, annulled } = bookedAndAnnulled();
    const exit: MemberEvent[] = [
      posted('b-end', 8, 1, { date: '2025-12-31', approvalDate: '2025-09-01', interestBegin: '2026-01-01' }),
      { type: 'MemberExited', data: { memberId: M, exitDate: '2025-12-31', reason: 'exit', balanceId: 'b-end' } },
    ];
    const before = [...register, ...booked, ...annulled, ...exit];
    const returned = debitMemberDecider.decide(
      {
        type: 'ReturnPayment',
        memberId: M,
        cooperativeId: COOP,
        paymentId: 'd1',
        date: '2025-09-15',
        reason: 'MD06',
        today: '2025-09-15',
      },
      fold(before),
    );
    // The annulation is corrected; the end is not (it took out the 250 € paid on the admission, no more).
    expect(returned.map((e) => e.type)).toEqual(['SharePaymentReturned', 'SharePaymentCorrected']);
    expect(returned[1]!.data).toMatchObject({ balanceId: 'b2', rueckpfleinzahlung: 0, effectiveDate: '2025-09-15' });
    const [end] = settlementEnds([...before, ...returned].reduce(evolveShareAccount, initialMemberState));
    expect(end!.holding).toBe(25_000);
  });
});
