import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { closedThroughOf, isInClosedYear } from '../kernel/closed-years.js';
import {
  admitted,
  COOP,
  err,
  exited,
  M,
  M2,
  member,
  ON,
  posted,
  subscribed,
  terms,
} from '../kernel/testing/member-events.js';
import type { LedgerCommand, TransferIn, TransferOut } from './domain/ledger.decider.js';
import { post, refuses, spec } from './testing/ledger-spec.js';
import { closed, closedYear, closing, in2025, open2026, recorded, register } from './testing/closed-years.js';

/**
 * Issue 23: once a year's dividend is closing or closed (the register `dividends-<coop>`), a posting or annulation dated
 * in or before it is refused with `closedYear`; corrections go into the next open year. Given the register's events
 * (folded as the handler folds them) and the member's, when the posting, then `closedYear` on the field at fault.
 */

describe('the register: the latest year closing or closed', () => {
  it('is none without a closure, the year of a closing one, the latest of several in any order', () => {
    expect(closedThroughOf([])).toBeNull();
    expect(closedThroughOf([closing(2025)])).toBe(2025);
    expect(closedThroughOf(register)).toBe(2025);
    expect(closedThroughOf([closing(2025), closed(2025), closing(2023), closed(2023)])).toBe(2025);
  });

  it('counts a day on or before 31.12. of that year as closed, never an absent date', () => {
    expect(isInClosedYear('2025-12-31', 2025)).toBe(true);
    expect(isInClosedYear('2019-01-01', 2025)).toBe(true);
    expect(isInClosedYear('2026-01-01', 2025)).toBe(false);
    expect(isInClosedYear(null, 2025)).toBe(false);
    expect(isInClosedYear('2025-06-01', null)).toBe(false);
  });
});

describe('share ledger decider: postings into closed years (closedYear)', () => {
  describe('additional shares (1)', () => {
    it('refuses a posting dated in the closing year, on its date and its interest begin', () => {
      refuses(member, post(1, 1, in2025), [closedYear('date'), closedYear('interestBegin')]);
    });

    it("refuses a posting on the closed year's last day, accepts one on the next year's first", () => {
      refuses(
        member,
        post(1, 1, { ...in2025, date: '2025-12-31', approvalDate: '2025-12-31', interestBegin: '2026-01-01' }),
        [closedYear('date')],
      );
      spec
        .given(member)
        .when(post(1, 1, { ...in2025, date: '2026-01-01', approvalDate: '2026-01-01', interestBegin: '2026-01-01' }))
        .then([posted('b-new', 1, 1, { date: '2026-01-01', approvalDate: '2026-01-01', interestBegin: '2026-01-01' })]);
    });

    it('refuses a posting dated in an open year that bears dividend from a closed one', () => {
      refuses(member, post(1, 1, { ...in2025, ...open2026, interestBegin: '2025-12-01' }), [
        closedYear('interestBegin'),
      ]);
    });

    it('refuses a posting dated in a year before the closed one (every year up to it is final)', () => {
      refuses(member, post(1, 1, { ...in2025, date: '2024-03-01', interestBegin: '2024-04-01' }), [
        closedYear('date'),
        closedYear('interestBegin'),
      ]);
    });

    it('accepts a posting in the next open year as before', () => {
      spec
        .given(member)
        .when(post(1, 1, { ...in2025, ...open2026 }))
        .then([posted('b-new', 1, 1, open2026)]);
    });

    it('accepts every date while no year is closed', () => {
      spec
        .given(member)
        .when(post(1, 1, { closedThrough: closedThroughOf([]) }))
        .then([posted('b-new', 1, 1)]);
    });

    it('refuses what is wrong otherwise first: an exited member is told so', () => {
      refuses([...member, posted('b8', 8, 3, { date: '2025-12-31' }), exited('b8', '2025-12-31')], post(1, 1, in2025), [
        err(null, 'memberHasExited'),
      ]);
    });
  });

  describe('notices: partial termination (2), death (6), exclusion (7), exit (8)', () => {
    // A notice of 05.06.2025 (the admission) takes effect on 31.12.2025: the posting would be dated in the closing year.
    const notice = (date: string) => ({ notice: { date }, date, approvalDate: date, interestBegin: '2026-01-01' });

    it.each([
      [2, 1],
      [6, null],
      [7, null],
      [8, null],
    ] as const)(
      "accepts type %i taking effect on the closing year's last day, recorded late: it reduces the basis from the next day",
      (type, quantity) => {
        const events = recorded(member, post(type, quantity, { ...in2025, ...notice('2025-06-05') }));
        expect(events.find((e) => e.type === 'SharesPosted')?.data).toMatchObject({ type, date: '2025-12-31' });
      },
    );

    it('takes a notice whatever interest begin it carries: a reduction bears from its end', () => {
      const events = recorded(
        member,
        post(8, null, { ...in2025, ...notice('2025-11-15'), interestBegin: '2025-11-15' }),
      );
      expect(events.find((e) => e.type === 'SharesPosted')?.data).toMatchObject({ type: 8 });
    });

    it('accepts a notice given in the closed year that takes effect in an open one', () => {
      const events = spec.given(member).when(post(8, null, { ...in2025, ...notice('2025-11-15') }));
      events.then([
        {
          type: 'MembershipEndNoticed',
          data: {
            memberId: M,
            balanceId: 'b-new',
            reason: 'exit',
            noticeDate: '2025-11-15',
            effectiveDate: '2026-12-31',
            dispatchDate: null,
            noticePeriodMonths: 3,
            extraordinaryReason: null,
          },
        },
        posted('b-new', 8, 3, { date: '2026-12-31', approvalDate: '2025-11-15', interestBegin: '2026-01-01' }),
        { type: 'MemberExited', data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b-new' } },
      ]);
    });
  });

  describe('transfers (3 out, 4 in)', () => {
    const out = (fields: Partial<TransferOut> = {}): LedgerCommand => ({
      type: 'TransferOut',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b-out',
      peerBalanceId: 'b-in',
      transferTo: M2,
      quantity: 1,
      terms,
      restate: { annulment: 'b-ann', exit: 'b-exit2' },
      ...ON,
      ...in2025,
      ...fields,
    });
    const into = (fields: Partial<TransferIn> = {}): LedgerCommand => ({
      type: 'TransferIn',
      memberId: M2,
      cooperativeId: COOP,
      balanceId: 'b-in',
      peerBalanceId: 'b-out',
      transferFrom: M,
      quantity: 1,
      terms,
      ...ON,
      ...in2025,
      ...fields,
    });
    const target = [admitted({ name: 'Ernst' }, M2), subscribed(1, M2)];

    it('refuses both halves dated in the closing year', () => {
      refuses(member, out(), [closedYear('date'), closedYear('interestBegin')]);
      refuses(target, into(), [closedYear('date'), closedYear('interestBegin')]);
    });

    it('accepts both halves in the next open year', () => {
      spec
        .given(member)
        .when(out(open2026))
        .then([posted('b-out', 3, 1, { ...open2026, transferTo: M2, transferPeer: 'b-in' })]);
      spec
        .given(target)
        .when(into(open2026))
        .then([
          {
            type: 'SharesPosted',
            data: {
              memberId: M2,
              balanceId: 'b-in',
              type: 4,
              quantity: 1,
              amount: 25_000,
              shareCost: 25_000,
              ...open2026,
              transferFrom: M,
              transferPeer: 'b-out',
            },
          },
        ]);
    });

    it('accepts a transfer while an end noticed in the closed year is pending: the re-stated exit lies in an open year', () => {
      // Noticed on 15.10.2025 (interest begin that day, as the console defaults it), effective 31.12.2026.
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
      const decided = spec.given(pending).when(out({ ...open2026, quantity: 1 }));
      decided.then([
        posted('b-out', 3, 1, { ...open2026, transferTo: M2, transferPeer: 'b-in' }),
        {
          type: 'PostingAnnulled',
          data: {
            memberId: M,
            balanceId: 'b-ann',
            annulPeer: 'b8',
            originalType: 8,
            quantity: 3,
            amount: 75_000,
            date: '2026-12-31',
            approvalDate: null,
            interestBegin: null,
          },
        },
        posted('b-exit2', 8, 2, { ...open2026, date: '2026-12-31' }),
        { type: 'MemberExited', data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b-exit2' } },
      ]);
    });
  });

  it("never refuses a share register correction: it changes no posting's amount or dates", () => {
    spec
      .given([...member, posted('b1', 1, 2)])
      .when({
        type: 'CorrectSharePayment',
        memberId: M,
        cooperativeId: COOP,
        balanceId: 'b1',
        rueckpfleinzahlung: 40_000,
        interestEnd: null,
      })
      .then([
        {
          type: 'SharePaymentCorrected',
          data: {
            memberId: M,
            balanceId: 'b1',
            rueckpfleinzahlung: 40_000,
            interestEnd: null,
            subscription: { type: 1, date: ON.date, quantity: 2, amount: 50_000, paidWhenPosted: 50_000 },
          },
        },
      ]);
  });
});
