import { Injectable } from '@nestjs/common';
import { businessToday, type ReadQuery, type Sort } from '@coop/contracts';
import { SHARE_DUES, SHARE_DUE_MEMBERS } from '@coop/projections/share-payments';
import { MAX_LIMIT, parseListQuery, type ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { ShareDueDto } from '@coop/contracts';
import { balanceDocuments } from '../../share-ledger/index.js';
import { dueOfPosting, owedOnFilter, settledShareDues, shareDues, type ShareDueDocument } from './share-dues.js';

/** Oldest due first, then by member number and posting date (a stable order for paging). */
const DEFAULT_SORT: readonly Sort[] = [
  { field: 'dueSince', direction: 'asc' },
  { field: 'memberNr', direction: 'asc' },
  { field: 'date', direction: 'asc' },
];

/** Only what is outstanding: a due with `outstanding` of at least one cent. */
const OUTSTANDING = { field: 'outstanding', op: 'range', gte: 1 } as const;

/** The due as the API answers it: its typed document without the read store's and the plan's fields. */
export function toShareDueDto(doc: ShareDueDocument): ShareDueDto {
  return {
    id: doc.id,
    member: doc.member,
    memberNr: doc.memberNr,
    memberName: doc.memberName,
    type: doc.type,
    date: doc.date,
    quantity: doc.quantity,
    amount: doc.amount,
    paid: doc.paid,
    paidWhenPosted: doc.paidWhenPosted,
    passedOn: doc.passedOn,
    released: doc.released,
    outstanding: doc.outstanding,
    dueSince: doc.dueSince,
    instalments: doc.instalments.map((i) => ({ dueDate: i.dueDate, amount: i.amount, paid: i.paid })),
    reminderLevel: doc.reminderLevel,
    owedUntil: doc.owedUntil,
  };
}

/** The outstanding dues (the projection `share_dues`), always within the caller's cooperative. */
@Injectable()
export class ShareDueReads {
  constructor(private readonly reads: ReadModels) {}

  /**
   * One page of the cooperative's subscriptions with something outstanding (the list's filter, search and order,
   * oldest due first by default), and the sum outstanding over every match of the filter, not only the page.
   */
  async outstanding(
    cooperativeId: string,
    params: ListParams,
  ): Promise<{ items: ShareDueDocument[]; total: number; sum: number }> {
    const parsed = parseListQuery(SHARE_DUES, params, cooperativeId, DEFAULT_SORT);
    // What is owed today: a leaver's dues leave the list and its sum on its end's effective date (decision 269).
    const owed = owedOnFilter(businessToday());
    const query: ReadQuery = { ...parsed, filters: [...(parsed.filters ?? []), OUTSTANDING, owed] };
    const page = await shareDues.query(this.reads, cooperativeId, query);
    return {
      items: page.items,
      total: page.total,
      sum:
        page.total <= page.items.length && (query.offset ?? 0) === 0
          ? sumOf(page.items)
          : await this.sumOver(cooperativeId, query),
    };
  }

  /** The sum outstanding over every match of `query`, read in pages of the list's largest size. */
  private async sumOver(cooperativeId: string, query: ReadQuery): Promise<number> {
    let sum = 0;
    const byId = { ...query, sort: [{ field: 'id', direction: 'asc' }] } as const;
    for await (const page of shareDues.queryPages(this.reads, cooperativeId, byId, MAX_LIMIT)) sum += sumOf(page);
    return sum;
  }

  /** Every subscription of the member (also those paid in full), oldest first; 404 for a member of another cooperative. */
  async ofMember(cooperativeId: string, memberId: string): Promise<ShareDueDocument[]> {
    // The area's own record of every admitted member (share_due_members) answers whether the member is the cooperative's.
    await this.reads.get(SHARE_DUE_MEMBERS, cooperativeId, memberId, 'Member');
    // Outstanding and paid in full are kept apart (decision 266), and a subscription paid in full when posted is
    // stored in neither (decision 268): the stored dues are read, every page, then the member's postings give the dues
    // of the subscriptions not stored; all in date order.
    const query: ReadQuery = {
      cooperativeId,
      filters: [{ field: 'member', op: 'eq', value: memberId }],
      sort: [{ field: 'id', direction: 'asc' }],
    };
    const dues = new Map<string, ShareDueDocument>();
    for (const reader of [shareDues, settledShareDues])
      for await (const page of reader.queryPages(this.reads, cooperativeId, query, MAX_LIMIT))
        for (const due of page) dues.set(due.id, due);
    for await (const page of balanceDocuments.queryPages(this.reads, cooperativeId, query, MAX_LIMIT))
      for (const posting of page) {
        const due = dues.has(posting.id) ? undefined : dueOfPosting(posting);
        if (due) dues.set(due.id, due);
      }
    return [...dues.values()].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
  }
}

function sumOf(docs: readonly ShareDueDocument[]): number {
  return docs.reduce((s, d) => s + d.outstanding, 0);
}
