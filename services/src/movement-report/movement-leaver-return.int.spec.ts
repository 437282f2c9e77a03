import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { debitMemberDecider } from '../direct-debits/index.js';
import { admitted, COOP, M, posted, subscribed } from '../kernel/testing/member-events.js';
import { collected, debitState, withRegister } from './testing/projected-register.js';

/*
 * Decision 298: a direct debit collected while the member's whole end was pending and returned after the end took
 * effect. The return counts from its own date (decision 232), and so must the end's correction that follows it
 * (decision 234): the year of the end closes with nothing paid in for the leaver, printed before the return or after
 * it, and the next year moves the return on the subscription and the end alike (opening + movements = closing).
 */

/** 3 shares of 250 € on 10.06.2025, 300 € paid with them; notice on 30.09.2026 for the end of 2026, 300 € leaving. */
const leaving: MemberEvent[] = [
  admitted(),
  { ...subscribed(3), data: { ...(subscribed(3).data as object), date: '2025-06-10', paid: 30_000 } } as MemberEvent,
  posted('b-new', 8, 3, { date: '2026-12-31', approvalDate: '2026-09-30', interestBegin: '2027-01-01', paid: -30_000 }),
  {
    type: 'MemberExited',
    data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b-new', dues: ['b0'] },
  },
];
const fold = debitState;

describe('the movement report of a leaver whose direct debit came back after the end (decision 298)', () => {
  it('closes the year of the end with nothing paid in for the leaver, before the return and after it', async () => {
    // 150 € collected on 15.12.2026, while the end was pending: 450 € leave with the end.
    const booked = collected(leaving, '2026-12-15', 'b0', 15_000);
    // The member's bank returns it on 10.01.2027, after the end took effect: 300 € leave with it after all.
    const returned = debitMemberDecider.decide(
      {
        type: 'ReturnPayment',
        memberId: M,
        cooperativeId: COOP,
        paymentId: 'd1',
        date: '2027-01-10',
        reason: 'MD06',
        today: '2027-01-10',
      },
      fold([...leaving, ...booked]),
    );
    expect(returned.map((e) => e.type)).toEqual(['SharePaymentReturned', 'SharePaymentCorrected']);

    await withRegister({ first: 2025, last: 2027, asOf: '2027-02-01' }, async ({ record, report }) => {
      await record([...leaving, ...booked]);
      const before = await report(2026);
      expect(before.end).toEqual({ shares: 0, subscribed: 0, paid: 0 });

      await record(returned);
      const after = await report(2026);
      // A return dated after the year leaves the year as printed before (docs/movement-report.md "As of when").
      expect(after.end).toEqual(before.end);
      expect(after.reduced).toEqual(before.reduced);
      // The next year: the return lowers the subscriptions' paid, the end takes out as much less; nothing is left.
      const next = await report(2027);
      expect(next.start).toEqual(after.end);
      expect(next.byKind.find((k) => k.kind === 0)?.paid).toBe(-15_000);
      expect(next.byKind.find((k) => k.kind === 8)?.paid).toBe(-15_000);
      expect(next.end).toEqual({ shares: 0, subscribed: 0, paid: 0 });
      expect(next.reconciles).toBe(true);
    });
  });
});
