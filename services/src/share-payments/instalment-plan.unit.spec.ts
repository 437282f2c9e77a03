import { describe, expect, it } from '@jest/globals';
import { proposePlan, ValidationError, type InstalmentTerms, type MemberEvent } from '@coop/contracts';
import { admitted, COOP, err, exited, M, subscribed } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import type { SetInstalmentPlan } from './domain/instalment-plan.rules.js';
import { paymentTermsDecider, type SetPaymentTerms } from './domain/payment-terms.decider.js';
import { sharePaymentDecider } from './domain/share-payment.decider.js';

const spec = deciderSpec(sharePaymentDecider);
/** Up to 4 instalments 3 months apart, at least 25 € a share first (a tenth of 250 €, § 7 Nr. 1 GenG). */
const terms: InstalmentTerms = { allowed: true, maxCount: 4, rhythmMonths: 3, minFirstPerShare: 2_500 };
/** 3 shares (750 €) posted on 2025-06-01 with 75 € paid: 675 € to plan. */
const partly: MemberEvent[] = [
  admitted(),
  { type: 'SharesPosted', data: { ...(subscribed(3).data as object), paid: 7_500 } } as MemberEvent,
];

const plan = (
  instalments: { dueDate: string; amount: number }[],
  fields: Partial<SetInstalmentPlan> = {},
): SetInstalmentPlan => ({
  type: 'SetInstalmentPlan',
  memberId: M,
  cooperativeId: COOP,
  balanceId: 'b0',
  instalments,
  terms,
  ...fields,
});
const set = (instalments: { dueDate: string; amount: number }[]): MemberEvent => ({
  type: 'InstalmentPlanSet',
  data: { memberId: M, balanceId: 'b0', instalments },
});
const refuses = (command: SetInstalmentPlan, errors: unknown[], given: MemberEvent[] = partly): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

const good = [
  { dueDate: '2025-07-01', amount: 22_500 },
  { dueDate: '2025-10-01', amount: 22_500 },
  { dueDate: '2026-01-01', amount: 22_500 },
];

describe('SetInstalmentPlan (issue 45; § 7 Nr. 1 GenG)', () => {
  it('sets a plan that sums to the unpaid part, ascending at least the rhythm apart', () => {
    spec
      .given(partly)
      .when(plan(good))
      .then([set(good)]);
  });

  it('refuses it when the terms allow no instalments, or more than their count', () => {
    refuses(plan(good, { terms: { ...terms, allowed: false } }), [err('instalments', 'instalmentsNotAllowed')]);
    refuses(plan(good, { terms: { ...terms, maxCount: 2 } }), [err('instalments', 'mustBeAtMost', '2')]);
    refuses(plan([]), [err('instalments', 'mustNotBeEmpty')]);
  });

  it('refuses amounts that do not sum to the unpaid part, and a first payment below the least', () => {
    refuses(
      plan([
        { dueDate: '2025-07-01', amount: 22_500 },
        { dueDate: '2025-10-01', amount: 22_500 },
      ]),
      [err('instalments', 'instalmentsSumMismatch', '450,00', '675,00')],
    );
    // Paid with the posting 75 € of the least 75 € (3 × 25 €): a first instalment of 1 cent is enough.
    spec
      .given(partly)
      .when(
        plan([
          { dueDate: '2025-07-01', amount: 1 },
          { dueDate: '2025-10-01', amount: 67_499 },
        ]),
      )
      .then([
        set([
          { dueDate: '2025-07-01', amount: 1 },
          { dueDate: '2025-10-01', amount: 67_499 },
        ]),
      ]);
    const nothingPaid: MemberEvent[] = [
      admitted(),
      { type: 'SharesPosted', data: { ...(subscribed(3).data as object), paid: 0 } } as MemberEvent,
    ];
    refuses(
      plan([
        { dueDate: '2025-07-01', amount: 7_499 },
        { dueDate: '2025-10-01', amount: 67_501 },
      ]),
      [err('instalments.0.amount', 'firstInstalmentTooSmall', '75,00')],
      nothingPaid,
    );
  });

  it('refuses due dates not ascending, closer than the rhythm, before the posting, or not dates', () => {
    refuses(
      plan([
        { dueDate: '2025-07-01', amount: 22_500 },
        { dueDate: '2025-09-30', amount: 45_000 },
      ]),
      [err('instalments.1.dueDate', 'instalmentsTooClose', '3')],
    );
    refuses(
      plan([
        { dueDate: '2025-10-01', amount: 22_500 },
        { dueDate: '2025-07-01', amount: 45_000 },
      ]),
      [err('instalments.1.dueDate', 'instalmentsTooClose', '3')],
    );
    refuses(plan([{ dueDate: '2025-05-31', amount: 67_500 }]), [
      err('instalments.0.dueDate', 'mustBeAtLeast', '2025-06-01'),
    ]);
    refuses(plan([{ dueDate: '2025-13-01', amount: 67_500 }]), [
      err('instalments.0.dueDate', 'invalidDate', '2025-13-01'),
    ]);
    refuses(plan([{ dueDate: '2025-07-01', amount: 0 }]), [err('instalments.0.amount', 'invalidNumber')]);
  });

  it('refuses a posting that is no subscription', () => {
    refuses(plan(good, { balanceId: 'nope' }), [err('balanceId', 'notASubscription', 'nope')]);
  });

  it('refuses an instalment due on or after a recorded whole end: nothing is owed from its effective date (decision 269)', () => {
    const leaving = [...partly, exited('b8', '2025-12-31')];
    refuses(plan(good), [err('instalments.2.dueDate', 'mustBeAtMost', '2025-12-30')], leaving);
    const early = [good[0]!, good[1]!, { dueDate: '2025-12-30', amount: 22_500 }];
    refuses(plan(early), [err('instalments.2.dueDate', 'instalmentsTooClose', '3')], leaving);
    const twice = [good[0]!, { dueDate: '2025-10-01', amount: 45_000 }];
    spec
      .given(leaving)
      .when(plan(twice))
      .then([set(twice)]);
  });
});

describe('proposePlan: equal parts, the rest on the last, the first at least the least first payment', () => {
  it('splits the unpaid part by the terms', () => {
    expect(proposePlan(67_500, 3, '2025-07-01', terms, 3)).toEqual(good);
    expect(proposePlan(10_000, 1, '2025-01-31', { ...terms, rhythmMonths: 1 }, 3)).toEqual([
      { dueDate: '2025-01-31', amount: 3_333 },
      { dueDate: '2025-02-28', amount: 3_333 },
      { dueDate: '2025-03-31', amount: 3_334 },
    ]);
    // 4 equal parts of 25 € would be below the least first payment of 2 × 25 €.
    expect(proposePlan(10_000, 2, '2025-07-01', terms, 4).map((i) => i.amount)).toEqual([5_000, 1_666, 1_666, 1_668]);
    expect(proposePlan(2, 1, '2025-07-01', { ...terms, minFirstPerShare: 0 })).toEqual([
      { dueDate: '2025-07-01', amount: 1 },
      { dueDate: '2025-10-01', amount: 1 },
    ]);
    // The least first payment is the whole unpaid part: one instalment.
    expect(proposePlan(2_000, 1, '2025-07-01', terms)).toEqual([{ dueDate: '2025-07-01', amount: 2_000 }]);
    expect(proposePlan(0, 1, '2025-07-01', terms)).toEqual([]);
  });

  it('proposes what the decider accepts', () => {
    const proposed = proposePlan(67_500, 3, '2025-06-01', terms);
    spec
      .given(partly)
      .when(plan(proposed))
      .then([set(proposed)]);
  });
});

describe('SetPaymentTerms', () => {
  const decide = paymentTermsDecider.decide;
  const command = (fields: Partial<SetPaymentTerms['terms']> = {}): SetPaymentTerms => ({
    type: 'SetPaymentTerms',
    cooperativeId: COOP,
    shareCost: 25_000,
    terms: {
      instalments: terms,
      reminderAfterDays: 14,
      creditDividendUntilPaid: true,
      creditorId: 'DE98ZZZ09999999999',
      ...fields,
    },
  });

  it('records the terms once; the same again records nothing', () => {
    const events = decide(command(), paymentTermsDecider.initialState());
    expect(events).toEqual([
      {
        type: 'PaymentTermsSet',
        data: {
          cooperativeId: COOP,
          instalments: terms,
          reminderAfterDays: 14,
          creditDividendUntilPaid: true,
          creditorId: 'DE98ZZZ09999999999',
        },
      },
    ]);
    expect(decide(command(), paymentTermsDecider.evolve(paymentTermsDecider.initialState(), events[0]!))).toEqual([]);
  });

  it('refuses a least first payment above the share price and a creditor id with wrong check digits', () => {
    expect(() =>
      decide(command({ instalments: { ...terms, minFirstPerShare: 25_001 } }), paymentTermsDecider.initialState()),
    ).toThrow(expect.objectContaining({ errors: [err('instalments.minFirstPerShare', 'amountAtMost', '250,00')] }));
    expect(() => decide(command({ creditorId: 'DE97ZZZ09999999999' }), paymentTermsDecider.initialState())).toThrow(
      expect.objectContaining({ errors: [err('creditorId', 'invalidCreditorId')] }),
    );
    expect(decide(command({ creditorId: null }), paymentTermsDecider.initialState())).toHaveLength(1);
  });
});
