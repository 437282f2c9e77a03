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

describe('§ 15b GenG by day, as a register is read and imported (decision 378)', () => {
  const LATER = { date: '2025-06-20', approvalDate: '2025-06-20', interestBegin: '2025-07-01' };
  const takenLater = posted('b1', 1, 1, LATER);

  it('refuses a subscription dated before shares taken later when it leaves more than its last share unpaid', () => {
    // 2 shares on 10 June, 50 € paid: when the share of 20 June was taken, the first of them was open (200 €).
    refuses([admitted(), subscribed(1), takenLater], post(1, 2, { paid: 5_000 }), [
      err('quantity', 'laterSharesNeedEarlierPaid', '2025-06-20', '200,00'),
    ]);
    // Its last share open is lawful: it was the last one taken before 20 June.
    spec
      .given([admitted(), subscribed(1), takenLater])
      .when(post(1, 2, { paid: 25_000 }))
      .then([additional(2, { paid: 25_000 })]);
  });

  it('reads the last share taken by day, not by the order posted', () => {
    // Posted after the share of 20 June but dated 10 June, one share open: by day it is not the last one taken.
    const backDated = paidOnly(posted('b2', 1, 2), 25_000);
    const july = { date: '2025-07-01', approvalDate: '2025-07-01', interestBegin: '2025-08-01' };
    refuses([admitted(), subscribed(1), takenLater, backDated], post(1, 1, july), [
      err('quantity', 'earlierSharesNotPaid', '250,00'),
    ]);
  });

  it('does not lay on a new subscription what a later admission owed already without it', () => {
    const openBefore = paidOnly(posted('b2', 1, 2), 0);
    const early = { date: '2025-06-05', approvalDate: '2025-06-05', interestBegin: '2025-07-01' };
    spec
      .given([admitted(), subscribed(1), openBefore, takenLater])
      .when(post(1, 1, early))
      .then([additional(1, early)]);
  });
});
