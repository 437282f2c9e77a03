import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { admitted, M, M2, posted } from '../kernel/testing/member-events.js';
import { withRegister } from './testing/projected-register.js';

/*
 * § 15, § 15b (3) GenG (DOMAIN.md 9.1; decision 314 and its amendment): a subscription's shares take effect with the
 * declaration and the board's admission, so the year's report counts them from the later of the posting's date and its
 * approval date, as it counts the member, and an annulation of them not before they count. The money paid with the
 * declaration is Geschäftsguthaben from the admission on, when the shares exist (decision 336; DOMAIN.md 1: what was
 * paid in on them): before it, the year would close with more paid in than subscribed.
 */
const register: MemberEvent[] = [
  // M: a member since 2024 with 1 share; 2 further shares declared 20.12.2025, admitted 15.01.2026, paid when declared;
  // 1 more declared 21.12.2025 for an admission on 10.01.2026, annulled on 28.12.2025.
  admitted({ entryDate: '2024-03-01', approvalDate: '2024-03-01', interestBegin: '2024-04-01' }),
  posted('b0', 0, 1, { date: '2024-03-01', approvalDate: '2024-03-01', interestBegin: '2024-04-01' }),
  posted('b1', 1, 2, { date: '2025-12-20', approvalDate: '2026-01-15', interestBegin: '2026-02-01' }),
  posted('b2', 1, 1, { date: '2025-12-21', approvalDate: '2026-01-10', interestBegin: '2026-02-01' }),
  {
    type: 'PostingAnnulled',
    data: {
      memberId: M,
      balanceId: 'b3',
      annulPeer: 'b2',
      originalType: 1,
      quantity: -1,
      amount: -25_000,
      date: '2025-12-28',
      approvalDate: null,
      interestBegin: null,
    },
  },
  // M2 (the demo's member 264): declared 18.12.2025, admitted 05.01.2026, its 2 shares dated on the declaration.
  admitted({ entryDate: '2025-12-18', approvalDate: '2026-01-05', interestBegin: '2026-02-01' }, M2),
  posted('c0', 0, 2, { memberId: M2, date: '2025-12-18', approvalDate: '2026-01-05', interestBegin: '2026-02-01' }),
];

describe('the movement report counts subscribed shares from their admission (§ 15b GenG)', () => {
  it('declared in December, admitted in January: the shares and the money paid with them are in the next year', async () => {
    await withRegister({ first: 2024, last: 2026, asOf: '2026-03-01' }, async ({ record, report }) => {
      await record(register);
      const [before, after] = [await report(2025), await report(2026)];
      expect([before.members.end, before.start.shares, before.added.shares, before.end.shares]).toEqual([1, 1, 0, 1]);
      expect(before.end.subscribed).toBe(25_000);
      // 250 € of 2024 alone: the 500 € paid with each December declaration count from the admissions of 2026.
      expect(before.end.paid).toBe(25_000);
      expect([after.members.start, after.members.joined, after.members.end]).toEqual([1, 1, 2]);
      expect([after.start.shares, after.start.subscribed, after.start.paid]).toEqual([1, 25_000, 25_000]);
      const kind = (k: number) => after.byKind.find((r) => r.kind === k)!;
      expect([kind(0).postings, kind(0).shares, kind(0).paid]).toEqual([1, 2, 50_000]);
      // b1's 500 €, and b2's 250 € with their annulation's 250 € given back, all from January.
      expect([kind(1).postings, kind(1).annulments, kind(1).shares, kind(1).paid]).toEqual([2, 1, 2, 50_000]);
      expect([after.end.shares, after.end.subscribed, after.end.paid]).toEqual([5, 125_000, 125_000]);
      expect([before.reconciles, after.reconciles]).toEqual([true, true]);
    });
  });
});
