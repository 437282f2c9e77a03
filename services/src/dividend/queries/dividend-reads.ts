import { Injectable } from '@nestjs/common';
import type { DividendDto, DividendMemberDto, DividendYearDto, ReadDocument, ReadPage, Sort } from '@coop/contracts';
import { DIVIDEND_MEMBERS, DIVIDENDS, MEMBERS } from '@coop/projections';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { taxIdOf } from './member-input.js';
import { EVERY_MEMBER, inNumberOrder, selectMembers, type MemberListQuery, type MemberRowKeys } from './member-list.js';

/** Member results (and their members' names) read per page of a closure (keyset on the member number). */
export const MEMBER_PAGE = 2000;
/** Years offered: last year and this many before it (SPEC.md 9: about 11 years back). */
export const YEARS_BACK = 11;

const DEFAULT_SORT: readonly Sort[] = [{ field: 'year', direction: 'desc' }];

/** A closure's document as the API answers it; `members` given (empty in a list). */
export function toClosureDto(doc: ReadDocument, members: DividendMemberDto[]): DividendDto {
  const { position: _p, cooperativeId: _c, ...fields } = doc;
  // A closure projected before issue 40 has no status: it was written whole.
  const status = doc.status === 'closing' ? 'closing' : 'closed';
  return {
    ...(fields as unknown as Omit<DividendDto, 'id' | 'errors' | 'members' | 'status'>),
    ...creditSums(doc),
    id: doc.id,
    status,
    errors: [],
    members,
  };
}

/** Net, credited and paid (issue 45); a document projected before it holds only the payout, which was the whole net. */
function creditSums(doc: ReadDocument): { netAmount: number; creditedAmount: number; paymentAmount: number } {
  const paymentAmount = Number(doc.paymentAmount);
  return {
    netAmount: Number(doc.netAmount ?? paymentAmount),
    creditedAmount: Number(doc.creditedAmount ?? 0),
    paymentAmount,
  };
}

const text = (doc: ReadDocument | undefined, field: string): string | null =>
  typeof doc?.[field] === 'string' ? (doc[field] as string) : null;

/** A member's result in a closure, with the names, birth date and tax id of the member as they are now (erased: empty). */
function toMemberDto(doc: ReadDocument, member: ReadDocument | undefined): DividendMemberDto {
  const {
    position: _p,
    cooperativeId: _c,
    id: _id,
    dividendId: _d,
    year: _y,
    paymentDate: _pd,
    lines: _l,
    order: _o,
    certificate: _ce,
    ...fields
  } = doc;
  return {
    ...(fields as unknown as Omit<DividendMemberDto, 'givenName' | 'name' | 'birthDate' | 'taxId'>),
    ...creditSums(doc),
    givenName: text(member, 'givenName'),
    name: text(member, 'name') ?? '',
    birthDate: text(member, 'birthDate'),
    taxId: member ? taxIdOf(member) : null,
  };
}

/** How the per-member list reads a closure's member result: amounts as stored, names from the member's document. */
function docKeys(names: ReadonlyMap<string, ReadDocument>): MemberRowKeys<ReadDocument> {
  return {
    memberNr: (d) => Number(d.memberNr),
    name: (d) => text(names.get(String(d.member)), 'name') ?? '',
    givenName: (d) => text(names.get(String(d.member)), 'givenName'),
    amount: (d, field) => Number(d[field]),
  };
}

/** The closures (`GET /dividend`, `GET /dividend/{id}`) and the years to choose (`GET /dividend/years`). */
@Injectable()
export class DividendReads {
  constructor(private readonly reads: ReadModels) {}

  list(cooperativeId: string, params: ListParams): Promise<ReadPage<ReadDocument>> {
    return this.reads.list(DIVIDENDS, cooperativeId, params, DEFAULT_SORT);
  }

  /**
   * The closure with its members' results (another cooperative's: not found): every member by number, or the page
   * the list asks for; `total` the number of members that match its search.
   */
  async closure(
    cooperativeId: string,
    id: string,
    list: MemberListQuery = EVERY_MEMBER,
  ): Promise<{ readonly dto: DividendDto; readonly total: number }> {
    const doc = await this.reads.get(DIVIDENDS, cooperativeId, id, 'Dividend');
    const page = await this.members(cooperativeId, id, list);
    return { dto: toClosureDto(doc, page.items), total: page.total };
  }

  /** `GET /dividend/{id}/members`: the closure's members as a list (not found for another cooperative's closure). */
  async memberList(cooperativeId: string, id: string, list: MemberListQuery): Promise<ReadPage<DividendMemberDto>> {
    await this.reads.get(DIVIDENDS, cooperativeId, id, 'Dividend');
    return this.members(cooperativeId, id, list);
  }

  /**
   * A closure's members as the list asks. A page in member-number order is one indexed query; otherwise (a search, a
   * sort by name or amount, or every member) the closure's results are read in keyset pages and selected here, the
   * names joined for all of them only when the search or the sort needs them, else for the page.
   */
  private async members(
    cooperativeId: string,
    id: string,
    list: MemberListQuery,
  ): Promise<ReadPage<DividendMemberDto>> {
    if (inNumberOrder(list) && list.limit !== null) {
      const page = await this.reads.query(DIVIDEND_MEMBERS, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'dividendId', op: 'eq', value: id }],
        sort: [{ field: 'memberNr', direction: list.sort[0]?.direction ?? 'asc' }],
        offset: list.offset,
        limit: list.limit,
      });
      return { items: await this.withNames(cooperativeId, page.items), total: page.total };
    }
    const docs = await this.allResults(cooperativeId, id);
    const needsNames = list.words.length > 0 || list.sort.some((s) => s.field === 'name');
    const names = needsNames ? await this.names(cooperativeId, docs) : new Map<string, ReadDocument>();
    const page = selectMembers(docs, list, docKeys(names));
    const items = needsNames
      ? page.items.map((d) => toMemberDto(d, names.get(String(d.member))))
      : await this.withNames(cooperativeId, page.items);
    return { items, total: page.total };
  }

  /** Every member result of the closure, by member number: keyset pages (an offset would read every earlier page again). */
  private async allResults(cooperativeId: string, id: string): Promise<ReadDocument[]> {
    const docs: ReadDocument[] = [];
    for (let from = 0; ;) {
      const page = await this.reads.query(DIVIDEND_MEMBERS, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: id },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: MEMBER_PAGE,
      });
      docs.push(...page.items);
      if (page.items.length < MEMBER_PAGE) return docs;
      from = Number(page.items[page.items.length - 1]!.memberNr) + 1;
    }
  }

  /** The members' documents (their names as they are now) of these results, by member id, read MEMBER_PAGE at a time. */
  private async names(cooperativeId: string, docs: readonly ReadDocument[]): Promise<Map<string, ReadDocument>> {
    const names = new Map<string, ReadDocument>();
    for (let i = 0; i < docs.length; i += MEMBER_PAGE) {
      const found = await this.reads.getMany(
        MEMBERS,
        cooperativeId,
        docs.slice(i, i + MEMBER_PAGE).map((d) => String(d.member)),
      );
      for (const [memberId, member] of found) names.set(memberId, member);
    }
    return names;
  }

  private async withNames(cooperativeId: string, docs: readonly ReadDocument[]): Promise<DividendMemberDto[]> {
    const names = await this.names(cooperativeId, docs);
    return docs.map((d) => toMemberDto(d, names.get(String(d.member))));
  }

  /** Last year and YEARS_BACK years before it, each with whether it is closed (and by which closure). */
  async years(cooperativeId: string, today: string): Promise<DividendYearDto[]> {
    const closures = await this.reads.query(DIVIDENDS, cooperativeId, {
      cooperativeId,
      sort: [{ field: 'year', direction: 'desc' }],
      limit: 1000,
    });
    const closed = new Map(closures.items.map((d) => [Number(d.year), d.id]));
    const closing = new Set(closures.items.filter((d) => d.status === 'closing').map((d) => Number(d.year)));
    const last = Number(today.slice(0, 4)) - 1;
    return Array.from({ length: YEARS_BACK + 1 }, (_, i) => last - i).map((year) => ({
      key: year,
      value: String(year),
      // A closure still being written (issue 40) shows as closing, not closed.
      closed: closed.has(year) && !closing.has(year),
      closing: closing.has(year),
      dividendId: closed.get(year) ?? null,
    }));
  }
}
