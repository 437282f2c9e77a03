import { SHARE_DUES, SHARE_DUES_SETTLED } from './share-dues-collections.js';
import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@coop/contracts';
import { keyOf } from '../runner/projector.js';
import { BALANCES } from './balance-document.js';
import { membersProjector } from './members.projector.js';
import { shareDuesProjector } from './share-dues.projector.js';
import {
  admitted,
  due,
  homes,
  payment,
  plan,
  recorded,
  reminder,
  run,
  subscription,
} from './testing/share-dues-history.js';

describe('share_dues projector (issue 45)', () => {
  it('keeps one due per subscription: what was paid with the posting, the rest outstanding since the posting', () => {
    // A new subscription's due is in no collection yet: only the member's name and number are read.
    expect(shareDuesProjector.keys(subscription)).toEqual([{ collection: 'share_due_members', id: 'm-1' }]);
    const store = run(shareDuesProjector, [admitted, subscription]);
    expect(due(store, 'b0')).toMatchObject({
      id: 'b0',
      cooperativeId: 'c-1',
      member: 'm-1',
      memberNr: 7,
      memberName: 'Berger, Anna',
      type: 0,
      date: '2026-01-10',
      quantity: 4,
      amount: 100_000,
      paid: 10_000,
      outstanding: 90_000,
      dueSince: '2026-01-10',
      instalments: [],
      reminderLevel: 0,
    });
  });

  it('an instalment plan sets the due dates; payments cover the instalments in order and reset the reminders', () => {
    let store = run(shareDuesProjector, [admitted, subscription, plan]);
    expect(due(store, 'b0')).toMatchObject({ outstanding: 90_000, dueSince: '2026-02-01' });
    store = run(shareDuesProjector, [admitted, subscription, plan, reminder]);
    expect(due(store, 'b0')!.reminderLevel).toBe(2);
    store = run(shareDuesProjector, [admitted, subscription, plan, reminder, payment(40_000)]);
    expect(due(store, 'b0')).toMatchObject({
      paid: 50_000,
      outstanding: 50_000,
      dueSince: '2026-05-01',
      reminderLevel: 0,
      instalments: [
        { dueDate: '2026-02-01', amount: 30_000, paid: 30_000 },
        { dueDate: '2026-05-01', amount: 30_000, paid: 10_000 },
        { dueDate: '2026-08-01', amount: 30_000, paid: 0 },
      ],
    });
    const returned = recorded('SharePaymentReturned', {
      memberId: 'm-1',
      balanceId: 'b0',
      paymentId: 'p-1',
      date: '2026-02-10',
      amount: 40_000,
      reason: 'MD06',
    });
    store = run(shareDuesProjector, [admitted, subscription, plan, payment(40_000), returned]);
    expect(due(store, 'b0')).toMatchObject({ paid: 10_000, outstanding: 90_000, dueSince: '2026-02-01' });
    store = run(shareDuesProjector, [admitted, subscription, plan, payment(90_000)]);
    expect(due(store, 'b0')).toMatchObject({ paid: 100_000, outstanding: 0, dueSince: null });
  });

  it('a returned payment gives back the reminder level it had before that payment (decision 359)', () => {
    const third = recorded('PaymentReminderSent', {
      memberId: 'm-1',
      reminderId: 'r-3',
      level: 3,
      date: '2026-03-10',
      dueSince: '2026-02-01',
      amount: 20_000,
      balanceIds: ['b0'],
      letterId: null,
    });
    const back = (paymentId: string) =>
      recorded('SharePaymentReturned', {
        memberId: 'm-1',
        balanceId: 'b0',
        paymentId,
        date: '2026-03-20',
        amount: 10_000,
        reason: 'MD06',
      });
    const base = [admitted, subscription, plan, reminder, third];
    // Level 3, a debit (level 0), its return: level 3 again, as the reminders' decider names it.
    let store = run(shareDuesProjector, [...base, payment(10_000, 'p-1')]);
    expect(due(store, 'b0')!.reminderLevel).toBe(0);
    store = run(shareDuesProjector, [...base, payment(10_000, 'p-1'), back('p-1')]);
    expect(due(store, 'b0')).toMatchObject({ paid: 10_000, reminderLevel: 3 });
    // A later payment that stands keeps the reminders started again; only its own return gives the level back.
    store = run(shareDuesProjector, [...base, payment(10_000, 'p-1'), payment(10_000, 'p-2'), back('p-1')]);
    expect(due(store, 'b0')!.reminderLevel).toBe(0);
    store = run(shareDuesProjector, [
      ...base,
      payment(10_000, 'p-1'),
      back('p-1'),
      payment(10_000, 'p-2'),
      back('p-2'),
    ]);
    expect(due(store, 'b0')!.reminderLevel).toBe(3);
  });

  it('a subscription posted without `paid` owes nothing; other postings have no due; an annulled one is removed', () => {
    const full = recorded('SharesPosted', {
      memberId: 'm-1',
      balanceId: 'b1',
      type: 1,
      quantity: 1,
      amount: 25_000,
      shareCost: 25_000,
      date: '2026-01-12',
      approvalDate: null,
      interestBegin: null,
    });
    const withdrawal = recorded('SharesPosted', {
      memberId: 'm-1',
      balanceId: 'b2',
      type: 2,
      quantity: 1,
      amount: -25_000,
      shareCost: 25_000,
      date: '2026-12-31',
      approvalDate: null,
      interestBegin: null,
    });
    expect(shareDuesProjector.keys(withdrawal)).toEqual([]);
    let store = run(shareDuesProjector, [admitted, full]);
    // Paid in full when posted: stored nowhere, its posting is its due (decision 268).
    expect(homes(store, 'b1')).toEqual([]);
    const annulled = recorded('PostingAnnulled', {
      memberId: 'm-1',
      balanceId: 'b3',
      annulPeer: 'b1',
      originalType: 1,
      quantity: -1,
      amount: -25_000,
      date: '2026-01-13',
      approvalDate: null,
      interestBegin: null,
    });
    store = run(shareDuesProjector, [admitted, full, annulled]);
    expect(due(store, 'b1')).toBeUndefined();
  });

  it('a transfer of shares not fully paid: the giver’s due falls by what passed on, the receiver owes it (decision 265)', () => {
    const transfer = { shareCost: 25_000, date: '2026-03-01', approvalDate: '2026-03-01', interestBegin: '2026-03-01' };
    const outgoing = recorded('SharesPosted', {
      ...transfer,
      memberId: 'm-1',
      balanceId: 'b-out',
      type: 3,
      quantity: 2,
      amount: -50_000,
      transferTo: 'm-2',
      transferPeer: 'b-in',
      paid: -10_000,
      passedOn: [{ balanceId: 'b0', amount: 40_000 }],
    });
    const taken = recorded('SharesPosted', {
      ...transfer,
      memberId: 'm-2',
      balanceId: 'b-in',
      type: 4,
      quantity: 2,
      amount: 50_000,
      transferFrom: 'm-1',
      transferPeer: 'b-out',
      paid: 10_000,
    });
    expect(shareDuesProjector.keys(outgoing)).toEqual([
      { collection: SHARE_DUES.name, id: 'b0' },
      { collection: SHARE_DUES_SETTLED.name, id: 'b0' },
    ]);
    const store = run(shareDuesProjector, [admitted, subscription, plan, outgoing, taken]);
    // 4 shares, 100 € paid: 2 leave with the 100 €; the 400 € of their price passed on cover the first instalments.
    expect(due(store, 'b0')).toMatchObject({ amount: 100_000, paid: 10_000, passedOn: 40_000, outstanding: 50_000 });
    expect(due(store, 'b0')!.dueSince).toBe('2026-05-01');
    expect(due(store, 'b-in')).toMatchObject({ type: 4, amount: 50_000, paid: 10_000, outstanding: 40_000 });
    expect(due(store, 'b-in')!.dueSince).toBe('2026-03-01');
    const annulled = recorded('PostingAnnulled', {
      memberId: 'm-1',
      balanceId: 'b-annul',
      annulPeer: 'b-out',
      originalType: 3,
      quantity: 2,
      amount: 50_000,
      date: '2026-03-02',
      approvalDate: null,
      interestBegin: null,
      paid: 10_000,
      passedOn: [{ balanceId: 'b0', amount: 40_000 }],
    });
    const back = run(shareDuesProjector, [admitted, subscription, plan, outgoing, taken, annulled]);
    expect(due(back, 'b0')).toMatchObject({ passedOn: 0, outstanding: 90_000, dueSince: '2026-02-01' });
  });

  it('a register correction sets what was paid; an erasure blanks the name', () => {
    const corrected = recorded('SharePaymentCorrected', {
      memberId: 'm-1',
      balanceId: 'b0',
      rueckpfleinzahlung: 70_000,
      interestEnd: null,
    });
    let store = run(shareDuesProjector, [admitted, subscription, corrected]);
    expect(due(store, 'b0')).toMatchObject({ paid: 70_000, outstanding: 30_000 });
    const erased = recorded('MembersErased', {
      erasureId: 'e',
      cooperativeId: 'c-1',
      asOf: '2036-01-01',
      members: [{ memberId: 'm-1', balances: ['b0'] }],
    });
    store = run(shareDuesProjector, [admitted, subscription, erased]);
    expect(due(store, 'b0')).toMatchObject({ memberName: '', amount: 100_000 });
  });
});

describe('members projector: the register payment of a subscription (issue 45)', () => {
  it('is `paid` when posted, raised by a payment and lowered by its return, a version each', () => {
    const returned = recorded('SharePaymentReturned', {
      memberId: 'm-1',
      balanceId: 'b0',
      paymentId: 'p-1',
      date: '2026-02-10',
      amount: 40_000,
      reason: null,
    });
    const balance = (events: RecordedEvent[]) =>
      run(membersProjector, events).get(keyOf({ collection: BALANCES.name, id: 'b0' }));
    expect(balance([admitted, subscription])).toMatchObject({ amount: 100_000, rueckpfleinzahlung: 10_000 });
    const paid = balance([admitted, subscription, payment(40_000)]);
    expect(paid).toMatchObject({ rueckpfleinzahlung: 50_000, cdcAction: 'update' });
    expect((paid!.versions as { rueckpfleinzahlung: number }[]).map((v) => v.rueckpfleinzahlung)).toEqual([
      10_000, 50_000,
    ]);
    const back = balance([admitted, subscription, payment(40_000), returned]);
    expect((back!.versions as { rueckpfleinzahlung: number }[]).map((v) => v.rueckpfleinzahlung)).toEqual([
      10_000, 50_000, 10_000,
    ]);
  });
});
