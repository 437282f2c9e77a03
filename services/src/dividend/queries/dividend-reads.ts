import { Injectable } from '@nestjs/common';
import type { DividendDto, DividendMemberDto, DividendYearDto, ReadDocument, ReadPage, Sort } from '@coop/contracts';
import { DIVIDEND_MEMBERS, DIVIDENDS, MEMBERS } from '@coop/projections';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { taxIdOf } from './member-input.js';

/** Member results read per page of a closure (keyset on the member number). */
export const MEMBER_PAGE = 2000;
/** Years offered: last year and this many before it (SPEC.md 9: about 11 years back). */
export const YEARS_BACK = 11;

const DEFAULT_SORT: readonly Sort[] = [{ field: 'year', direction: 'desc' }];

/** A closure's document as the API answers it; `members` given (empty in a list). */
export function toClosureDto(doc: ReadDocument, members: DividendMemberDto[]): DividendDto {
  const { position: _p, cooperativeId: _c, ...fields } = doc;
  return { ...(fields as unknown as Omit<DividendDto, 'id' | 'errors' | 'members'>), id: doc.id, errors: [], members };
}

/** A member's result in a closure, with the names, birth date and tax id of the member as they are now (erased: empty). */
function toMemberDto(doc: ReadDocument, member: ReadDocument | undefined): DividendMemberDto {
  const { position: _p, cooperativeId: _c, id: _id, dividendId: _d, year: _y, paymentDate: _pd, lines: _l, order: _o, certificate: _ce, ...fields } = doc;
  const text = (field: string): string | null => (typeof member?.[field] === 'string' ? (member[field] as string) : null);
  return {
    ...(fields as unknown as Omit<DividendMemberDto, 'givenName' | 'name' | 'birthDate' | 'taxId'>),
    givenName: text('givenName'),
    name: text('name') ?? '',
    birthDate: text('birthDate'),
    taxId: member ? taxIdOf(member) : null,
  };
}

/** The closures (`GET /dividend`, `GET /dividend/{id}`) and the years to choose (`GET /dividend/years`). */
@Injectable()
export class DividendReads {
  constructor(private readonly reads: ReadModels) {}

  list(cooperativeId: string, params: ListParams): Promise<ReadPage<ReadDocument>> {
    return this.reads.list(DIVIDENDS, cooperativeId, params, DEFAULT_SORT);
  }

  /** The closure with every member's result, by member number (another cooperative's: not found). */
  async closure(cooperativeId: string, id: string): Promise<DividendDto> {
    const doc = await this.reads.get(DIVIDENDS, cooperativeId, id, 'Dividend');
    const members: DividendMemberDto[] = [];
    // Keyset pages on the member number (an offset would read every earlier page again at 200,000 members).
    for (let from = 0; ; ) {
      const page = await this.reads.query(DIVIDEND_MEMBERS, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: id },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: MEMBER_PAGE,
      });
      const names = await this.reads.getMany(MEMBERS, cooperativeId, page.items.map((d) => String(d.member)));
      for (const item of page.items) members.push(toMemberDto(item, names.get(String(item.member))));
      if (page.items.length < MEMBER_PAGE) break;
      from = Number(page.items[page.items.length - 1]!.memberNr) + 1;
    }
    return toClosureDto(doc, members);
  }

  /** Last year and YEARS_BACK years before it, each with whether it is closed (and by which closure). */
  async years(cooperativeId: string, today: string): Promise<DividendYearDto[]> {
    const closures = await this.reads.query(DIVIDENDS, cooperativeId, { cooperativeId, sort: [{ field: 'year', direction: 'desc' }], limit: 1000 });
    const closed = new Map(closures.items.map((d) => [Number(d.year), d.id]));
    const last = Number(today.slice(0, 4)) - 1;
    return Array.from({ length: YEARS_BACK + 1 }, (_, i) => last - i).map((year) => ({
      key: year,
      value: String(year),
      closed: closed.has(year),
      dividendId: closed.get(year) ?? null,
    }));
  }
}
