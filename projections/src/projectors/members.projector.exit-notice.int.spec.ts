import { describe, expect, it } from '@jest/globals';
import type { MemberEvent, RecordedEvent } from '@coop/contracts';
import { BALANCES } from './balance-document.js';
import { MEMBER_STATS, statsAsOf } from './members.projector.js';
import { MEMBERS } from './member-document.js';
import { COOP, history, recorded, withRunner } from './testing/members-history.js';

// A notice of exit pending on the member, its withdrawal, and the sums as of a day (issue 22).
describe('members projector', () => {
  it('keeps a pending notice on the member and the year-end withdrawal out of the sums as of an earlier day (issue 22)', async () => {
    await withRunner(async (runner, store) => {
      const events = history();
      const notice: MemberEvent[] = [
        {
          type: 'MembershipEndNoticed',
          data: {
            memberId: 'm1',
            balanceId: 'b7',
            reason: 'exit',
            noticeDate: '2026-10-01',
            effectiveDate: '2027-12-31',
            dispatchDate: null,
            noticePeriodMonths: 3,
            extraordinaryReason: null,
          },
        },
        {
          type: 'SharesPosted',
          data: {
            memberId: 'm1',
            balanceId: 'b7',
            type: 8,
            quantity: 4,
            amount: -100_000,
            shareCost: 25_000,
            date: '2027-12-31',
            approvalDate: '2026-10-01',
            interestBegin: '2026-10-01',
          },
        },
        { type: 'MemberExited', data: { memberId: 'm1', exitDate: '2027-12-31', reason: 'exit', balanceId: 'b7' } },
      ];
      await runner.apply([...events, ...notice.map((e) => recorded(e, 'member-m1'))]);
      expect(await store.get(MEMBERS.name, 'm1')).toMatchObject({
        exitDate: '2027-12-31',
        memberUntil: '2027-12-31',
        exitNoticeDate: '2026-10-01',
        exitDispatchDate: null,
      });
      const stats = await store.get(MEMBER_STATS.name, COOP);
      expect(stats).toMatchObject({
        balanceSum: 0,
        shareSum: 0,
        yearEndSums: { '2025-06-30': { a: -25_000, s: -1 }, '2027-12-31': { a: -100_000, s: -4 } },
      });
      expect(statsAsOf(stats, '2027-12-30')).toEqual({ cents: 100_000, shares: 4 });
      expect(statsAsOf(stats, '2027-12-31')).toEqual({ cents: 0, shares: 0 });
      expect(statsAsOf(stats, '2025-06-29')).toEqual({ cents: 125_000, shares: 5 });

      const withdrawn: MemberEvent[] = [
        {
          type: 'MembershipEndWithdrawn',
          data: { memberId: 'm1', balanceId: 'b7', annulment: 'b8', date: '2026-11-15' },
        },
        {
          type: 'PostingAnnulled',
          data: {
            memberId: 'm1',
            balanceId: 'b8',
            annulPeer: 'b7',
            originalType: 8,
            quantity: 4,
            amount: 100_000,
            date: '2027-12-31',
            approvalDate: null,
            interestBegin: null,
          },
        },
        { type: 'MemberExitRevoked', data: { memberId: 'm1', balanceId: 'b7', annulment: 'b8' } },
      ];
      await runner.apply(withdrawn.map((e) => recorded(e, 'member-m1')));
      expect(await store.get(MEMBERS.name, 'm1')).toMatchObject({
        exitDate: null,
        memberUntil: '9999-12-31',
        exitNoticeDate: null,
        shareAmount: 4,
      });
      expect(await store.get(BALANCES.name, 'b7')).toMatchObject({ annulated: true, date: '2027-12-31' });
      expect(statsAsOf(await store.get(MEMBER_STATS.name, COOP), '2027-01-01')).toEqual({ cents: 100_000, shares: 4 });

      // A year-end posting recorded on 10.01.2026 keeps only what is dated after that day: 30.06.2025 is past for
      // every later "today", so it leaves the document every posting rewrites.
      const partial = recorded(
        {
          type: 'SharesPosted',
          data: {
            memberId: 'm1',
            balanceId: 'b9',
            type: 2,
            quantity: 1,
            amount: -25_000,
            shareCost: 25_000,
            date: '2026-12-31',
            approvalDate: '2026-01-10',
            interestBegin: '2026-01-10',
            noticeDate: '2026-01-10',
          },
        },
        'member-m1',
      );
      await runner.apply([
        { ...partial, metadata: { ...partial.metadata, timestamp: '2026-01-10T09:00:00.000Z' } } as RecordedEvent,
      ]);
      const after = await store.get(MEMBER_STATS.name, COOP);
      expect(after?.yearEndSums).toEqual({ '2026-12-31': { a: -25_000, s: -1 }, '2027-12-31': { a: 0, s: 0 } });
      expect(statsAsOf(after, '2026-06-01')).toEqual({ cents: 100_000, shares: 4 });
      expect(statsAsOf(after, '2026-12-31')).toEqual({ cents: 75_000, shares: 3 });
    });
  });
});
