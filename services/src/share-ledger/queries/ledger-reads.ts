import { Injectable } from '@nestjs/common';
import type { BalanceDto, ReadDocument, RecordedEvent, ShareDto, Sort } from '@coop/contracts';
import { BALANCES, memberDisplayName, MEMBERS, membersProjector, type DocKey } from '@coop/projections';
import { ReadModels } from '../../platform/http/read-models.js';
import { toBalanceDto, toShareDto } from './ledger.view.js';

export const BALANCES_DEFAULT_SORT: readonly Sort[] = [{ field: 'date', direction: 'desc' }];

/** Read side of the postings (balances); reads only read models, always within the caller's cooperative. */
@Injectable()
export class LedgerReads {
  constructor(readonly reads: ReadModels) {}

  /**
   * Current member documents by id (for names and numbers shown beside postings): a key look-up each, no
   * query with a count (a posting's answer needs one or two members, a page of postings twenty at most).
   */
  private async membersById(cooperativeId: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    return this.reads.getMany(MEMBERS, cooperativeId, ids.filter((id) => id !== ''));
  }

  async balanceDtos(cooperativeId: string, docs: readonly ReadDocument[]): Promise<BalanceDto[]> {
    const ids = docs.flatMap((d) => [d.member, d.transferTo, d.transferFrom].filter((v): v is string => typeof v === 'string'));
    const members = await this.membersById(cooperativeId, ids);
    return docs.map((d) => toBalanceDto(d, members, memberDisplayName));
  }

  /** Rows of the share register with their members' current names and numbers. */
  async shareDtos(cooperativeId: string, docs: readonly ReadDocument[]): Promise<ShareDto[]> {
    const members = await this.membersById(cooperativeId, docs.map((d) => d.member).filter((v): v is string => typeof v === 'string'));
    return docs.map((d) => toShareDto(d, members, memberDisplayName));
  }

  /**
   * A posting's answer as the read models will show it (decision 40): its document made by the projection's own code
   * (membersProjector) from its recorded event and the documents that event reads (its members and, for an
   * annulation, the annulled posting, all in the read models before it), as `GET /balances/{id}` answers it.
   * Undefined when the event is not among `recorded` or a document it needs is missing.
   */
  async postedBalanceDto(cooperativeId: string, balanceId: string, recorded: readonly RecordedEvent[]): Promise<BalanceDto | undefined> {
    const event = recorded.find(
      (e) => (e.type === 'SharesPosted' || e.type === 'PostingAnnulled') && (e.data as { balanceId?: unknown }).balanceId === balanceId,
    );
    if (!event) return undefined;
    const keys = membersProjector.keys(event);
    const ids = (collection: string): string[] => keys.filter((k) => k.collection === collection && k.id !== balanceId).map((k) => k.id);
    const members = await this.membersById(cooperativeId, ids(MEMBERS.name));
    const earlier = ids(BALANCES.name);
    const balances = earlier.length > 0 ? await this.reads.getMany(BALANCES, cooperativeId, earlier) : new Map<string, ReadDocument>();
    const current = (key: DocKey): ReadDocument | undefined =>
      key.collection === MEMBERS.name ? members.get(key.id) : key.collection === BALANCES.name ? balances.get(key.id) : undefined;
    const op = membersProjector.project(event, current).find((w) => w.kind === 'put' && w.collection === BALANCES.name && w.doc.id === balanceId);
    return op?.kind === 'put' ? toBalanceDto(op.doc, members, memberDisplayName) : undefined;
  }

  /** Every posting of one member, oldest first. */
  async balancesOf(cooperativeId: string, memberId: string): Promise<ReadDocument[]> {
    const out: ReadDocument[] = [];
    const limit = 1000;
    for (let offset = 0; ; offset += limit) {
      const page = await this.reads.query(BALANCES, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'member', op: 'eq', value: memberId }],
        sort: [{ field: 'date', direction: 'asc' }, { field: 'id', direction: 'asc' }],
        offset,
        limit,
      });
      out.push(...page.items);
      if (page.items.length < limit) return out;
    }
  }

  /** A member's postings as the member dashboard shows them. */
  async memberBalances(cooperativeId: string, memberId: string): Promise<BalanceDto[]> {
    return this.balanceDtos(cooperativeId, await this.balancesOf(cooperativeId, memberId));
  }
}
