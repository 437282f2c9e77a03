import { describe, expect, it } from '@jest/globals';
import {
  memberFieldError,
  NotFoundError,
  ValidationError,
  type MemberEvent,
  type MemberMasterData,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { evolveMemberStream, initialMemberState } from '../kernel/member-stream.js';
import { shareLedgerDecider, type CorrectSharePayment } from './domain/ledger.decider.js';

const spec = deciderSpec(shareLedgerDecider);
const M = 'm-1';
const COOP = 'coop-1';

const given: MemberEvent[] = [
  {
    type: 'MemberAdmitted',
    data: {
      memberId: M,
      cooperativeId: COOP,
      memberNr: 1,
      ...({ name: 'Berger', entryDate: '2025-06-01' } as unknown as MemberMasterData),
    },
  },
  {
    type: 'SharesPosted',
    data: {
      memberId: M,
      balanceId: 'b0',
      type: 0,
      quantity: 3,
      amount: 75_000,
      shareCost: 25_000,
      date: '2025-06-01',
      approvalDate: '2025-06-05',
      interestBegin: '2025-07-01',
    },
  },
];

const correct = (fields: Partial<CorrectSharePayment> = {}): CorrectSharePayment => ({
  type: 'CorrectSharePayment',
  memberId: M,
  cooperativeId: COOP,
  balanceId: 'b0',
  rueckpfleinzahlung: 50_000,
  interestEnd: '2030-12-31',
  ...fields,
});

/** The subscription b0 as posted, which a correction of it carries for its due (decision 268). */
const b0 = { type: 0, date: '2025-06-01', quantity: 3, amount: 75_000, paidWhenPosted: 75_000 };
const corrected = (rueckpfleinzahlung: number, interestEnd: string | null): MemberEvent => ({
  type: 'SharePaymentCorrected',
  data: { memberId: M, balanceId: 'b0', rueckpfleinzahlung, interestEnd, subscription: b0 },
});

/**
 * 3 shares with 250 € paid; 2 transferred (b3): the 250 € paid leave, the unpaid 250 € of their price pass on to the
 * receiver, who owes them (decision 265).
 */
const partPaidTransferred: MemberEvent[] = [
  ...given.map((e) => (e.type === 'SharesPosted' ? { ...e, data: { ...e.data, paid: 25_000 } } : e)),
  {
    type: 'SharesPosted',
    data: {
      ...(given[1]!.data as object),
      balanceId: 'b3',
      type: 3,
      quantity: 2,
      amount: -50_000,
      paid: -25_000,
      transferTo: 'm-2',
      transferPeer: 'b4',
      passedOn: [{ balanceId: 'b0', amount: 25_000 }],
    },
  } as MemberEvent,
];

describe('share register correction (CorrectSharePayment)', () => {
  it('records the payment actually made and the interest end as a new event', () => {
    spec
      .given(given)
      .when(correct())
      .then([corrected(50_000, '2030-12-31')]);
  });

  it('records nothing when the values are what the register already holds', () => {
    spec
      .given(given)
      .when(correct({ rueckpfleinzahlung: 75_000, interestEnd: null }))
      .then([]);
    spec
      .given([...given, corrected(50_000, '2030-12-31')])
      .when(correct())
      .then([]);
  });

  it('corrects again after a correction (the later one supersedes, the earlier stays in the stream)', () => {
    spec
      .given([...given, corrected(50_000, '2030-12-31')])
      .when(correct({ rueckpfleinzahlung: 60_000 }))
      .then([corrected(60_000, '2030-12-31')]);
  });

  it('takes a correction made on the payment the register holds, refuses one made on a payment changed since (decision 296)', () => {
    spec
      .given([...given, corrected(50_000, null)])
      .when(correct({ rueckpfleinzahlung: 60_000, expectedRueckpfleinzahlung: 50_000 }))
      .then([corrected(60_000, '2030-12-31')]);
    spec
      .given([...given, corrected(50_000, null)])
      .when(correct({ rueckpfleinzahlung: 75_000, interestEnd: null, expectedRueckpfleinzahlung: 75_000 }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([memberFieldError('rueckpfleinzahlung', 'shareChangedMeanwhile', '750,00', '500,00')]),
      );
  });

  it("refuses an interest end before the posting's interest begin (the shape is the request class's: ShareCorrection)", () => {
    spec
      .given(given)
      .when(correct({ interestEnd: '2025-06-30' }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([memberFieldError('interestEnd', 'mustBeAtLeast', '2025-07-01')]),
      );
    spec
      .given(given)
      .when(correct({ interestEnd: '2025-07-01' }))
      .then([corrected(50_000, '2025-07-01')]);
  });

  it('answers an unknown posting, an unknown member and another cooperative as not found', () => {
    spec
      .given(given)
      .when(correct({ balanceId: 'nope' }))
      .thenThrows(NotFoundError);
    spec.given([]).when(correct()).thenThrows(NotFoundError);
    spec
      .given(given)
      .when(correct({ cooperativeId: 'coop-2' }))
      .thenThrows(NotFoundError);
  });

  it('is allowed after the exit (it corrects the register, it posts nothing)', () => {
    const gone: MemberEvent[] = [
      ...given,
      { type: 'MemberExited', data: { memberId: M, exitDate: '2025-08-01', reason: 'exit', balanceId: 'b8' } },
    ];
    // The due the correction opens is owed until the end's effective date (decisions 268, 269).
    const opening = corrected(50_000, '2030-12-31') as Extract<MemberEvent, { type: 'SharePaymentCorrected' }>;
    spec
      .given(gone)
      .when(correct())
      .then([{ ...opening, data: { ...opening.data, subscription: { ...b0, owedUntil: '2025-08-01' } } }]);
  });

  it('carries the subscription as posted, paid when posted included; a posting that owes nothing carries none (decision 268)', () => {
    const partPaid = given.map((e) => (e.type === 'SharesPosted' ? { ...e, data: { ...e.data, paid: 20_000 } } : e));
    spec
      .given(partPaid)
      .when(correct())
      .then([
        {
          type: 'SharePaymentCorrected',
          data: {
            memberId: M,
            balanceId: 'b0',
            rueckpfleinzahlung: 50_000,
            interestEnd: '2030-12-31',
            subscription: { ...b0, paidWhenPosted: 20_000 },
          },
        },
      ]);
    const withdrawal: MemberEvent = {
      type: 'SharesPosted',
      data: { ...(given[1]!.data as object), balanceId: 'b2', type: 2, quantity: 1, amount: -25_000 },
    } as MemberEvent;
    spec
      .given([...given, withdrawal])
      .when(correct({ balanceId: 'b2', rueckpfleinzahlung: -20_000, interestEnd: null }))
      .then([
        {
          type: 'SharePaymentCorrected',
          data: { memberId: M, balanceId: 'b2', rueckpfleinzahlung: -20_000, interestEnd: null },
        },
      ]);
  });

  it('refuses a payment above the nominal amount of the posting or below nothing (§ 7 GenG, DOMAIN.md 1.1)', () => {
    const outside = (payment: string) => [
      memberFieldError('rueckpfleinzahlung', 'paymentOutsideSharePrice', payment, '0,00', '750,00'),
    ];
    spec
      .given(given)
      .when(correct({ rueckpfleinzahlung: 75_001 }))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(outside('750,01')));
    spec
      .given(given)
      .when(correct({ rueckpfleinzahlung: 150_000 }))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(outside('1.500,00')));
    spec
      .given(given)
      .when(correct({ rueckpfleinzahlung: -1 }))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(outside('-0,01')));
    // The bounds themselves: nothing paid in, the whole price paid in.
    spec
      .given(given)
      .when(correct({ rueckpfleinzahlung: 0 }))
      .then([corrected(0, '2030-12-31')]);
    spec
      .given([...given, corrected(0, null)])
      .when(correct({ rueckpfleinzahlung: 75_000 }))
      .then([corrected(75_000, '2030-12-31')]);
  });

  it('keeps the sign of a posting that takes shares out: its payment lies between its amount and nothing', () => {
    const withdrawal = {
      type: 'SharesPosted',
      data: { ...(given[1]!.data as object), balanceId: 'b2', type: 2, quantity: 1, amount: -25_000 },
    } as MemberEvent;
    const outside = (payment: string) => [
      memberFieldError('rueckpfleinzahlung', 'paymentOutsideSharePrice', payment, '-250,00', '0,00'),
    ];
    spec
      .given([...given, withdrawal])
      .when(correct({ balanceId: 'b2', rueckpfleinzahlung: -25_001, interestEnd: null }))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(outside('-250,01')));
    spec
      .given([...given, withdrawal])
      .when(correct({ balanceId: 'b2', rueckpfleinzahlung: 1, interestEnd: null }))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(outside('0,01')));
    spec
      .given([...given, withdrawal])
      .when(correct({ balanceId: 'b2', rueckpfleinzahlung: 0, interestEnd: null }))
      .then([
        {
          type: 'SharePaymentCorrected',
          data: { memberId: M, balanceId: 'b2', rueckpfleinzahlung: 0, interestEnd: null },
        },
      ]);
  });

  it("a subscription's bound leaves out the unpaid price passed on with shares transferred (decision 265)", () => {
    // 3 shares with 250 € paid; 2 transferred: the 250 € paid leave, the unpaid 250 € of their price the receiver owes.
    spec
      .given(partPaidTransferred)
      .when(correct({ rueckpfleinzahlung: 50_001 }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          memberFieldError('rueckpfleinzahlung', 'paymentOutsideSharePrice', '500,01', '0,00', '500,00'),
        ]),
      );
  });

  it("bounds a transfer's own payment by what it passed on, and refuses a clerk's change of a transfer's payment (327)", () => {
    // The import may restate a transfer's half (its register states both halves); a clerk's change is refused.
    // 500 € of shares left, 250 € of their price passed on: the transfer moves at most 250 € (it moved -500 € before).
    spec
      .given(partPaidTransferred)
      .when(correct({ balanceId: 'b3', rueckpfleinzahlung: -50_000 }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          memberFieldError('rueckpfleinzahlung', 'paymentOutsideSharePrice', '-500,00', '-250,00', '0,00'),
        ]),
      );
    spec
      .given(partPaidTransferred)
      .when(correct({ balanceId: 'b3', rueckpfleinzahlung: -10_000, followTransfers: true }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([memberFieldError('rueckpfleinzahlung', 'transferPaymentFollows')]),
      );
  });

  it('lets a payment the register already holds stand when only the interest end is corrected', () => {
    const above = given.map((e) => (e.type === 'SharesPosted' ? { ...e, data: { ...e.data, paid: 80_000 } } : e));
    spec
      .given(above)
      .when(correct({ rueckpfleinzahlung: 80_000, interestEnd: '2030-12-31' }))
      .then([
        {
          type: 'SharePaymentCorrected',
          data: {
            memberId: M,
            balanceId: 'b0',
            rueckpfleinzahlung: 80_000,
            interestEnd: '2030-12-31',
            subscription: { ...b0, paidWhenPosted: 80_000 },
          },
        },
      ]);
  });

  it("evolves the posting's payment fields", () => {
    const state = [...given, corrected(1, '2031-01-01')].reduce(evolveMemberStream, initialMemberState);
    expect(state.postings.get('b0')).toMatchObject({
      payment: 1,
      interestEnd: '2031-01-01',
      amount: 75_000,
      shares: 3,
    });
  });
});
