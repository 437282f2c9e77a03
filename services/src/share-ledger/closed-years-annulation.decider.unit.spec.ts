// Issue 23 for annulations: the annulled posting's dates and the annulation's own (the other postings are in
// closed-years.decider.unit.spec.ts).
import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { admitted, COOP, exited, M, M2, member, posted, subscribed, terms } from '../kernel/testing/member-events.js';
import type { AnnulPosting, AnnulTransferCounterpart, LedgerCommand } from './domain/ledger.decider.js';
import { refuses, spec } from './testing/ledger-spec.js';
import { closedYear, in2025, open2026, recorded } from './testing/closed-years.js';

describe('share ledger decider: postings into closed years (closedYear)', () => {
  describe('annulations (5)', () => {
    const annul = (annulPeer: string, fields: Partial<AnnulPosting> = {}): LedgerCommand => ({
      type: 'AnnulPosting',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b5',
      annulPeer,
      terms,
      today: '2026-03-02',
      ...in2025,
      ...fields,
    });
    const withPosting = [...member, posted('b1', 1, 2)];

    it('refuses the annulation of a posting dated in the closing year, though the annulation is dated today', () => {
      refuses(withPosting, annul('b1'), [closedYear('annulPeer')]);
    });

    it('refuses an annulation dated in the closing year on its own date too', () => {
      refuses(withPosting, annul('b1', { date: '2025-06-20', interestBegin: '2025-07-01' }), [
        closedYear('annulPeer'),
        closedYear('date'),
      ]);
    });

    it('refuses the annulation of a posting made in an open year that bears dividend from the closed one', () => {
      refuses([...member, posted('b1', 1, 2, { ...open2026, interestBegin: '2025-12-01' })], annul('b1'), [
        closedYear('annulPeer'),
      ]);
    });

    it('refuses the annulation of a partial termination effective at the end of a year before the closing one', () => {
      refuses([...member, posted('b2', 2, 1, { date: '2024-12-31', noticeDate: '2024-06-01' })], annul('b2'), [
        closedYear('annulPeer'),
      ]);
    });

    it("accepts the annulation of a partial termination effective on the closing year's last day (the basis of that year is untouched)", () => {
      const events = recorded(
        [...member, posted('b2', 2, 1, { date: '2025-12-31', noticeDate: '2025-06-01' })],
        annul('b2'),
      );
      expect(events.find((e) => e.type === 'PostingAnnulled')?.data).toMatchObject({ annulPeer: 'b2' });
    });

    it('accepts the annulation of a posting in an open year', () => {
      spec
        .given([...member, posted('b1', 1, 2, open2026)])
        .when(annul('b1'))
        .then([
          {
            type: 'PostingAnnulled',
            data: {
              memberId: M,
              balanceId: 'b5',
              annulPeer: 'b1',
              originalType: 1,
              quantity: -2,
              amount: -50_000,
              date: '2026-03-02',
              approvalDate: null,
              interestBegin: null,
            },
          },
        ]);
    });

    it('accepts the withdrawal of a notice given in the closed year for an end in an open year (the reduction counts from its end)', () => {
      const pending: MemberEvent[] = [
        ...member,
        {
          type: 'MembershipEndNoticed',
          data: {
            memberId: M,
            balanceId: 'b8',
            reason: 'exit',
            noticeDate: '2025-10-15',
            effectiveDate: '2026-12-31',
            dispatchDate: null,
            noticePeriodMonths: 3,
            extraordinaryReason: null,
          },
        },
        posted('b8', 8, 3, { date: '2026-12-31', approvalDate: '2025-10-15', interestBegin: '2025-10-15' }),
        { type: 'MemberExited', data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b8' } },
      ];
      spec
        .given(pending)
        .when(annul('b8'))
        .then([
          {
            type: 'MembershipEndWithdrawn',
            data: { memberId: M, balanceId: 'b8', annulment: 'b5', date: '2026-03-02' },
          },
          {
            type: 'PostingAnnulled',
            data: {
              memberId: M,
              balanceId: 'b5',
              annulPeer: 'b8',
              originalType: 8,
              quantity: 3,
              amount: 75_000,
              date: '2026-12-31',
              approvalDate: null,
              interestBegin: null,
            },
          },
          { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b8', annulment: 'b5' } },
        ]);
    });

    it('refuses the annulation of an exit effective at the end of a year before the closing one', () => {
      refuses([...member, posted('b8', 8, 3, { date: '2024-12-31' }), exited('b8', '2024-12-31')], annul('b8'), [
        closedYear('annulPeer'),
      ]);
    });

    it("accepts the annulation of an exit effective on the closing year's last day (it reduced only the open year after it)", () => {
      const events = recorded(
        [...member, posted('b8', 8, 3, { date: '2025-12-31' }), exited('b8', '2025-12-31')],
        annul('b8'),
      );
      expect(events.map((e) => e.type)).toContain('PostingAnnulled');
    });

    it('refuses the other half of a transfer annulation dated in the closing year', () => {
      const counterpart: AnnulTransferCounterpart = {
        type: 'AnnulTransferCounterpart',
        memberId: M2,
        cooperativeId: COOP,
        balanceId: 'b5-in',
        annulPeer: 'b-in',
        counterpartOf: 'b-out',
        peerBalanceId: 'b5',
        terms,
        today: '2026-03-02',
        ...in2025,
      };
      const received = [
        admitted({ name: 'Ernst' }, M2),
        subscribed(1, M2),
        posted('b-in', 4, 1, { memberId: M2, transferFrom: M, transferPeer: 'b-out' }),
      ];
      refuses(received, counterpart, [closedYear('annulPeer')]);
      spec
        .given([
          admitted({ name: 'Ernst' }, M2),
          subscribed(1, M2),
          posted('b-in', 4, 1, { ...open2026, memberId: M2, transferFrom: M, transferPeer: 'b-out' }),
        ])
        .when(counterpart)
        .then([
          {
            type: 'PostingAnnulled',
            data: {
              memberId: M2,
              balanceId: 'b5-in',
              annulPeer: 'b-in',
              originalType: 4,
              quantity: -1,
              amount: -25_000,
              date: '2026-03-02',
              approvalDate: null,
              interestBegin: null,
              transferPeer: 'b5',
            },
          },
        ]);
    });
  });
});
