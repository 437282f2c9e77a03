import type { ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { keyOf, type DocKey, type Projector } from '../../runner/projector.js';
import { SHARE_DUES, SHARE_DUES_SETTLED } from '../share-dues-collections.js';

/**
 * The share dues projector's specs share this (share-dues*.projector.unit.spec.ts): events as the store records them,
 * a member with a part-paid subscription, its instalment plan, payments and a reminder, and a run of a projector on an
 * in-memory store as the runner does it.
 */
const AT = '2026-03-01T08:00:00.000Z';
let position = 0n;
export const recorded = (type: string, data: object): RecordedEvent =>
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
export function run(projector: Projector, events: readonly RecordedEvent[]): Map<string, ReadDocument> {
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
export const homes = (store: Map<string, ReadDocument>, id: string): string[] =>
  [SHARE_DUES.name, SHARE_DUES_SETTLED.name].filter((collection) => store.has(keyOf({ collection, id })));
export const due = (store: Map<string, ReadDocument>, id: string): ReadDocument | undefined =>
  store.get(keyOf({ collection: SHARE_DUES.name, id })) ??
  store.get(keyOf({ collection: SHARE_DUES_SETTLED.name, id }));

export const admitted: RecordedEvent = recorded('MemberAdmitted', {
  memberId: 'm-1',
  cooperativeId: 'c-1',
  memberNr: 7,
  name: 'Berger',
  givenName: 'Anna',
  legalForm: 0,
  entryDate: '2026-01-10',
});
export const subscription: RecordedEvent = recorded('SharesPosted', {
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
export const plan: RecordedEvent = recorded('InstalmentPlanSet', {
  memberId: 'm-1',
  balanceId: 'b0',
  instalments: [
    { dueDate: '2026-02-01', amount: 30_000 },
    { dueDate: '2026-05-01', amount: 30_000 },
    { dueDate: '2026-08-01', amount: 30_000 },
  ],
});
export const payment = (amount: number, paymentId = 'p-1'): RecordedEvent =>
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
export const reminder: RecordedEvent = recorded('PaymentReminderSent', {
  memberId: 'm-1',
  reminderId: 'r-1',
  level: 2,
  date: '2026-02-20',
  dueSince: '2026-02-01',
  amount: 20_000,
  balanceIds: ['b0'],
  letterId: null,
});
