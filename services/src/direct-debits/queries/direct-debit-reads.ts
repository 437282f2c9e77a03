import { Injectable } from '@nestjs/common';
import type { CollectionDto, DirectDebitPaymentDto, MandateDto } from '@coop/contracts';
import {
  DIRECT_DEBIT_MANDATES,
  DIRECT_DEBIT_PAYMENTS,
  DIRECT_DEBITS,
  readDirectDebitCollection,
  readDirectDebitPayment,
  readMandate,
  type DirectDebitCollectionDocument,
  type DirectDebitPaymentDocument,
  type MandateDocument,
} from '@coop/projections/direct-debits';
import { ownCooperative, type CooperativeDocument } from '../../cooperatives/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';
import { accountHolderOf } from '../../payouts/index.js';
import { anyShareDue, type ShareDueDocument } from '../../share-payments/index.js';
import type { PlanDebtor, PlanMandate } from '../domain/collection-plan.js';

/** Ids read per look-up (a collection's members and dues). */
const PAGE = 1000;
/** The most mandates a member's list shows (a member signs few; the list is bounded all the same). */
const MANDATES_MAX = 200;
const PAYMENTS_MAX = 500;

/** This area's own collections as typed documents (decision 258). */
const mandates = new TypedReads<MandateDocument>(DIRECT_DEBIT_MANDATES, 'Mandate', readMandate);
const collections = new TypedReads<DirectDebitCollectionDocument>(
  DIRECT_DEBITS,
  'DirectDebitCollection',
  readDirectDebitCollection,
);
export const payments = new TypedReads<DirectDebitPaymentDocument>(
  DIRECT_DEBIT_PAYMENTS,
  'Payment',
  readDirectDebitPayment,
);

/** An IBAN or BIC as the file carries it: without spaces, in capitals; none: null. */
const compact = (v: string | null): string | null => (v === null ? null : v.replace(/\s+/g, '').toUpperCase());

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const mandateDto = (d: MandateDocument): MandateDto => ({
  id: d.id,
  memberId: d.memberId,
  reference: d.reference,
  signedOn: d.signedOn,
  kind: d.kind,
  status: d.status,
  revokedOn: d.revokedOn,
  collections: d.collections,
  lastCollectionDate: d.lastCollectionDate,
});

export const paymentDto = (d: DirectDebitPaymentDocument): DirectDebitPaymentDto => ({
  id: d.id,
  memberId: d.memberId,
  balanceId: d.balanceId,
  collectionId: d.collectionId,
  date: d.date,
  amount: d.amount,
  returnedOn: d.returnedOn,
  returnReason: d.returnReason,
});

/** Reads of the direct debits' read models and of what a collection needs from the others (members, cooperative, dues). */
@Injectable()
export class DirectDebitReads {
  constructor(private readonly reads: ReadModels) {}

  async mandatesOfMember(cooperativeId: string, memberId: string): Promise<MandateDto[]> {
    const page = await mandates.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'memberId', op: 'eq', value: memberId }],
      sort: [{ field: 'signedOn', direction: 'desc' }],
      limit: MANDATES_MAX,
    });
    return page.items.map(mandateDto);
  }

  async mandate(cooperativeId: string, mandateId: string): Promise<MandateDto> {
    return mandateDto(await mandates.get(this.reads, cooperativeId, mandateId));
  }

  /** The mandates of `memberIds` with the collections drawn under each, by member. */
  async mandatesOf(cooperativeId: string, memberIds: readonly string[]): Promise<Map<string, PlanMandate[]>> {
    const byMember = new Map<string, PlanMandate[]>();
    for (const ids of chunks([...new Set(memberIds)], PAGE)) {
      const query = {
        filters: [{ field: 'memberId', op: 'in', values: ids }],
        sort: [
          { field: 'memberId', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      } as const;
      for await (const page of mandates.queryPages(this.reads, cooperativeId, query, PAGE)) {
        for (const d of page) {
          const list = byMember.get(d.memberId) ?? [];
          list.push({
            mandateId: d.id,
            reference: d.reference,
            signedOn: d.signedOn,
            kind: d.kind,
            revokedOn: d.revokedOn,
            collections: d.collections,
            lastCollectionDate: d.lastCollectionDate,
          });
          byMember.set(d.memberId, list);
        }
      }
    }
    return byMember;
  }

  /** The dues of the selected subscriptions that are the cooperative's (the share payments' `share_dues`), by balance id. */
  async dues(cooperativeId: string, balanceIds: readonly string[]): Promise<Map<string, ShareDueDocument>> {
    const found = new Map<string, ShareDueDocument>();
    for (const ids of chunks(balanceIds, PAGE))
      for (const [id, due] of await anyShareDue.getMany(this.reads, cooperativeId, ids)) found.set(id, due);
    return found;
  }

  /** The members' bank data and payee names now (the mandate's debtor account is the member's account at collection time). */
  async debtors(cooperativeId: string, memberIds: readonly string[]): Promise<Map<string, PlanDebtor>> {
    const found = new Map<string, PlanDebtor>();
    for (const ids of chunks([...new Set(memberIds)], PAGE)) {
      for (const [id, doc] of await memberDocuments.getMany(this.reads, cooperativeId, ids)) {
        found.set(id, {
          memberNr: doc.memberNr,
          holder: accountHolderOf(doc),
          iban: compact(doc.iban),
          bic: compact(doc.bic),
          address: {
            street: [doc.street, doc.streetHomeNumber].filter(Boolean).join(' '),
            zip: doc.zipCode ?? '',
            town: doc.city ?? '',
            country: doc.isForeign ? (doc.country ?? '') : 'DE',
          },
        });
      }
    }
    return found;
  }

  /** The member, or 404 (another cooperative's member too). */
  member(cooperativeId: string, memberId: string): Promise<MemberDocument> {
    return memberDocuments.get(this.reads, cooperativeId, memberId);
  }

  async payment(cooperativeId: string, paymentId: string): Promise<DirectDebitPaymentDto> {
    return paymentDto(await payments.get(this.reads, cooperativeId, paymentId));
  }

  cooperative(cooperativeId: string): Promise<CooperativeDocument> {
    return ownCooperative(this.reads, cooperativeId);
  }

  /**
   * The collections, newest first, with their returned debits counted from the payments. A debit collected above what
   * was owed (decision 270) that came back is no longer listed above it: the bank gave the member the whole debit back,
   * so there is nothing left to refund (listed, the clerk refunded the excess a second time).
   */
  async collections(cooperativeId: string, params: ListParams): Promise<{ total: number; items: CollectionDto[] }> {
    const page = await collections.list(this.reads, cooperativeId, params, [
      { field: 'createdOn', direction: 'desc' },
      { field: 'collectionDate', direction: 'desc' },
    ]);
    const returned = new Map<string, { count: number; cents: number; paymentIds: Set<string> }>();
    if (page.items.length > 0) {
      const query = {
        filters: [
          { field: 'collectionId', op: 'in', values: page.items.map((c) => c.id) },
          { field: 'returned', op: 'eq', value: true },
        ],
        sort: [{ field: 'id', direction: 'asc' }],
      } as const;
      for await (const batch of payments.queryPages(this.reads, cooperativeId, query, PAGE)) {
        for (const p of batch) {
          if (p.collectionId === null) continue;
          const r = returned.get(p.collectionId) ?? { count: 0, cents: 0, paymentIds: new Set<string>() };
          r.paymentIds.add(p.id);
          returned.set(p.collectionId, { ...r, count: r.count + 1, cents: r.cents + p.amount });
        }
      }
    }
    return { total: page.total, items: page.items.map((d) => collectionDto(d, returned.get(d.id))) };
  }

  async collection(cooperativeId: string, collectionId: string): Promise<DirectDebitCollectionDocument> {
    return collections.get(this.reads, cooperativeId, collectionId);
  }

  /** Collections whose debits are not all booked yet (a write stopped in the middle), oldest first. */
  async pendingCollections(cooperativeId: string): Promise<string[]> {
    const page = await collections.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'complete', op: 'eq', value: false }],
      sort: [{ field: 'createdOn', direction: 'asc' }],
      limit: 100,
    });
    return page.items.map((d) => d.id);
  }

  /** The member's payments by direct debit, newest first (at most PAYMENTS_MAX: a member is debited a few times a year). */
  async paymentsOfMember(cooperativeId: string, memberId: string): Promise<DirectDebitPaymentDto[]> {
    const page = await payments.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'memberId', op: 'eq', value: memberId }],
      sort: [{ field: 'date', direction: 'desc' }],
      limit: PAYMENTS_MAX,
    });
    return page.items.map(paymentDto);
  }
}

export function collectionDto(
  d: DirectDebitCollectionDocument,
  returned?: { count: number; cents: number; paymentIds: ReadonlySet<string> },
): CollectionDto {
  // Only the debits above what was owed that stand: a returned one is the member's money back already, and its
  // return is the whole debit the bank gave back (what was booked and the part above it).
  const isReturned = (a: { paymentId: string }): boolean => returned?.paymentIds.has(a.paymentId) === true;
  const above = d.aboveOutstanding.filter((a) => !isReturned(a));
  const returnedAbove = d.aboveOutstanding.filter(isReturned).reduce((sum, a) => sum + a.excess, 0);
  return {
    id: d.id,
    collectionDate: d.collectionDate,
    createdOn: d.createdOn,
    messageId: d.messageId,
    count: d.count,
    totalCents: d.totalCents,
    booked: d.booked,
    returned: returned?.count ?? 0,
    returnedCents: (returned?.cents ?? 0) + returnedAbove,
    aboveOutstanding: above.map((a) => ({ ...a })),
    aboveOutstandingCents: above.reduce((sum, a) => sum + a.excess, 0),
    complete: d.complete,
  };
}
