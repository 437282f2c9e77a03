import { Injectable } from '@nestjs/common';
import type { Instalment, ReadDocument, ReadQuery, Sort } from '@coop/contracts';
import { SHARE_DUES, SHARE_DUE_MEMBERS } from '@coop/projections';
import { MAX_LIMIT, parseListQuery, type ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { ShareDueDto } from '@coop/contracts';

/** Oldest due first, then by member number and posting date (a stable order for paging). */
const DEFAULT_SORT: readonly Sort[] = [
  { field: 'dueSince', direction: 'asc' },
  { field: 'memberNr', direction: 'asc' },
  { field: 'date', direction: 'asc' },
];

/** Only what is outstanding: a due with `outstanding` of at least one cent. */
const OUTSTANDING = { field: 'outstanding', op: 'range', gte: 1 } as const;

export function toShareDueDto(doc: ReadDocument): ShareDueDto {
  const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
  const instalments = Array.isArray(doc.instalments) ? (doc.instalments as (Instalment & { paid: number })[]) : [];
  return {
    id: doc.id,
    member: String(doc.member ?? ''),
    memberNr: typeof doc.memberNr === 'number' ? doc.memberNr : null,
    memberName: String(doc.memberName ?? ''),
    type: num(doc.type),
    date: String(doc.date ?? ''),
    quantity: num(doc.quantity),
    amount: num(doc.amount),
    paid: num(doc.paid),
    paidWhenPosted: typeof doc.paidWhenPosted === 'number' ? doc.paidWhenPosted : num(doc.amount),
    outstanding: num(doc.outstanding),
    dueSince: typeof doc.dueSince === 'string' ? doc.dueSince : null,
    instalments: instalments.map((i) => ({ dueDate: i.dueDate, amount: i.amount, paid: i.paid })),
    reminderLevel: num(doc.reminderLevel),
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
  ): Promise<{ items: ReadDocument[]; total: number; sum: number }> {
    const parsed = parseListQuery(SHARE_DUES, params, cooperativeId, DEFAULT_SORT);
    const query: ReadQuery = { ...parsed, filters: [...(parsed.filters ?? []), OUTSTANDING] };
    const page = await this.reads.query(SHARE_DUES, cooperativeId, query);
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
    for (let offset = 0; ; offset += MAX_LIMIT) {
      const page = await this.reads.query(SHARE_DUES, cooperativeId, {
        ...query,
        sort: [{ field: 'id', direction: 'asc' }],
        offset,
        limit: MAX_LIMIT,
      });
      sum += sumOf(page.items);
      if (page.items.length < MAX_LIMIT) return sum;
    }
  }

  /** Every subscription of the member (also those paid in full), oldest first; 404 for a member of another cooperative. */
  async ofMember(cooperativeId: string, memberId: string): Promise<ReadDocument[]> {
    // The area's own record of every admitted member (share_due_members) answers whether the member is the cooperative's.
    await this.reads.get(SHARE_DUE_MEMBERS, cooperativeId, memberId, 'Member');
    const page = await this.reads.query(SHARE_DUES, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'member', op: 'eq', value: memberId }],
      sort: [{ field: 'date', direction: 'asc' }],
      limit: MAX_LIMIT,
    });
    return page.items;
  }
}

function sumOf(docs: readonly ReadDocument[]): number {
  return docs.reduce((s, d) => s + (typeof d.outstanding === 'number' ? d.outstanding : 0), 0);
}
