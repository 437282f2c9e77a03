import { describe, expect, it } from '@jest/globals';
import type { MemberEvent, PostingType } from '@coop/contracts';
import { admitted, COOP, M, posted, subscribed, terms, TODAY } from '../kernel/testing/member-events.js';
import { evolveShareAccount, initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { debitMemberDecider, initialDebitMemberState, type DebitMemberState } from '../direct-debits/index.js';
import { sharePaymentDecider } from '../share-payments/index.js';
import { settlementEnds } from '../settlements/index.js';
import type { LedgerCommand } from './domain/ledger.decider.js';
import { post, spec } from './testing/ledger-spec.js';

/*
 * Decision 234: an end takes out the Geschäftsguthaben (what the member actually paid in, DOMAIN.md 1.1), never the
 * unpaid nominal amount of shares paid in part (issue 45): the settlement pays out what was paid in (§ 73 (2) GenG),
 * the register's payment and the movement report's paid column take out what left.
 */

/** `event` with `paid` cents as the register's payment. */
const paidOnly = (event: MemberEvent, paid: number): MemberEvent =>
  ({ ...event, data: { ...(event.data as object), paid } }) as MemberEvent;
const notice = (date: string) => ({ notice: { date } });
const noticed: MemberEvent = {
  type: 'MembershipEndNoticed',
  data: {
    memberId: M,
    balanceId: 'b-new',
    reason: 'exit',
    noticeDate: '2026-09-30',
    effectiveDate: '2026-12-31',
    dispatchDate: null,
    noticePeriodMonths: 3,
    extraordinaryReason: null,
  },
};
/** The end of a holding paid in part names its due, owed until the end (decision 269). */
const exitOn: MemberEvent = {
  type: 'MemberExited',
  data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b-new', dues: ['b0'] },
};
/** A holding paid with its postings names no due: its end's events are those of before. */
const exitPaidInFull: MemberEvent = {
  type: 'MemberExited',
  data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b-new' },
};
const payment = (
  balanceId: string,
  amount: number,
  paymentId: string,
  method: 'transfer' | 'directDebit' = 'transfer',
): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: M,
    balanceId,
    paymentId,
    date: '2026-10-15',
    amount,
    method,
    reference: null,
    collectionId: null,
    statementId: null,
  },
});
const corrected = (balanceId: string, rueckpfleinzahlung: number): MemberEvent => ({
  type: 'SharePaymentCorrected',
  data: { memberId: M, balanceId, rueckpfleinzahlung, interestEnd: null },
});
const fold = (events: readonly MemberEvent[]): MemberState => events.reduce(evolveShareAccount, initialMemberState);
const foldDebits = (events: readonly MemberEvent[]): DebitMemberState =>
  events.reduce(debitMemberDecider.evolve, initialDebitMemberState);

/** 3 shares of 250 € subscribed, 300 € of the 750 € paid with the subscription. */
const partlyPaid = [admitted(), paidOnly(subscribed(3), 30_000)];
/** ... and the notice given on 30.09.2026 for the end of 2026, 300 € leaving with it. */
const leaving = [...partlyPaid, noticed, posted('b-new', 8, 3, { date: '2026-12-31', paid: -30_000 }), exitOn];

describe('an end takes out what was paid in, not the nominal amount (decision 234)', () => {
  it('a notice on a holding paid in part: the exit posting takes out 300 €, the settlement pays out 300 €, not 750 €', () => {
    spec
      .given(partlyPaid)
      .when(post(8, null, notice('2026-09-30')))
      .then([noticed, posted('b-new', 8, 3, { date: '2026-12-31', paid: -30_000 }), exitOn]);
    const [end] = settlementEnds(fold(leaving));
    expect(end).toMatchObject({ endBalanceId: 'b-new', shares: 3, holding: 30_000 });
  });

  it('a holding paid in full: the posting is as before issue 45 (no paid field), the settlement pays out the amount', () => {
    spec
      .given([admitted(), subscribed(3)])
      .when(post(8, null, notice('2026-09-30')))
      .then([noticed, posted('b-new', 8, 3, { date: '2026-12-31' }), exitPaidInFull]);
    const [end] = settlementEnds(
      fold([admitted(), subscribed(3), noticed, posted('b-new', 8, 3, { date: '2026-12-31' }), exitPaidInFull]),
    );
    expect(end!.holding).toBe(75_000);
  });

  it('a partial termination takes out what was paid in, up to the shares terminated (100 € paid of 750 €, one share of 250 €: 100 €)', () => {
    // The other 150 € of the share's price leave the dues with it (decision 267).
    const released = (amount: number) => ({ released: [{ balanceId: 'b0', amount }] });
    spec
      .given([admitted(), paidOnly(subscribed(3), 10_000)])
      .when(post(2, 1, notice('2026-10-01')))
      .then([
        posted('b-new', 2, 1, { date: '2027-12-31', noticeDate: '2026-10-01', paid: -10_000, ...released(15_000) }),
      ]);
    // Nothing paid in: nothing leaves with the share (and never -0).
    spec
      .given([admitted(), paidOnly(subscribed(3), 0)])
      .when(post(2, 1, notice('2026-10-01')))
      .then([posted('b-new', 2, 1, { date: '2027-12-31', noticeDate: '2026-10-01', paid: 0, ...released(25_000) })]);
    // Paid in for the share terminated (600 € of 750 €): its amount leaves, as before; 150 € stay owed on the others.
    spec
      .given([admitted(), paidOnly(subscribed(3), 60_000)])
      .when(post(2, 1, notice('2026-10-01')))
      .then([posted('b-new', 2, 1, { date: '2027-12-31', noticeDate: '2026-10-01' })]);
  });

  it('a payment while the end is pending raises what leaves with it: the end posting is corrected in the same append', () => {
    const decided = sharePaymentDecider.decide(
      {
        type: 'RecordSharePayment',
        memberId: M,
        cooperativeId: COOP,
        paymentId: 'p1',
        balanceId: 'b0',
        date: '2026-10-15',
        amount: 20_000,
        method: 'transfer',
        reference: null,
        today: '2026-10-20',
      },
      fold(leaving),
    );
    expect(decided).toEqual([payment('b0', 20_000, 'p1'), corrected('b-new', -50_000)]);
    expect(settlementEnds(fold([...leaving, ...decided]))[0]!.holding).toBe(50_000);
  });

  it('a direct debit booked, then returned, while the end is pending: what leaves follows both ways', () => {
    const booked = debitMemberDecider.decide(
      {
        type: 'BookDebits',
        memberId: M,
        collectionId: 'c1',
        collectionDate: '2026-10-15',
        messageId: 'MSG-1',
        items: [{ memberId: M, balanceId: 'b0', mandateId: 'a1', paymentId: 'd1', amount: 15_000, sequence: 'FRST' }],
      },
      foldDebits(leaving),
    );
    expect(booked.map((e) => e.type)).toEqual(['SharePaymentReceived', 'SharePaymentCorrected']);
    expect(booked[1]).toEqual(corrected('b-new', -45_000));
    const returned = debitMemberDecider.decide(
      {
        type: 'ReturnPayment',
        memberId: M,
        cooperativeId: COOP,
        paymentId: 'd1',
        date: '2026-10-20',
        reason: 'MD06',
        today: '2026-10-20',
      },
      foldDebits([...leaving, ...booked]),
    );
    expect(returned.map((e) => e.type)).toEqual(['SharePaymentReturned', 'SharePaymentCorrected']);
    expect(returned[1]).toEqual(corrected('b-new', -30_000));
    expect(settlementEnds(fold([...leaving, ...booked, ...returned]))[0]!.holding).toBe(30_000);
  });

  it('a payment without an end pending corrects nothing', () => {
    const decided = sharePaymentDecider.decide(
      {
        type: 'RecordSharePayment',
        memberId: M,
        cooperativeId: COOP,
        paymentId: 'p1',
        balanceId: 'b0',
        date: '2026-10-15',
        amount: 20_000,
        method: 'transfer',
        reference: null,
        today: '2026-10-20',
      },
      fold(partlyPaid),
    );
    expect(decided).toEqual([payment('b0', 20_000, 'p1')]);
  });

  it('an annulation gives back the register payment of its original: a subscription paid in part, an end that took 300 € out', () => {
    const annulCmd = (annulPeer: string): LedgerCommand =>
      ({
        type: 'AnnulPosting',
        memberId: M,
        cooperativeId: COOP,
        balanceId: 'b5',
        annulPeer,
        terms,
        today: TODAY,
      }) as LedgerCommand;
    const annulled = (
      annulPeer: string,
      originalType: PostingType,
      quantity: number,
      amount: number,
      paid?: number,
    ): MemberEvent =>
      ({
        type: 'PostingAnnulled',
        data: {
          memberId: M,
          balanceId: 'b5',
          annulPeer,
          originalType,
          quantity,
          amount,
          date: TODAY,
          approvalDate: null,
          interestBegin: null,
          ...(paid === undefined ? {} : { paid }),
        },
      }) as MemberEvent;
    spec
      .given([...partlyPaid, paidOnly(posted('b1', 1, 2), 5_000)])
      .when(annulCmd('b1'))
      .then([annulled('b1', 1, -2, -50_000, -5_000)]);
    spec
      .given([...partlyPaid, posted('b1', 1, 2)])
      .when(annulCmd('b1'))
      .then([annulled('b1', 1, -2, -50_000)]);
    // The annulled subscription and its annulation count as never made: the member's Geschäftsguthaben is 300 € again.
    const after = fold([...partlyPaid, paidOnly(posted('b1', 1, 2), 5_000), annulled('b1', 1, -2, -50_000, -5_000)]);
    expect(after.postings.get('b5')!.payment).toBe(-5_000);
  });
});
