import {
  DEBIT_ABOVE_OUTSTANDING_REASONS,
  type DebitAboveOutstanding,
  type MandateKind,
  type ReadDocument,
} from '@coop/contracts';
import { flagField, numberField, textField } from './document-fields.js';

/*
 * The direct debits' documents (collections DIRECT_DEBIT_MANDATES, DIRECT_DEBITS and DIRECT_DEBIT_PAYMENTS,
 * direct-debits.projector.ts) as typed documents (decision 258); only the direct debits area reads them.
 */

interface Stored {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
}

/** A member's mandate: active until revoked; `collections` drawn under it (the first FRST, later ones RCUR). */
export interface MandateDocument extends Stored {
  readonly memberId: string;
  readonly reference: string;
  readonly signedOn: string;
  readonly kind: MandateKind;
  readonly status: 'active' | 'revoked';
  readonly revokedOn: string | null;
  readonly collections: number;
  readonly lastCollectionDate: string | null;
}

/** A collection (its pain.008 file `fileId`): `count` debits of `totalCents`, `booked` of them written so far. */
export interface DirectDebitCollectionDocument extends Stored {
  readonly collectionDate: string;
  readonly createdOn: string;
  readonly messageId: string;
  readonly fileId: string;
  readonly count: number;
  readonly totalCents: number;
  readonly booked: number;
  /** Debits above what their subscriptions still owed when booked (decision 270); `notBooked` of them booked nothing. */
  readonly aboveOutstanding: readonly DebitAboveOutstanding[];
  readonly notBooked: number;
  readonly complete: boolean;
}

/** A payment by direct debit, and its return (Rücklastschrift) if it came back. */
export interface DirectDebitPaymentDocument extends Stored {
  readonly memberId: string;
  readonly balanceId: string;
  /** The collection that drew it; null for a payment by direct debit recorded by hand (`POST /members/{id}/share-payments`). */
  readonly collectionId: string | null;
  readonly date: string;
  readonly amount: number;
  readonly returned: boolean;
  readonly returnedOn: string | null;
  readonly returnReason: string | null;
}

const stored = (doc: ReadDocument): Stored => ({
  id: doc.id,
  cooperativeId: doc.cooperativeId,
  position: doc.position,
});
const required = (doc: ReadDocument, field: string): string => textField(doc, field) ?? '';

export function readMandate(doc: ReadDocument): MandateDocument {
  return {
    ...stored(doc),
    memberId: required(doc, 'memberId'),
    reference: required(doc, 'reference'),
    signedOn: required(doc, 'signedOn'),
    kind: doc.kind === 'oneOff' ? 'oneOff' : 'recurring',
    status: doc.status === 'revoked' ? 'revoked' : 'active',
    revokedOn: textField(doc, 'revokedOn'),
    collections: numberField(doc, 'collections') ?? 0,
    lastCollectionDate: textField(doc, 'lastCollectionDate'),
  };
}

export function readDirectDebitCollection(doc: ReadDocument): DirectDebitCollectionDocument {
  return {
    ...stored(doc),
    collectionDate: required(doc, 'collectionDate'),
    createdOn: required(doc, 'createdOn'),
    messageId: required(doc, 'messageId'),
    fileId: required(doc, 'fileId'),
    count: numberField(doc, 'count') ?? 0,
    totalCents: numberField(doc, 'totalCents') ?? 0,
    booked: numberField(doc, 'booked') ?? 0,
    aboveOutstanding: Array.isArray(doc.aboveOutstanding) ? doc.aboveOutstanding.map(readAbove) : [],
    notBooked: numberField(doc, 'notBooked') ?? 0,
    complete: flagField(doc, 'complete'),
  };
}

export function readDirectDebitPayment(doc: ReadDocument): DirectDebitPaymentDocument {
  return {
    ...stored(doc),
    memberId: required(doc, 'memberId'),
    balanceId: required(doc, 'balanceId'),
    collectionId: textField(doc, 'collectionId'),
    date: required(doc, 'date'),
    amount: numberField(doc, 'amount') ?? 0,
    returned: flagField(doc, 'returned'),
    returnedOn: textField(doc, 'returnedOn'),
    returnReason: textField(doc, 'returnReason'),
  };
}

function readAbove(value: unknown): DebitAboveOutstanding {
  const item = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const text = (field: string): string => (typeof item[field] === 'string' ? (item[field] as string) : '');
  const cents = (field: string): number => (typeof item[field] === 'number' ? (item[field] as number) : 0);
  const reason = DEBIT_ABOVE_OUTSTANDING_REASONS.find((r) => r === item.reason) ?? 'aboveOutstanding';
  return {
    memberId: text('memberId'),
    memberNr: typeof item.memberNr === 'number' ? item.memberNr : null,
    balanceId: text('balanceId'),
    paymentId: text('paymentId'),
    amount: cents('amount'),
    booked: cents('booked'),
    excess: cents('excess'),
    reason,
  };
}
