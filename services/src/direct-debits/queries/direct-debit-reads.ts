import { Injectable } from '@nestjs/common';
import {
  type CollectionDto,
  type DirectDebitPaymentDto,
  type MandateDto,
  type ReadDocument,
  type ShareDueView,
} from '@coop/contracts';
import { DIRECT_DEBIT_MANDATES, DIRECT_DEBIT_PAYMENTS, DIRECT_DEBITS, SHARE_DUES } from '@coop/projections';
import { ownCooperative, type CooperativeDocument } from '../../cooperatives/index.js';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { accountHolderOf } from '../../payouts/index.js';
import type { PlanDebtor, PlanMandate } from '../domain/collection-plan.js';

/** Ids read per look-up (a collection's members and dues). */
const PAGE = 1000;
/** The most mandates a member's list shows (a member signs few; the list is bounded all the same). */
const MANDATES_MAX = 200;
const PAYMENTS_MAX = 500;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const compact = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.replace(/\s+/g, '').toUpperCase() : null;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const mandateDto = (d: ReadDocument): MandateDto => ({
  id: d.id,
  memberId: String(d.memberId),
  reference: String(d.reference),
  signedOn: String(d.signedOn),
  kind: String(d.kind),
  status: String(d.status),
  revokedOn: str(d.revokedOn),
  collections: Number(d.collections ?? 0),
  lastCollectionDate: str(d.lastCollectionDate),
});

export const paymentDto = (d: ReadDocument): DirectDebitPaymentDto => ({
  id: d.id,
  memberId: String(d.memberId),
  balanceId: String(d.balanceId),
  collectionId: String(d.collectionId),
  date: String(d.date),
  amount: Number(d.amount),
  returnedOn: str(d.returnedOn),
  returnReason: str(d.returnReason),
});

/** Reads of the direct debits' read models and of what a collection needs from the others (members, cooperative, dues). */
@Injectable()
export class DirectDebitReads {
  constructor(private readonly reads: ReadModels) {}

  async mandatesOfMember(cooperativeId: string, memberId: string): Promise<MandateDto[]> {
    const page = await this.reads.query(DIRECT_DEBIT_MANDATES, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'memberId', op: 'eq', value: memberId }],
      sort: [{ field: 'signedOn', direction: 'desc' }],
      limit: MANDATES_MAX,
    });
    return page.items.map(mandateDto);
  }

  async mandate(cooperativeId: string, mandateId: string): Promise<MandateDto> {
    return mandateDto(await this.reads.get(DIRECT_DEBIT_MANDATES, cooperativeId, mandateId, 'Mandate'));
  }

  /** The mandates of `memberIds` with the collections drawn under each, by member. */
  async mandatesOf(cooperativeId: string, memberIds: readonly string[]): Promise<Map<string, PlanMandate[]>> {
    const byMember = new Map<string, PlanMandate[]>();
    for (const ids of chunks([...new Set(memberIds)], PAGE)) {
      for (let offset = 0; ; offset += PAGE) {
        const page = await this.reads.query(DIRECT_DEBIT_MANDATES, cooperativeId, {
          cooperativeId,
          filters: [{ field: 'memberId', op: 'in', values: ids }],
          sort: [{ field: 'memberId', direction: 'asc' }],
          offset,
          limit: PAGE,
        });
        for (const d of page.items) {
          const list = byMember.get(String(d.memberId)) ?? [];
          list.push({
            mandateId: d.id,
            reference: String(d.reference),
            signedOn: String(d.signedOn),
            kind: d.kind === 'oneOff' ? 'oneOff' : 'recurring',
            revokedOn: str(d.revokedOn),
            collections: Number(d.collections ?? 0),
          });
          byMember.set(String(d.memberId), list);
        }
        if (page.items.length < PAGE) break;
      }
    }
    return byMember;
  }

  /** The dues of the selected subscriptions that are the cooperative's (the share payments' `share_dues`), by balance id. */
  async dues(cooperativeId: string, balanceIds: readonly string[]): Promise<Map<string, ShareDueView>> {
    const found = new Map<string, ShareDueView>();
    for (const ids of chunks(balanceIds, PAGE))
      for (const [id, doc] of await this.reads.getMany(SHARE_DUES, cooperativeId, ids))
        found.set(id, doc as unknown as ShareDueView);
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
    return paymentDto(await this.reads.get(DIRECT_DEBIT_PAYMENTS, cooperativeId, paymentId, 'Payment'));
  }

  cooperative(cooperativeId: string): Promise<CooperativeDocument> {
    return ownCooperative(this.reads, cooperativeId);
  }

  /** The collections, newest first, with their returned debits counted from the payments. */
  async collections(cooperativeId: string, params: ListParams): Promise<{ total: number; items: CollectionDto[] }> {
    const page = await this.reads.list(DIRECT_DEBITS, cooperativeId, params, [
      { field: 'createdOn', direction: 'desc' },
      { field: 'collectionDate', direction: 'desc' },
    ]);
    const returned = new Map<string, { count: number; cents: number }>();
    if (page.items.length > 0) {
      for (let from = 0; ; from += PAGE) {
        const payments = await this.reads.query(DIRECT_DEBIT_PAYMENTS, cooperativeId, {
          cooperativeId,
          filters: [
            { field: 'collectionId', op: 'in', values: page.items.map((c) => c.id) },
            { field: 'returned', op: 'eq', value: true },
          ],
          offset: from,
          limit: PAGE,
        });
        for (const p of payments.items) {
          const r = returned.get(String(p.collectionId)) ?? { count: 0, cents: 0 };
          returned.set(String(p.collectionId), { count: r.count + 1, cents: r.cents + Number(p.amount) });
        }
        if (payments.items.length < PAGE) break;
      }
    }
    return { total: page.total, items: page.items.map((d) => collectionDto(d, returned.get(d.id))) };
  }

  async collection(cooperativeId: string, collectionId: string): Promise<ReadDocument> {
    return this.reads.get(DIRECT_DEBITS, cooperativeId, collectionId, 'DirectDebitCollection');
  }

  /** Collections whose debits are not all booked yet (a write stopped in the middle), oldest first. */
  async pendingCollections(cooperativeId: string): Promise<string[]> {
    const page = await this.reads.query(DIRECT_DEBITS, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'complete', op: 'eq', value: false }],
      sort: [{ field: 'createdOn', direction: 'asc' }],
      limit: 100,
    });
    return page.items.map((d) => d.id);
  }

  /** The member's payments by direct debit, newest first (at most PAYMENTS_MAX: a member is debited a few times a year). */
  async paymentsOfMember(cooperativeId: string, memberId: string): Promise<DirectDebitPaymentDto[]> {
    const page = await this.reads.query(DIRECT_DEBIT_PAYMENTS, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'memberId', op: 'eq', value: memberId }],
      sort: [{ field: 'date', direction: 'desc' }],
      limit: PAYMENTS_MAX,
    });
    return page.items.map(paymentDto);
  }
}

export function collectionDto(d: ReadDocument, returned?: { count: number; cents: number }): CollectionDto {
  return {
    id: d.id,
    collectionDate: String(d.collectionDate),
    createdOn: String(d.createdOn),
    messageId: String(d.messageId),
    count: Number(d.count),
    totalCents: Number(d.totalCents),
    booked: Number(d.booked ?? 0),
    returned: returned?.count ?? 0,
    returnedCents: returned?.cents ?? 0,
    complete: d.complete === true,
  };
}
