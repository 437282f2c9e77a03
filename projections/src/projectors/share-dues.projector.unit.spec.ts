import { describe, expect, it } from '@jest/globals';
import type { ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { keyOf, type DocKey, type Projector } from '../runner/projector.js';
import { BALANCES } from './balance-document.js';
import { membersProjector } from './members.projector.js';
import { SHARE_DUES, SHARE_DUES_SETTLED } from './share-dues-collections.js';
import { shareDuesProjector } from './share-dues.projector.js';

const AT = '2026-03-01T08:00:00.000Z';
let position = 0n;
const recorded = (type: string, data: object): RecordedEvent =>
  ({
    type,
    streamId: 'member-m-1',
    revision: Number(++position),
    position,
    data,
    metadata: {
      cooperativeId: 'c-1',
      user: 'clerk',
      timestamp: AT,
      correlationId: '',
      causationId: '',
      schemaVersion: 1,
    },
  }) as RecordedEvent;

/** Applies events to an in-memory store through `projector` (keys, then project), as the runner does. */
function run(projector: Projector, events: readonly RecordedEvent[]): Map<string, ReadDocument> {
  const store = new Map<string, ReadDocument>();
  for (const e of events) {
    const ops: readonly WriteOp[] = projector.project(e, (k: DocKey) => store.get(keyOf(k)));
    for (const op of ops) {
      if (op.kind === 'put') store.set(keyOf({ collection: op.collection, id: op.doc.id }), op.doc);
      else if (op.kind === 'delete') store.delete(keyOf({ collection: op.collection, id: op.id }));
    }
  }
  return store;
}

/** The collections a due is in (decision 266: outstanding in share_dues, paid in full in share_dues_settled). */
const homes = (store: Map<string, ReadDocument>, id: string): string[] =>
  [SHARE_DUES.name, SHARE_DUES_SETTLED.name].filter((collection) => store.has(keyOf({ collection, id })));
const due = (store: Map<string, ReadDocument>, id: string): ReadDocument | undefined =>
  store.get(keyOf({ collection: SHARE_DUES.name, id })) ??
  store.get(keyOf({ collection: SHARE_DUES_SETTLED.name, id }));

const admitted = recorded('MemberAdmitted', {
  memberId: 'm-1',
  cooperativeId: 'c-1',
  memberNr: 7,
  name: 'Berger',
  givenName: 'Anna',
  legalForm: 0,
  entryDate: '2026-01-10',
});
const subscription = recorded('SharesPosted', {
  memberId: 'm-1',
  balanceId: 'b0',
  type: 0,
  quantity: 4,
  amount: 100_000,
  shareCost: 25_000,
  date: '2026-01-10',
  approvalDate: '2026-01-10',
  interestBegin: '2026-02-01',
  paid: 10_000,
});
const plan = recorded('InstalmentPlanSet', {
  memberId: 'm-1',
  balanceId: 'b0',
  instalments: [
    { dueDate: '2026-02-01', amount: 30_000 },
    { dueDate: '2026-05-01', amount: 30_000 },
    { dueDate: '2026-08-01', amount: 30_000 },
  ],
});
const payment = (amount: number, paymentId = 'p-1') =>
  recorded('SharePaymentReceived', {
    memberId: 'm-1',
    balanceId: 'b0',
    paymentId,
    date: '2026-02-03',
    amount,
    method: 'transfer',
    reference: null,
    collectionId: null,
    statementId: null,
  });
const reminder = recorded('PaymentReminderSent', {
  memberId: 'm-1',
  reminderId: 'r-1',
  level: 2,
  date: '2026-02-20',
  dueSince: '2026-02-01',
  amount: 20_000,
  balanceIds: ['b0'],
  letterId: null,
});

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
    expect(due(store, 'b1')).toMatchObject({ paid: 25_000, outstanding: 0, dueSince: null });
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

describe('share_dues projector: outstanding and paid in full kept apart (decision 266)', () => {
  const returned = recorded('SharePaymentReturned', {
    memberId: 'm-1',
    balanceId: 'b0',
    paymentId: 'p-2',
    date: '2026-02-10',
    amount: 20_000,
    reason: 'MD06',
  });

  it('a due moves to share_dues_settled when paid in full and back when a return opens it again', () => {
    expect(shareDuesProjector.keys(returned)).toEqual([
      { collection: 'share_dues', id: 'b0' },
      { collection: 'share_dues_settled', id: 'b0' },
    ]);
    expect(homes(run(shareDuesProjector, [admitted, subscription]), 'b0')).toEqual(['share_dues']);
    const paid = run(shareDuesProjector, [admitted, subscription, payment(90_000, 'p-2')]);
    expect(homes(paid, 'b0')).toEqual(['share_dues_settled']);
    expect(due(paid, 'b0')).toMatchObject({ paid: 100_000, outstanding: 0, dueSince: null, memberNr: 7 });
    const reopened = run(shareDuesProjector, [admitted, subscription, payment(90_000, 'p-2'), returned]);
    expect(homes(reopened, 'b0')).toEqual(['share_dues']);
    expect(due(reopened, 'b0')).toMatchObject({ paid: 80_000, outstanding: 20_000, dueSince: '2026-01-10' });
  });

  it('a subscription paid with its posting is settled at once; its annulment and erasure find it there', () => {
    const full = recorded('SharesPosted', {
      memberId: 'm-1',
      balanceId: 'b4',
      type: 1,
      quantity: 2,
      amount: 50_000,
      shareCost: 25_000,
      date: '2026-03-01',
      approvalDate: null,
      interestBegin: null,
    });
    const store = run(shareDuesProjector, [admitted, full]);
    expect(homes(store, 'b4')).toEqual(['share_dues_settled']);
    const erased = recorded('MembersErased', {
      erasureId: 'e',
      cooperativeId: 'c-1',
      asOf: '2036-01-01',
      members: [{ memberId: 'm-1', balances: ['b4'] }],
    });
    const blanked = run(shareDuesProjector, [admitted, full, erased]);
    expect(homes(blanked, 'b4')).toEqual(['share_dues_settled']);
    expect(due(blanked, 'b4')).toMatchObject({ memberName: '', amount: 50_000 });
    const annulled = recorded('PostingAnnulled', {
      memberId: 'm-1',
      balanceId: 'b5',
      annulPeer: 'b4',
      originalType: 1,
      quantity: -2,
      amount: -50_000,
      date: '2026-03-02',
      approvalDate: null,
      interestBegin: null,
    });
    expect(homes(run(shareDuesProjector, [admitted, full, annulled]), 'b4')).toEqual([]);
  });

  it('a partial termination releases the unpaid part of its shares; released in full the due is settled (decision 267)', () => {
    const end = (quantity: number, released?: number) => ({
      memberId: 'm-1',
      balanceId: 'b-end',
      type: 2,
      quantity,
      amount: -quantity * 25_000,
      shareCost: 25_000,
      date: '2026-12-31',
      approvalDate: null,
      interestBegin: null,
      noticeDate: '2026-03-01',
      paid: -10_000,
      ...(released === undefined ? {} : { released: [{ balanceId: 'b0', amount: released }] }),
    });
    // 4 shares, 100 € paid: 3 leave with the 100 €, the 650 € of their price released cover the first instalments.
    const kept = run(shareDuesProjector, [admitted, subscription, plan, recorded('SharesPosted', end(3, 65_000))]);
    expect(due(kept, 'b0')).toMatchObject({ paid: 10_000, passedOn: 0, released: 65_000, outstanding: 25_000 });
    expect(due(kept, 'b0')!.dueSince).toBe('2026-08-01');
    // A later share of its own, not paid: the 4 shares of b0 leave, their 900 € unpaid released; b0 owes nothing.
    const later = recorded('SharesPosted', { ...end(1), balanceId: 'b1', type: 1, amount: 25_000, paid: 0 });
    const four = recorded('SharesPosted', end(4, 90_000));
    const all = run(shareDuesProjector, [admitted, subscription, later, four]);
    expect(homes(all, 'b0')).toEqual(['share_dues_settled']);
    expect(due(all, 'b0')).toMatchObject({ released: 90_000, outstanding: 0, dueSince: null });
    expect(due(all, 'b1')).toMatchObject({ outstanding: 25_000 });
    const withdrawn = recorded('PostingAnnulled', {
      ...end(4, 90_000),
      balanceId: 'b-annul',
      annulPeer: 'b-end',
      originalType: 2,
      quantity: 4,
      amount: 100_000,
      paid: 10_000,
    });
    const back = run(shareDuesProjector, [admitted, subscription, later, four, withdrawn]);
    expect(homes(back, 'b0')).toEqual(['share_dues']);
    expect(due(back, 'b0')).toMatchObject({ released: 0, outstanding: 90_000, dueSince: '2026-01-10' });
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
