import { Injectable } from '@nestjs/common';
import type { DividendDto, DividendMemberDto, DividendYearDto, ReadPage, Sort } from '@coop/contracts';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { dividendClosures, type DividendClosureDocument } from './dividend-closures.js';
import { dividendInputs } from './dividend-inputs.js';
import { dividendResults, type DividendMemberDocument } from './dividend-results.js';
import { factsOf, type MemberFacts } from './member-input.js';
import { EVERY_MEMBER, inNumberOrder, selectMembers, type MemberListQuery, type MemberRowKeys } from './member-list.js';

/** Member results (and their members' names) read per page of a closure (keyset on the member number). */
export const MEMBER_PAGE = 2000;
/** Years offered: last year and this many before it (SPEC.md 9: about 11 years back). */
export const YEARS_BACK = 11;

const DEFAULT_SORT: readonly Sort[] = [{ field: 'year', direction: 'desc' }];

/** A closure's document as the API answers it; `members` given (empty in a list). */
export function toClosureDto(doc: DividendClosureDocument, members: DividendMemberDto[]): DividendDto {
  const { position: _p, cooperativeId: _c, ...fields } = doc;
  return { ...fields, singleChurchTax: [...doc.singleChurchTax], errors: [], members };
}

/**
 * A member's result in a closure, with the names, birth date and tax id of the member as they are now (erased: empty):
 * from the member's `dividend_inputs` document, which the dividend area keeps of every member's master data (the
 * calculation's answer shows the same), so a closure is read from this area's own collections (decision 247).
 */
function toMemberDto(doc: DividendMemberDocument, member: MemberFacts | undefined): DividendMemberDto {
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
    ...fields,
    problems: [...doc.problems],
    givenName: member?.givenName ?? null,
    name: member?.name ?? '',
    birthDate: member?.birthDate ?? null,
    taxId: member?.taxId ?? null,
  };
}

/** How the per-member list reads a closure's member result: amounts as stored, names from the member's document. */
function docKeys(names: ReadonlyMap<string, MemberFacts>): MemberRowKeys<DividendMemberDocument> {
  return {
    memberNr: (d) => d.memberNr,
    name: (d) => names.get(d.member)?.name ?? '',
    givenName: (d) => names.get(d.member)?.givenName ?? null,
    amount: (d, field) => d[field],
  };
}

/** The closures (`GET /dividend`, `GET /dividend/{id}`) and the years to choose (`GET /dividend/years`). */
@Injectable()
export class DividendReads {
  constructor(private readonly reads: ReadModels) {}

  list(cooperativeId: string, params: ListParams): Promise<ReadPage<DividendClosureDocument>> {
    return dividendClosures.list(this.reads, cooperativeId, params, DEFAULT_SORT);
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
    const doc = await dividendClosures.get(this.reads, cooperativeId, id);
    const page = await this.members(cooperativeId, id, list);
    return { dto: toClosureDto(doc, page.items), total: page.total };
  }

  /** `GET /dividend/{id}/members`: the closure's members as a list (not found for another cooperative's closure). */
  async memberList(cooperativeId: string, id: string, list: MemberListQuery): Promise<ReadPage<DividendMemberDto>> {
    await dividendClosures.get(this.reads, cooperativeId, id);
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
      const page = await dividendResults.query(this.reads, cooperativeId, {
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
    const names = needsNames ? await this.names(cooperativeId, docs) : new Map<string, MemberFacts>();
    const page = selectMembers(docs, list, docKeys(names));
    const items = needsNames
      ? page.items.map((d) => toMemberDto(d, names.get(d.member)))
      : await this.withNames(cooperativeId, page.items);
    return { items, total: page.total };
  }

  /** Every member result of the closure, by member number: keyset pages (an offset would read every earlier page again). */
  private async allResults(cooperativeId: string, id: string): Promise<DividendMemberDocument[]> {
    const docs: DividendMemberDocument[] = [];
    for (let from = 0; ;) {
      const page = await dividendResults.query(this.reads, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: id },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: MEMBER_PAGE,
      });
      for (const item of page.items) docs.push(item);
      if (page.items.length < MEMBER_PAGE) return docs;
      from = page.items[page.items.length - 1]!.memberNr + 1;
    }
  }

  /** The members' names as they are now (their `dividend_inputs`) of these results, by member id, MEMBER_PAGE at a time. */
  private async names(
    cooperativeId: string,
    docs: readonly DividendMemberDocument[],
  ): Promise<Map<string, MemberFacts>> {
    const names = new Map<string, MemberFacts>();
    for (let i = 0; i < docs.length; i += MEMBER_PAGE) {
      const found = await dividendInputs.getMany(
        this.reads,
        cooperativeId,
        docs.slice(i, i + MEMBER_PAGE).map((d) => d.member),
      );
      for (const [memberId, member] of found) names.set(memberId, factsOf(member));
    }
    return names;
  }

  private async withNames(
    cooperativeId: string,
    docs: readonly DividendMemberDocument[],
  ): Promise<DividendMemberDto[]> {
    const names = await this.names(cooperativeId, docs);
    return docs.map((d) => toMemberDto(d, names.get(d.member)));
  }

  /** Last year and YEARS_BACK years before it, each with whether it is closed (and by which closure). */
  async years(cooperativeId: string, today: string): Promise<DividendYearDto[]> {
    const closures = await dividendClosures.query(this.reads, cooperativeId, {
      cooperativeId,
      sort: [{ field: 'year', direction: 'desc' }],
      limit: 1000,
    });
    const closed = new Map(closures.items.map((d) => [d.year, d.id]));
    const closing = new Set(closures.items.filter((d) => d.status === 'closing').map((d) => d.year));
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
