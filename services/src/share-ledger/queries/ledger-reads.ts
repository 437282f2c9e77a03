import { Injectable } from '@nestjs/common';
import type { BalanceDto, ReadDocument, RecordedEvent, ShareDto, Sort } from '@coop/contracts';
import { membersProjector, previewDocuments } from '@coop/projections';
import { memberDocuments, type MemberDocument } from '../../members/reads.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { balanceDocuments, type BalanceDocument } from './balance-documents.js';
import { toBalanceDto, toShareDto } from './ledger.view.js';

/*
 * The members beside the postings are read through the members area's read entry (members/reads.ts, decision 256): the
 * members area's commands use the share ledger (closed years, share terms), so its index.ts would close an import circle.
 */

/** A member's postings are read this many at a time. */
const PAGE = 1000;

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

  async balanceDtos(cooperativeId: string, docs: readonly BalanceDocument[]): Promise<BalanceDto[]> {
    const ids = docs.flatMap((d) => [d.member, d.transferTo, d.transferFrom].filter((v): v is string => v !== null));
    const members = await this.membersById(cooperativeId, ids);
    return docs.map((d) => toBalanceDto(d, members));
  }

  /** Rows of the share register with their members' current names and numbers. */
  async shareDtos(cooperativeId: string, docs: readonly BalanceDocument[]): Promise<ShareDto[]> {
    const members = await this.membersById(
      cooperativeId,
      docs.map((d) => d.member),
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
    const stored = preview({ collection: balanceDocuments.collection, id: balanceId });
    if (!stored) return undefined;
    const doc = balanceDocuments.read(stored);
    const members = new Map<string, MemberDocument>();
    for (const id of [doc.member, doc.transferTo, doc.transferFrom]) {
      const member = id ? preview({ collection: memberDocuments.collection, id }) : undefined;
      if (member) members.set(member.id, memberDocuments.read(member));
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
  async balancesOf(cooperativeId: string, memberId: string): Promise<BalanceDocument[]> {
    const out: BalanceDocument[] = [];
    const pages = balanceDocuments.queryPages(
      this.reads,
      cooperativeId,
      {
        filters: [{ field: 'member', op: 'eq', value: memberId }],
        sort: [
          { field: 'date', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      },
      PAGE,
    );
    for await (const page of pages) for (const item of page) out.push(item);
    return out;
  }

  /** A member's postings as the member dashboard shows them. */
  async memberBalances(cooperativeId: string, memberId: string): Promise<BalanceDto[]> {
    return this.balanceDtos(cooperativeId, await this.balancesOf(cooperativeId, memberId));
  }
}
