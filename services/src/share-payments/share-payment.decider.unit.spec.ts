import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ValidationError, type MemberEvent } from '@coop/contracts';
import { evolveMemberStream, evolveShareAccount, initialMemberState } from '../kernel/member-stream.js';
import { admitted, COOP, err, M, OTHER_COOP, posted, subscribed } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { sharePaymentDecider, type RecordSharePayment } from './domain/share-payment.decider.js';

const spec = deciderSpec(sharePaymentDecider);
const TODAY = '2025-06-15';

/** Admitted with 3 shares (750 €) of which 250 € were paid with the posting, and 2 more shares paid in full. */
const partlyPaid: MemberEvent[] = [
  admitted(),
  { type: 'SharesPosted', data: { ...(subscribed(3).data as object), paid: 25_000 } } as MemberEvent,
  posted('b1', 1, 2, { date: '2025-06-10' }),
];

const pay = (fields: Partial<RecordSharePayment> = {}): RecordSharePayment => ({
  type: 'RecordSharePayment',
  memberId: M,
  cooperativeId: COOP,
  paymentId: 'p-1',
  balanceId: 'b0',
  date: '2025-06-12',
  amount: 10_000,
  method: 'transfer',
  reference: 'Mitglied 1 Anteile',
  today: TODAY,
  ...fields,
});

const received = (
  balanceId: string,
  paymentId: string,
  amount: number,
  fields: Partial<Pick<RecordSharePayment, 'method' | 'reference'>> = {},
): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: M,
    balanceId,
    paymentId,
    date: '2025-06-12',
    amount,
    method: 'transfer',
    reference: 'Mitglied 1 Anteile',
    collectionId: null,
    statementId: null,
    ...fields,
  },
});

const refuses = (given: readonly MemberEvent[], command: RecordSharePayment, errors: unknown[]): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

describe('the member stream folds payments on shares (issue 45)', () => {
  it('a subscription posted with `paid` owes the rest; without it, it is paid in full', () => {
    const state = partlyPaid.reduce(evolveShareAccount, initialMemberState);
    expect(state.postings.get('b0')).toMatchObject({
      amount: 75_000,
      payment: 25_000,
      paidWhenPosted: 25_000,
      instalments: null,
    });
    expect(state.postings.get('b1')).toMatchObject({ amount: 50_000, payment: 50_000 });
  });

  it("a payment raises the posting's payment and its return lowers it again", () => {
    const events = [
      ...partlyPaid,
      received('b0', 'p-1', 10_000),
      {
        type: 'SharePaymentReturned',
        data: { memberId: M, balanceId: 'b0', paymentId: 'p-1', date: '2025-06-14', amount: 10_000, reason: 'MD06' },
      } as MemberEvent,
    ];
    const afterPayment = events.slice(0, 4).reduce(evolveMemberStream, initialMemberState);
    expect(afterPayment.postings.get('b0')!.payment).toBe(35_000);
    expect(afterPayment.sharePayments.get('p-1')).toMatchObject({ balanceId: 'b0', amount: 10_000, returned: false });
    const afterReturn = events.reduce(evolveMemberStream, initialMemberState);
    expect(afterReturn.postings.get('b0')!.payment).toBe(25_000);
    expect(afterReturn.sharePayments.get('p-1')!.returned).toBe(true);
  });
});

describe('RecordSharePayment (issue 45)', () => {
  it('records a payment on the subscription named', () => {
    spec
      .given(partlyPaid)
      .when(pay())
      .then([received('b0', 'p-1', 10_000)]);
  });

  it('records up to exactly what is outstanding, and refuses a cent more', () => {
    spec
      .given(partlyPaid)
      .when(pay({ amount: 50_000 }))
      .then([received('b0', 'p-1', 50_000)]);
    refuses(partlyPaid, pay({ amount: 50_001 }), [err('amount', 'paymentAboveOutstanding', '500,01', '500,00')]);
  });

  it('refuses a subscription paid in full, another posting and an unknown one', () => {
    refuses(partlyPaid, pay({ balanceId: 'b1' }), [err('balanceId', 'nothingOutstanding')]);
    refuses(
      [...partlyPaid, posted('b2', 2, 1, { date: '2025-06-11', noticeDate: '2025-06-11' })],
      pay({ balanceId: 'b2' }),
      [err('balanceId', 'notASubscription', 'b2')],
    );
    refuses(partlyPaid, pay({ balanceId: 'nope' }), [err('balanceId', 'notASubscription', 'nope')]);
  });

  it('refuses a zero, negative, fractional or huge amount, a date in the future or before the posting, a long reference', () => {
    refuses(partlyPaid, pay({ amount: 0 }), [err('amount', 'amountAtLeast', '0,01')]);
    refuses(partlyPaid, pay({ amount: -5 }), [err('amount', 'amountAtLeast', '0,01')]);
    refuses(partlyPaid, pay({ amount: 10.5 }), [err('amount', 'invalidNumber')]);
    refuses(partlyPaid, pay({ amount: 100_000_000_001 }), [err('amount', 'amountAtMost', '1.000.000.000,00')]);
    refuses(partlyPaid, pay({ date: '2025-06-16' }), [err('date', 'dateInFuture', '2025-06-16')]);
    refuses(partlyPaid, pay({ date: '2025-05-31' }), [err('date', 'mustBeAtLeast', '2025-06-01')]);
    refuses(partlyPaid, pay({ date: '2025-02-30' }), [err('date', 'invalidDate', '2025-02-30')]);
    refuses(partlyPaid, pay({ reference: 'x'.repeat(141) }), [err('reference', 'tooLong', '140')]);
    spec
      .given(partlyPaid)
      .when(pay({ reference: 'x'.repeat(140) }))
      .then([received('b0', 'p-1', 10_000, { reference: 'x'.repeat(140) })]);
  });

  it('credits a dividend only from the closure (§ 19 (1) GenG)', () => {
    refuses(partlyPaid, pay({ method: 'dividendCredit' }), [err('method', 'dividendCreditByClosureOnly')]);
    spec
      .given(partlyPaid)
      .when(pay({ method: 'dividendCredit', byClosure: true }))
      .then([received('b0', 'p-1', 10_000, { method: 'dividendCredit' })]);
    refuses(partlyPaid, pay({ method: 'cheque' as 'cash' }), [err('method', 'invalidChoice', 'cheque')]);
  });

  it('without a subscription named, pays the oldest due first and splits over the next', () => {
    const two: MemberEvent[] = [
      ...partlyPaid.slice(0, 2),
      {
        type: 'SharesPosted',
        data: { ...(posted('b1', 1, 2, { date: '2025-06-10' }).data as object), paid: 0 },
      } as MemberEvent,
    ];
    spec
      .given(two)
      .when(pay({ balanceId: null, amount: 60_000 }))
      .then([received('b0', 'p-1', 50_000), received('b1', 'p-1.2', 10_000)]);
    refuses(two, pay({ balanceId: null, amount: 100_001 }), [
      err('amount', 'paymentAboveOutstanding', '1.000,01', '1.000,00'),
    ]);
    // A subscription posted after the payment's date is not paid by it.
    refuses(two, pay({ balanceId: null, amount: 50_001, date: '2025-06-05' }), [
      err('amount', 'paymentAboveOutstanding', '500,01', '500,00'),
    ]);
    refuses(
      partlyPaid.filter((e) => e.type !== 'SharesPosted' || e.data.balanceId !== 'b0'),
      pay({ balanceId: null }),
      [err('amount', 'nothingOutstanding')],
    );
  });

  it('answers a member of another cooperative as not found', () => {
    spec
      .given(partlyPaid)
      .when(pay({ cooperativeId: OTHER_COOP }))
      .thenThrows(NotFoundError);
  });

  it('an instalment plan orders the split by the instalments due', () => {
    const events: MemberEvent[] = [
      admitted(),
      { type: 'SharesPosted', data: { ...(subscribed(3).data as object), paid: 25_000 } } as MemberEvent,
      {
        type: 'SharesPosted',
        data: { ...(posted('b1', 1, 2, { date: '2025-06-02' }).data as object), paid: 0 },
      } as MemberEvent,
      {
        type: 'InstalmentPlanSet',
        data: { memberId: M, balanceId: 'b0', instalments: [{ dueDate: '2025-09-01', amount: 50_000 }] },
      },
    ];
    // b1 is due since its posting (2025-06-02), b0 only on 2025-09-01: b1 first.
    spec
      .given(events)
      .when(pay({ balanceId: null, amount: 60_000 }))
      .then([received('b1', 'p-1', 50_000), received('b0', 'p-1.2', 10_000)]);
  });

  it('given a whole end in effect on the payment’s date, then nothing is owed; a payment dated before it is taken (decision 269)', () => {
    const ended: MemberEvent[] = [
      ...partlyPaid,
      posted('b-exit', 8, 5, { date: '2025-06-12', paid: -75_000 }),
      {
        type: 'MemberExited',
        data: { memberId: M, exitDate: '2025-06-12', reason: 'death', balanceId: 'b-exit', dues: ['b0'] },
      },
    ];
    refuses(ended, pay(), [err('balanceId', 'nothingOutstanding')]);
    refuses(ended, pay({ balanceId: null }), [err('amount', 'nothingOutstanding')]);
    spec
      .given(ended)
      .when(pay({ date: '2025-06-11' }))
      .then([
        {
          ...received('b0', 'p-1', 10_000),
          data: { ...(received('b0', 'p-1', 10_000).data as object), date: '2025-06-11' },
        } as MemberEvent,
        // The Geschäftsguthaben that leaves with the end rises by it (decision 234).
        {
          type: 'SharePaymentCorrected',
          data: { memberId: M, balanceId: 'b-exit', rueckpfleinzahlung: -85_000, interestEnd: null },
        },
      ]);
  });
});
