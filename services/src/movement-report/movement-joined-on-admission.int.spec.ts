import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { admitted, M } from '../kernel/testing/member-events.js';
import { withRegister } from './testing/projected-register.js';

/*
 * Decision 314: a member joins with the declaration and the admission (§ 15 GenG), and is counted so in the year's
 * movement report as on the member list as of a date: declared on 20.12.2025, admitted on 12.01.2026, the shares
 * subscribed with the admission. The report of 2025 ends without the member; the report of 2026 counts the joining.
 */
const declaredInDecember: MemberEvent[] = [
  admitted({ entryDate: '2025-12-20', approvalDate: '2026-01-12', interestBegin: '2026-02-01' }),
  {
    type: 'SharesPosted',
    data: {
      memberId: M,
      balanceId: 'b0',
      type: 0,
      quantity: 2,
      amount: 50_000,
      shareCost: 25_000,
      date: '2026-01-12',
      approvalDate: '2026-01-12',
      interestBegin: '2026-02-01',
    },
  } as MemberEvent,
];

describe('the movement report counts a member from the admission (decision 314)', () => {
  it('declared in December, admitted in January: joined in the year of the admission', async () => {
    await withRegister({ first: 2025, last: 2026, asOf: '2026-03-01' }, async ({ record, report }) => {
      await record(declaredInDecember);
      const [before, after] = [await report(2025), await report(2026)];
      expect([before.members.joined, before.members.end]).toEqual([0, 0]);
      expect([after.members.start, after.members.joined, after.members.end]).toEqual([0, 1, 1]);
      expect(after.end.shares).toBe(2);
      expect([before.reconciles, after.reconciles]).toEqual([true, true]);
    });
  });
});
