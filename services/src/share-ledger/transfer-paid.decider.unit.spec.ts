import { describe, expect, it } from '@jest/globals';
import { ValidationError, type MemberEvent } from '@coop/contracts';
import { paidIn } from '../kernel/geschaeftsguthaben.js';
import { evolveShareAccount, initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { outstandingOf } from '../kernel/owing-postings.js';
import { admitted, COOP, err, M, M2, ON, posted, subscribed, terms } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { sharePaymentDecider, type RecordSharePayment } from '../share-payments/index.js';
import { movedPaid, type LedgerCommand } from './domain/ledger.decider.js';
import { post, refuses, spec } from './testing/ledger-spec.js';

/*
 * Decision 265 (§ 76 GenG): a transfer moves the Geschäftsguthaben, what was paid in, up to the shares' amount (the
 * shares paid in leave first, as an end takes it out, decision 234); the unpaid rest of their price leaves the giver's
 * dues, oldest due first, and the receiver's incoming transfer owes it as a subscription does.
 */

const paidOnly = (event: MemberEvent, paid: number): MemberEvent =>
  ({ ...event, data: { ...(event.data as object), paid } }) as MemberEvent;
const fold = (events: readonly MemberEvent[]): MemberState => events.reduce(evolveShareAccount, initialMemberState);

const out = (quantity: number, fields: Record<string, unknown> = {}): LedgerCommand =>
  ({
    type: 'TransferOut',
    memberId: M,
    cooperativeId: COOP,
    balanceId: 'b-out',
    peerBalanceId: 'b-in',
    transferTo: M2,
    quantity,
    terms,
    ...ON,
    ...fields,
  }) as LedgerCommand;
const into = (quantity: number, paid: number | null, fields: Record<string, unknown> = {}): LedgerCommand =>
  ({
    type: 'TransferIn',
    memberId: M2,
    cooperativeId: COOP,
    balanceId: 'b-in',
    peerBalanceId: 'b-out',
    transferFrom: M,
    quantity,
    terms,
    paid,
    ...ON,
    ...fields,
  }) as LedgerCommand;
const incoming = (quantity: number, extra: Record<string, unknown> = {}): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId: M2,
    balanceId: 'b-in',
    type: 4,
    quantity,
    amount: quantity * 25_000,
    shareCost: 25_000,
    ...ON,
    transferFrom: M,
    transferPeer: 'b-out',
    ...extra,
  },
});

/** 3 shares of 250 € subscribed, 300 € of the 750 € paid. */
const partlyPaid = [admitted(), paidOnly(subscribed(3), 30_000)];
/** The receiver: one share of its own, paid in full. */
const receiver = [admitted({ name: 'Ernst' }, M2), subscribed(1, M2)];
/** 2 of the 3 shares transferred: the 300 € paid move, the other 200 € of their price are passed on. */
const twoOutFields = {
  transferTo: M2,
  transferPeer: 'b-in',
  paid: -30_000,
  passedOn: [{ balanceId: 'b0', amount: 20_000 }],
};
const twoOut = posted('b-out', 3, 2, twoOutFields);

describe('a transfer of shares not fully paid moves what was paid in (§ 76 GenG, decision 265)', () => {
  it('given 300 € paid of 750 €, when 2 shares leave, then the giver loses 300 €, not 500 €, and owes 250 € on the one that stays', () => {
    spec.given(partlyPaid).when(out(2)).then([twoOut]);
    const giver = fold([...partlyPaid, twoOut]);
    expect(paidIn(giver)).toBe(0);
    expect(giver.shares).toBe(1);
    expect(outstandingOf(giver.postings.get('b0')!)).toBe(25_000);
    expect(movedPaid([twoOut])).toBe(30_000);
  });

  it('given 300 € paid of 750 €, when 1 share leaves, then it leaves paid in full and the giver still owes 450 € on the 2 that stay', () => {
    const oneOut = posted('b-out', 3, 1, { transferTo: M2, transferPeer: 'b-in' });
    spec.given(partlyPaid).when(out(1)).then([oneOut]);
    const giver = fold([...partlyPaid, oneOut]);
    expect(paidIn(giver)).toBe(5_000);
    expect(outstandingOf(giver.postings.get('b0')!)).toBe(45_000);
    expect(movedPaid([oneOut])).toBeNull();
  });

  it('given a holding paid in full, when shares leave, then the events are those of before (no paid, nothing passed on)', () => {
    spec
      .given([admitted(), subscribed(3)])
      .when(out(2))
      .then([posted('b-out', 3, 2, { transferTo: M2, transferPeer: 'b-in' })]);
  });

  it('given the unpaid parts of several dues, then they are passed on the oldest due first', () => {
    const later = posted('b1', 1, 2, { date: '2025-06-05', paid: 0 });
    spec
      .given([admitted(), paidOnly(subscribed(1), 10_000), later])
      .when(out(2))
      .then([
        posted('b-out', 3, 2, {
          transferTo: M2,
          transferPeer: 'b-in',
          paid: -10_000,
          passedOn: [
            { balanceId: 'b0', amount: 15_000 },
            { balanceId: 'b1', amount: 25_000 },
          ],
        }),
      ]);
  });

  it('given a pending end, then the transfer moves what was paid and the end re-stated takes out what is left', () => {
    const exitOn = (balanceId: string): MemberEvent => ({
      type: 'MemberExited',
      // The subscription paid in part is owed until the end (decision 269); the re-stated end names it again.
      data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId, dues: ['b0'] },
    });
    const noticed: MemberEvent = {
      type: 'MembershipEndNoticed',
      data: {
        memberId: M,
        balanceId: 'b-exit',
        reason: 'exit',
        noticeDate: '2026-09-30',
        effectiveDate: '2026-12-31',
        dispatchDate: null,
        noticePeriodMonths: 3,
        extraordinaryReason: null,
      },
    };
    const leaving = [
      ...partlyPaid,
      noticed,
      posted('b-exit', 8, 3, { date: '2026-12-31', paid: -30_000 }),
      exitOn('b-exit'),
    ];
    const dates = { date: '2026-10-01', approvalDate: '2026-10-01', interestBegin: '2026-10-01' };
    spec
      .given(leaving)
      .when(out(2, { ...dates, restate: { annulment: 'b-annul', exit: 'b-exit2' } }))
      .then([
        posted('b-out', 3, 2, { ...twoOutFields, ...dates }),
        {
          type: 'PostingAnnulled',
          data: {
            memberId: M,
            balanceId: 'b-annul',
            annulPeer: 'b-exit',
            originalType: 8,
            quantity: 3,
            amount: 75_000,
            date: '2026-12-31',
            approvalDate: null,
            interestBegin: null,
            paid: 30_000,
          },
        },
        posted('b-exit2', 8, 1, { ...dates, date: '2026-12-31', paid: 0 }),
        exitOn('b-exit2'),
      ]);
  });

  it('then the receiver takes the shares at their price with the 300 € paid, and owes the 200 € as a subscription', () => {
    const taken = incoming(2, { paid: 30_000 });
    spec.given(receiver).when(into(2, 30_000)).then([taken]);
    expect(outstandingOf(fold([...receiver, taken]).postings.get('b-in')!)).toBe(20_000);
  });

  it('then the receiver of shares paid in full owes nothing, and its posting is as before', () => {
    spec
      .given(receiver)
      .when(into(1, null))
      .then([incoming(1)]);
  });

  it('then the receiver pays what is owed on the incoming transfer, never more', () => {
    const owing = [...receiver, incoming(2, { paid: 30_000 })];
    const pay = (amount: number): RecordSharePayment => ({
      type: 'RecordSharePayment',
      memberId: M2,
      cooperativeId: COOP,
      paymentId: 'p-1',
      balanceId: null,
      date: ON.date,
      amount,
      method: 'transfer',
      reference: null,
      today: '2025-06-15',
    });
    const payments = deciderSpec(sharePaymentDecider).given(owing);
    payments.when(pay(20_000)).then([
      {
        type: 'SharePaymentReceived',
        data: {
          memberId: M2,
          balanceId: 'b-in',
          paymentId: 'p-1',
          date: ON.date,
          amount: 20_000,
          method: 'transfer',
          reference: null,
          collectionId: null,
          statementId: null,
        },
      },
    ]);
    payments
      .when(pay(20_001))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([err('amount', 'paymentAboveOutstanding', '200,01', '200,00')]),
      );
  });

  it('then further shares of the receiver are refused while shares taken by transfer are unpaid but the last (§ 15b)', () => {
    const owing = [...receiver, incoming(2, { paid: 0 })];
    refuses(owing, post(1, 1, { memberId: M2 }), [err('quantity', 'earlierSharesNotPaid', '250,00')]);
  });

  it('when the transfer is annulled, then the dues passed on are the giver’s again, with the 300 € paid', () => {
    const annulled: MemberEvent = {
      type: 'PostingAnnulled',
      data: {
        memberId: M,
        balanceId: 'b-annul',
        annulPeer: 'b-out',
        originalType: 3,
        quantity: 2,
        amount: 50_000,
        date: ON.date,
        approvalDate: null,
        interestBegin: null,
        transferPeer: 'b-annul-in',
        paid: 30_000,
        passedOn: [{ balanceId: 'b0', amount: 20_000 }],
      },
    };
    spec
      .given([...partlyPaid, twoOut])
      .when({
        type: 'AnnulPosting',
        memberId: M,
        cooperativeId: COOP,
        balanceId: 'b-annul',
        annulPeer: 'b-out',
        peerBalanceId: 'b-annul-in',
        terms,
        today: ON.date,
        date: ON.date,
      })
      .then([annulled]);
    const giver = fold([...partlyPaid, twoOut, annulled]);
    expect(paidIn(giver)).toBe(30_000);
    expect(outstandingOf(giver.postings.get('b0')!)).toBe(45_000);
  });
});
