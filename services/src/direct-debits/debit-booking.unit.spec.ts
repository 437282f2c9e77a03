import { describe, expect, it } from '@jest/globals';
import type { DirectDebitItem, MemberEvent } from '@coop/contracts';
import { admitted, M, posted } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { bookDebits, type BookDebits } from './domain/debit-booking.js';
import { debitPaymentsDecider, type DebitMemberState } from './domain/mandate.decider.js';

/*
 * Issue 45 (DEBIT), decision 270: a collection's debit is booked up to what its subscription still owes on the member
 * stream when it is booked. The file was made for 300 € outstanding on a subscription of 500 € (200 € paid with it);
 * a payment by hand, a transfer passing its unpaid part on, a partial termination releasing it or the annulment came
 * between: the debit pays what is still owed and the rest is named above what was owed, for the clerk to refund.
 */
const spec = deciderSpec(debitPaymentsDecider);
const subscription = posted('b0', 1, 2, { paid: 20_000 });
const item = (paymentId = 'd1', amount = 30_000): DirectDebitItem => ({
  memberId: M,
  balanceId: 'b0',
  mandateId: 'a1',
  paymentId,
  amount,
  sequence: 'FRST',
});
const book = (...items: DirectDebitItem[]): BookDebits => ({
  type: 'BookDebits',
  memberId: M,
  collectionId: 'dd1',
  collectionDate: '2025-07-01',
  messageId: 'LS1',
  items: items.length > 0 ? items : [item()],
});
const payment = (
  paymentId: string,
  amount: number,
  method: 'directDebit' | 'transfer' = 'directDebit',
): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: M,
    balanceId: 'b0',
    paymentId,
    date: method === 'directDebit' ? '2025-07-01' : '2025-06-20',
    amount,
    method,
    reference: method === 'directDebit' ? 'LS1' : null,
    collectionId: method === 'directDebit' ? 'dd1' : null,
    statementId: null,
  },
});
const fold = (events: readonly MemberEvent[]): DebitMemberState =>
  events.reduce((s, e) => debitPaymentsDecider.evolve(s, e), debitPaymentsDecider.initialState());
const aboveOf = (events: readonly MemberEvent[], command = book()) => {
  const state = fold(events);
  return bookDebits(command, state.account, new Set(state.payments.keys())).aboveOutstanding;
};
const above = (booked: number, reason: 'aboveOutstanding' | 'subscriptionAnnulled' = 'aboveOutstanding') => ({
  memberId: M,
  memberNr: 1,
  balanceId: 'b0',
  paymentId: 'd1',
  amount: 30_000,
  booked,
  excess: 30_000 - booked,
  reason,
});

describe('booking a debit up to what its subscription still owes', () => {
  it('books the whole debit while the subscription owes it', () => {
    spec
      .given([admitted(), subscription])
      .when(book())
      .then([payment('d1', 30_000)]);
    expect(aboveOf([admitted(), subscription])).toEqual([]);
  });

  it('a payment recorded by hand meanwhile: books the 200 € still owed, names 100 € above', () => {
    const given = [admitted(), subscription, payment('t1', 10_000, 'transfer')];
    spec
      .given(given)
      .when(book())
      .then([payment('d1', 20_000)]);
    expect(aboveOf(given)).toEqual([above(20_000)]);
  });

  it('a transfer passed a share’s unpaid part on (decision 265): books the 50 € left', () => {
    const transfer = posted('b1', 3, 1, {
      paid: 0,
      transferTo: 'm-2',
      passedOn: [{ balanceId: 'b0', amount: 25_000 }],
    });
    spec
      .given([admitted(), subscription, transfer])
      .when(book())
      .then([payment('d1', 5_000)]);
    expect(aboveOf([admitted(), subscription, transfer])).toEqual([above(5_000)]);
  });

  it('a partial termination released a share’s unpaid part (decision 267): books the 50 € left', () => {
    const ended = posted('b1', 2, 1, { paid: 0, released: [{ balanceId: 'b0', amount: 25_000 }] });
    spec
      .given([admitted(), subscription, ended])
      .when(book())
      .then([payment('d1', 5_000)]);
    expect(aboveOf([admitted(), subscription, ended])).toEqual([above(5_000)]);
  });

  it('the subscription was annulled, or is paid in full: books nothing, the whole debit above', () => {
    const annulled: MemberEvent = {
      type: 'PostingAnnulled',
      data: {
        memberId: M,
        balanceId: 'b9',
        annulPeer: 'b0',
        originalType: 1,
        quantity: -2,
        amount: -50_000,
        date: '2025-06-20',
        approvalDate: null,
        interestBegin: null,
        paid: -20_000,
      },
    };
    spec.given([admitted(), subscription, annulled]).when(book()).then([]);
    expect(aboveOf([admitted(), subscription, annulled])).toEqual([above(0, 'subscriptionAnnulled')]);
    const paidUp = [admitted(), subscription, payment('t1', 30_000, 'transfer')];
    spec.given(paidUp).when(book()).then([]);
    expect(aboveOf(paidUp)).toEqual([above(0)]);
  });

  it('two debits of one subscription pay it once: the second books what the first left', () => {
    const command = book(item('d1', 20_000), item('d2', 20_000));
    spec
      .given([admitted(), subscription])
      .when(command)
      .then([payment('d1', 20_000), payment('d2', 10_000)]);
    expect(aboveOf([admitted(), subscription], command)).toEqual([
      { ...above(10_000), paymentId: 'd2', amount: 20_000, excess: 10_000 },
    ]);
  });

  it('a debit booked already is neither booked nor named again', () => {
    const given = [admitted(), subscription, payment('t1', 10_000, 'transfer'), payment('d1', 20_000)];
    spec.given(given).when(book()).then([]);
    expect(aboveOf(given)).toEqual([]);
  });
});
