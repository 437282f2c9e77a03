import type { CollectionSpec, ReadDocument, ShareVersion } from '@coop/contracts';
import { flagField, numberField, textField } from './document-fields.js';

/*
 * The postings' collection (the share ledger's read model, written by the members projector) and its typed document
 * (decisions 247, 257). Reached by services through `@coop/projections/share-ledger`, which only the share-ledger area
 * (and the platform) may import: every other area reads postings through the share ledger's `balanceDocuments`
 * (services/src/share-ledger/index.ts; rule `read-model-through-its-owner`).
 */

/**
 * One document per posting (balance), id = balance id. It also holds the posting's row of the share register
 * (SPEC.md "Share"): `shareAmount` (signed shares), `rueckpfleinzahlung` (the payment, cents), `interestEnd`, the
 * `cdc*` fields of its last change and its `versions`. The register's `process` is the posting's `type` and its
 * `admissionDate` the posting's `approvalDate` (SHARE_REGISTER). One document instead of two halves what a posting
 * writes to the read store (decision 35).
 */
export const BALANCES: CollectionSpec = {
  name: 'balances',
  fields: {
    member: 'string',
    type: 'number',
    date: 'string',
    approvalDate: 'string',
    interestBegin: 'string',
    interestEnd: 'string',
    amount: 'number',
    quantity: 'number',
    annulated: 'boolean',
    annulPeer: 'string',
    transferPeer: 'string',
    memberNr: 'number',
    memberName: 'string',
  },
  // Found by the member's name (at posting time) and number; a number searched lists that member's postings first.
  search: ['memberName', 'memberNr'],
  searchNumber: 'memberNr',
};

/**
 * A posting as the members projector writes it (members.projector.ts `SharesPosted`/`PostingAnnulled` and the register's
 * corrections), read once by `readBalance`: text trimmed, blank or absent null (the fields the API shows as always
 * there: '' when absent); counts and cents 0 when absent, a copied number null; `memberName` and `memberNr` the
 * member's as posted (the API shows the member's current ones where the member is there).
 */
export interface BalanceDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  /** The member's id ('' when absent). */
  readonly member: string;
  readonly memberName: string | null;
  readonly memberNr: number | null;
  /** The posting type (SPEC.md "Balance" 0-8; 5 an annulation). */
  readonly type: number;
  /** Signed shares and cents of the posting. */
  readonly quantity: number;
  readonly amount: number;
  readonly shareCost: number | null;
  readonly date: string;
  readonly approvalDate: string | null;
  /**
   * The day the posting's shares and cents count from (`sharesFrom`): a subscription on its admission, an annulation
   * not before what it annuls, every other posting on its date (the date on a document written before members projector 3).
   */
  readonly sharesFrom: string;
  readonly interestBegin: string | null;
  readonly transferTo: string | null;
  readonly transferFrom: string | null;
  readonly transferPeer: string | null;
  /** The other member's number of a transfer, as posted. */
  readonly transferMemberNr: number | null;
  /** The annulled posting, on an annulation. */
  readonly annulPeer: string | null;
  readonly annulated: boolean;
  /** The share register's row: signed shares, the payment in cents, the end of interest, the last change. */
  readonly shareAmount: number;
  readonly rueckpfleinzahlung: number;
  readonly interestEnd: string | null;
  readonly cdcUser: string;
  readonly cdcAction: string;
  readonly cdcTimestamp: string;
  /** Every change of the register's row as recorded (a version before members projector 2 has no `effectiveDate`). */
  readonly versions: readonly ShareVersion[];
}

/** The typed posting from its stored document: the one place the postings' fields are read. */
export function readBalance(doc: ReadDocument): BalanceDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    member: textField(doc, 'member') ?? '',
    memberName: textField(doc, 'memberName'),
    memberNr: numberField(doc, 'memberNr'),
    type: numberField(doc, 'type') ?? 0,
    quantity: numberField(doc, 'quantity') ?? 0,
    amount: numberField(doc, 'amount') ?? 0,
    shareCost: numberField(doc, 'shareCost'),
    date: textField(doc, 'date') ?? '',
    approvalDate: textField(doc, 'approvalDate'),
    sharesFrom: textField(doc, 'sharesFrom') ?? textField(doc, 'date') ?? '',
    interestBegin: textField(doc, 'interestBegin'),
    transferTo: textField(doc, 'transferTo'),
    transferFrom: textField(doc, 'transferFrom'),
    transferPeer: textField(doc, 'transferPeer'),
    transferMemberNr: numberField(doc, 'transferMemberNr'),
    annulPeer: textField(doc, 'annulPeer'),
    annulated: flagField(doc, 'annulated'),
    shareAmount: numberField(doc, 'shareAmount') ?? 0,
    rueckpfleinzahlung: numberField(doc, 'rueckpfleinzahlung') ?? 0,
    interestEnd: textField(doc, 'interestEnd'),
    cdcUser: textField(doc, 'cdcUser') ?? '',
    cdcAction: textField(doc, 'cdcAction') ?? '',
    cdcTimestamp: textField(doc, 'cdcTimestamp') ?? '',
    versions: Array.isArray(doc.versions) ? (doc.versions as ShareVersion[]) : [],
  };
}
