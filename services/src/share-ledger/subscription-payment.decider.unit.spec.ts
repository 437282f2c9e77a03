import { describe, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { admitted, err, M, ON, posted, subscribed } from '../kernel/testing/member-events.js';
import { post, refuses, spec } from './testing/ledger-spec.js';

/** The subscription `event` with `paid` cents paid when posted. */
const paidOnly = (event: MemberEvent, paid: number): MemberEvent =>
  ({ ...event, data: { ...(event.data as object), paid } }) as MemberEvent;
const payment = (balanceId: string, amount: number, paymentId = `p-${balanceId}`): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: M,
    balanceId,
    paymentId,
    date: ON.date,
    amount,
    method: 'transfer',
    reference: null,
    collectionId: null,
    statementId: null,
  },
});
const additional = (quantity: number, fields: Record<string, unknown> = {}): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId: M,
    balanceId: 'b-new',
    type: 1,
    quantity,
    amount: quantity * 25_000,
    shareCost: 25_000,
    ...ON,
    ...fields,
  },
});

describe('additional shares paid in part (issue 45)', () => {
  it('puts what was paid on the posting; without it, paid in full as before', () => {
    spec
      .given([admitted(), subscribed(3)])
      .when(post(1, 2, { paid: 10_000 }))
      .then([additional(2, { paid: 10_000 })]);
    spec
      .given([admitted(), subscribed(3)])
      .when(post(1, 2, { paid: 0 }))
      .then([additional(2, { paid: 0 })]);
    spec
      .given([admitted(), subscribed(3)])
      .when(post(1, 2))
      .then([additional(2)]);
  });

  it('refuses more than the amount, less than nothing and a fraction of a cent', () => {
    refuses([admitted(), subscribed(3)], post(1, 2, { paid: 50_001 }), [err('paid', 'mustBeAtMost', '500,00')]);
    refuses([admitted(), subscribed(3)], post(1, 2, { paid: -1 }), [err('paid', 'mustBeAtLeast', '0,00')]);
    refuses([admitted(), subscribed(3)], post(1, 2, { paid: 0.5 }), [err('paid', 'invalidNumber')]);
  });
});

describe('§ 15b GenG: further shares only when every share but the last one taken is fully paid (DOMAIN.md 9.1)', () => {
  it('admits further shares while only the last share taken is not fully paid', () => {
    // 3 shares, 600 € of 750 € paid: shares 1 and 2 are paid, the third (the last taken) has 150 € open.
    spec
      .given([admitted(), paidOnly(subscribed(3), 60_000)])
      .when(post(1, 1))
      .then([additional(1)]);
    spec
      .given([admitted(), paidOnly(subscribed(1), 0)])
      .when(post(1, 1))
      .then([additional(1)]);
  });

  it('refuses further shares while an earlier share is not fully paid, naming what is open on them', () => {
    // 3 shares, 250 € paid: the second share is open (250 €) beside the last one.
    refuses([admitted(), paidOnly(subscribed(3), 25_000)], post(1, 1), [
      err('quantity', 'earlierSharesNotPaid', '250,00'),
    ]);
    // An earlier subscription open and a later one paid: the open one is not the last one taken.
    refuses([admitted(), paidOnly(subscribed(1), 10_000), posted('b1', 1, 1)], post(1, 1), [
      err('quantity', 'earlierSharesNotPaid', '150,00'),
    ]);
  });

  it('admits them again once paid, and refuses them again when the payment comes back', () => {
    const open = [admitted(), paidOnly(subscribed(3), 25_000)];
    spec
      .given([...open, payment('b0', 25_000)])
      .when(post(1, 1))
      .then([additional(1)]);
    const returned: MemberEvent = {
      type: 'SharePaymentReturned',
      data: { memberId: M, balanceId: 'b0', paymentId: 'p-b0', date: ON.date, amount: 25_000, reason: 'AC04' },
    };
    refuses([...open, payment('b0', 25_000), returned], post(1, 1), [
      err('quantity', 'earlierSharesNotPaid', '250,00'),
    ]);
  });

  it('does not count an annulled subscription', () => {
    const annulled: MemberEvent = {
      type: 'PostingAnnulled',
      data: { memberId: M, balanceId: 'b5', annulPeer: 'b1', originalType: 1, quantity: -2, amount: -50_000, ...ON },
    };
    spec
      .given([admitted(), subscribed(3), paidOnly(posted('b1', 1, 2), 0), annulled])
      .when(post(1, 1))
      .then([additional(1)]);
  });
});
