import { Injectable } from '@nestjs/common';
import type { BalanceDto, ReadDocument, RecordedEvent, ShareDto, Sort } from '@coop/contracts';
import { BALANCES, membersProjector, previewDocuments } from '@coop/projections';
import { MEMBERS, readMember, type MemberDocument } from '@coop/projections/members';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';
import { toBalanceDto, toShareDto } from './ledger.view.js';

/**
 * The members beside the postings, typed by the members' one reader (readMember). The share ledger reads the members'
 * collection itself, the one area besides the members area allowed to (`read-model-through-its-owner`): the members
 * area's commands use the share ledger (closed years, share terms), so its index.ts would close an import circle.
 */
const memberDocuments = new TypedReads<MemberDocument>(MEMBERS, 'Member', readMember);

export const BALANCES_DEFAULT_SORT: readonly Sort[] = [{ field: 'date', direction: 'desc' }];

/** Read side of the postings (balances); reads only read models, always within the caller's cooperative. */
@Injectable()
export class LedgerReads {
  constructor(readonly reads: ReadModels) {}

  /**
   * Current member documents by id (for names and numbers shown beside postings): a key look-up each, no
   * query with a count (a posting's answer needs one or two members, a page of postings twenty at most).
   */
  private async membersById(cooperativeId: string, ids: readonly string[]): Promise<Map<string, MemberDocument>> {
    return memberDocuments.getMany(
      this.reads,
      cooperativeId,
      ids.filter((id) => id !== ''),
    );
  }

  async balanceDtos(cooperativeId: string, docs: readonly ReadDocument[]): Promise<BalanceDto[]> {
    const ids = docs.flatMap((d) =>
      [d.member, d.transferTo, d.transferFrom].filter((v): v is string => typeof v === 'string'),
    );
    const members = await this.membersById(cooperativeId, ids);
    return docs.map((d) => toBalanceDto(d, members));
  }

  /** Rows of the share register with their members' current names and numbers. */
  async shareDtos(cooperativeId: string, docs: readonly ReadDocument[]): Promise<ShareDto[]> {
    const members = await this.membersById(
      cooperativeId,
      docs.map((d) => d.member).filter((v): v is string => typeof v === 'string'),
    );
    return docs.map((d) => toShareDto(d, members));
  }

  /**
   * A posting's answer as the read models will show it (decision 40), as `GET /balances/{id}` answers it: the
   * documents its recorded events leave, previewed by the projection runner's own code (previewDocuments, the members
   * projector over the documents those events read: its members and, for an annulation, the annulled posting).
   * Undefined when the events leave no such posting (a document they need is not in the read models).
   */
  async postedBalanceDto(
    cooperativeId: string,
    balanceId: string,
    recorded: readonly RecordedEvent[],
  ): Promise<BalanceDto | undefined> {
    const preview = await previewDocuments([membersProjector], recorded, (collection, ids) =>
      this.storedDocuments(cooperativeId, collection, ids),
    );
    const doc = preview({ collection: BALANCES.name, id: balanceId });
    if (!doc) return undefined;
    const members = new Map<string, MemberDocument>();
    for (const id of [doc.member, doc.transferTo, doc.transferFrom]) {
      const member = typeof id === 'string' ? preview({ collection: memberDocuments.collection, id }) : undefined;
      if (member) members.set(member.id, readMember(member));
    }
    return toBalanceDto(doc, members);
  }

  /**
   * The documents of the members projector's collections a preview reads, as stored, within the cooperative: through
   * the members' plain read models, which wait for no client's writes (a posting's own reads would wait for the posting
   * previewed); the preview applies its events itself.
   */
  private async storedDocuments(
    cooperativeId: string,
    collection: string,
    ids: readonly string[],
  ): Promise<ReadDocument[]> {
    const spec = membersProjector.collections.find((c) => c.name === collection);
    return spec ? [...(await this.reads.getMany(spec, cooperativeId, ids)).values()] : [];
  }

  /** Every posting of one member, oldest first. */
  async balancesOf(cooperativeId: string, memberId: string): Promise<ReadDocument[]> {
    const out: ReadDocument[] = [];
    const limit = 1000;
    for (let offset = 0; ; offset += limit) {
      const page = await this.reads.query(BALANCES, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'member', op: 'eq', value: memberId }],
        sort: [
          { field: 'date', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
        offset,
        limit,
      });
      for (const item of page.items) out.push(item);
      if (page.items.length < limit) return out;
    }
  }

  /** A member's postings as the member dashboard shows them. */
  async memberBalances(cooperativeId: string, memberId: string): Promise<BalanceDto[]> {
    return this.balanceDtos(cooperativeId, await this.balancesOf(cooperativeId, memberId));
  }
}
