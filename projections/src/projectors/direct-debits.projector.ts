import type {
  CollectionSpec,
  DirectDebitCollectionCreated,
  DirectDebitMandateGranted,
  DirectDebitMandateRevoked,
  DirectDebitsAboveOutstanding,
  ReadDocument,
  RecordedEvent,
  SharePaymentReceived,
  SharePaymentReturned,
  WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

export * from './direct-debit-documents.js';

/*
 * SEPA direct debits (issue 45, DEBIT; docs/direct-debits.md): a member's mandates (id = mandateId), the collections
 * (id = collectionId) and the payments by direct debit with their returns (id = paymentId): a collection's debits and
 * those recorded by hand (`collectionId` null; a debit drawn outside the product, returned the same way). No personal
 * data: the debtor's name and IBAN stay in the member's master data.
 */
export const DIRECT_DEBIT_MANDATES: CollectionSpec = {
  name: 'direct_debit_mandates',
  fields: { memberId: 'string', reference: 'string', signedOn: 'string', status: 'string' },
  search: [],
};

export const DIRECT_DEBITS: CollectionSpec = {
  name: 'direct_debits',
  fields: { collectionDate: 'string', createdOn: 'string', complete: 'boolean' },
  search: [],
};

export const DIRECT_DEBIT_PAYMENTS: CollectionSpec = {
  name: 'direct_debit_payments',
  fields: { memberId: 'string', collectionId: 'string', date: 'string', returned: 'boolean' },
  search: [],
};

type Handled =
  | DirectDebitMandateGranted
  | DirectDebitMandateRevoked
  | DirectDebitCollectionCreated
  | DirectDebitsAboveOutstanding
  | SharePaymentReceived
  | SharePaymentReturned;
const HANDLED = new Set<string>([
  'DirectDebitMandateGranted',
  'DirectDebitMandateRevoked',
  'DirectDebitCollectionCreated',
  'DirectDebitsAboveOutstanding',
  'SharePaymentReceived',
  'SharePaymentReturned',
]);

const mandateKey = (id: string): DocKey => ({ collection: DIRECT_DEBIT_MANDATES.name, id });
const collectionKey = (id: string): DocKey => ({ collection: DIRECT_DEBITS.name, id });
const paymentKey = (id: string): DocKey => ({ collection: DIRECT_DEBIT_PAYMENTS.name, id });

function keysOf(event: Handled): DocKey[] {
  switch (event.type) {
    case 'DirectDebitMandateGranted':
    case 'DirectDebitMandateRevoked':
      return [mandateKey(event.data.mandateId)];
    case 'DirectDebitCollectionCreated':
      return [
        collectionKey(event.data.collectionId),
        ...[...new Set(event.data.items.map((i) => i.mandateId))].map(mandateKey),
      ];
    case 'DirectDebitsAboveOutstanding':
      return [collectionKey(event.data.collectionId)];
    case 'SharePaymentReceived':
      if (event.data.method !== 'directDebit') return [];
      return event.data.collectionId === null
        ? [paymentKey(event.data.paymentId)]
        : [paymentKey(event.data.paymentId), collectionKey(event.data.collectionId)];
    case 'SharePaymentReturned':
      return [paymentKey(event.data.paymentId)];
  }
}

/** Every debit of the collection booked, or named above what was owed with nothing of it booked. */
const isComplete = (collection: ReadDocument, booked: number): boolean =>
  booked + Number(collection.notBooked ?? 0) >= Number(collection.count);

export const directDebitsProjector: Projector = {
  collections: [DIRECT_DEBIT_MANDATES, DIRECT_DEBITS, DIRECT_DEBIT_PAYMENTS],
  // 2: the payments by direct debit recorded by hand are kept too (collectionId null), so their return is answered.
  // 3: a mandate's last collection is its latest collection date, not that of the collection made last.
  version: 3,
  keys(recorded: RecordedEvent): DocKey[] {
    return HANDLED.has(recorded.type) ? keysOf(recorded as unknown as Handled) : [];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as unknown as Handled & RecordedEvent;
    const cooperativeId = recorded.metadata.cooperativeId;
    const put = (collection: string, doc: ReadDocument): WriteOp => ({
      kind: 'put',
      collection,
      doc: { ...doc, position: recorded.position.toString() },
    });
    switch (event.type) {
      case 'DirectDebitMandateGranted': {
        const { memberId, mandateId, reference, signedOn, kind } = event.data;
        return [
          put(
            DIRECT_DEBIT_MANDATES.name,
            stamp(recorded, {
              id: mandateId,
              cooperativeId,
              memberId,
              reference,
              signedOn,
              kind,
              status: 'active',
              revokedOn: null,
              collections: 0,
              lastCollectionDate: null,
            }),
          ),
        ];
      }
      case 'DirectDebitMandateRevoked': {
        const mandate = current(mandateKey(event.data.mandateId));
        return mandate
          ? [put(DIRECT_DEBIT_MANDATES.name, { ...mandate, status: 'revoked', revokedOn: event.data.date })]
          : [];
      }
      case 'DirectDebitCollectionCreated': {
        const d = event.data;
        const ops: WriteOp[] = [
          put(
            DIRECT_DEBITS.name,
            stamp(recorded, {
              id: d.collectionId,
              cooperativeId: d.cooperativeId,
              collectionDate: d.collectionDate,
              createdOn: d.createdOn,
              messageId: d.messageId,
              fileId: d.fileId,
              count: d.items.length,
              totalCents: d.totalCents,
              booked: 0,
              complete: d.items.length === 0,
            }),
          ),
        ];
        // Each mandate drawn on counts the collection once (its next one is RCUR). Its last collection is the latest
        // collection date: a collection made later may be dated before one made earlier (up to 90 days ahead), and a
        // revocation before the later date would let a debit be drawn after its mandate ended (decision 374).
        for (const mandateId of new Set(d.items.map((i) => i.mandateId))) {
          const mandate = current(mandateKey(mandateId));
          const last = typeof mandate?.lastCollectionDate === 'string' ? mandate.lastCollectionDate : null;
          if (mandate)
            ops.push(
              put(DIRECT_DEBIT_MANDATES.name, {
                ...mandate,
                collections: Number(mandate.collections ?? 0) + 1,
                lastCollectionDate: last !== null && last > d.collectionDate ? last : d.collectionDate,
              }),
            );
        }
        return ops;
      }
      case 'SharePaymentReceived': {
        const d = event.data;
        const ops: WriteOp[] = [
          put(
            DIRECT_DEBIT_PAYMENTS.name,
            stamp(recorded, {
              id: d.paymentId,
              cooperativeId,
              memberId: d.memberId,
              balanceId: d.balanceId,
              collectionId: d.collectionId,
              date: d.date,
              amount: d.amount,
              returned: false,
              returnedOn: null,
              returnReason: null,
            }),
          ),
        ];
        const collection = d.collectionId === null ? undefined : current(collectionKey(d.collectionId));
        if (collection) {
          const booked = Number(collection.booked ?? 0) + 1;
          ops.push(put(DIRECT_DEBITS.name, { ...collection, booked, complete: isComplete(collection, booked) }));
        }
        return ops;
      }
      case 'DirectDebitsAboveOutstanding': {
        // Debits collected above what was owed (decision 270): listed for the clerk; one that booked nothing is done too.
        const collection = current(collectionKey(event.data.collectionId));
        if (!collection) return [];
        const above = [...((collection.aboveOutstanding as unknown[] | undefined) ?? []), ...event.data.items];
        const notBooked = Number(collection.notBooked ?? 0) + event.data.items.filter((i) => i.booked === 0).length;
        const doc = { ...collection, aboveOutstanding: above, notBooked };
        return [put(DIRECT_DEBITS.name, { ...doc, complete: isComplete(doc, Number(collection.booked ?? 0)) })];
      }
      case 'SharePaymentReturned': {
        const payment = current(paymentKey(event.data.paymentId));
        return payment
          ? [
              put(DIRECT_DEBIT_PAYMENTS.name, {
                ...payment,
                returned: true,
                returnedOn: event.data.date,
                returnReason: event.data.reason,
              }),
            ]
          : [];
      }
    }
  },
};
