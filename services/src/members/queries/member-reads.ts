import { Injectable } from '@nestjs/common';
import { MEMBER_PERSONAL_FIELDS, memberFieldError, ValidationError, type Filter, type ReadDocument, type ReadQuery, type RecordedEvent, type Sort } from '@coop/contracts';
import { BALANCES, memberDisplayName, MEMBERS, membersProjector, type DocKey } from '@coop/projections';
import type { ListParams } from '../../platform/http/list-query.js';
import { parseListQuery } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { BalanceDto } from '@coop/contracts';
import { isIsoDate } from '../domain/holding.js';
import { businessToday, nextDay } from '../domain/business-date.js';
import { toBalanceDto } from './member.view.js';

/** Every master field a clerk enters (SPEC.md section 3 "Member"), as the create and change bodies carry them. */
export const MASTER_FIELDS = [...MEMBER_PERSONAL_FIELDS, 'memberType', 'position', 'legalForm', 'isForeign', 'entryDate', 'approvalDate', 'interestBegin'] as const;

export const MEMBERS_DEFAULT_SORT: readonly Sort[] = [{ field: 'name', direction: 'asc' }, { field: 'givenName', direction: 'asc' }];
export const BALANCES_DEFAULT_SORT: readonly Sort[] = [{ field: 'date', direction: 'desc' }];

/** The member's `position` lives in the read model as `memberPosition` (`position` is the document's log position). */
function renamePosition(raw: unknown, separator: RegExp): unknown {
  if (typeof raw !== 'string') return raw;
  return raw
    .split(',')
    .map((part) => part.replace(separator, (_m, dash: string) => `${dash}memberPosition`))
    .join(',');
}

/** `date` of an "as of" query: absent, or a calendar date (else 400 invalidDate on `date`). */
export function asOfDate(raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !isIsoDate(raw)) throw new ValidationError([memberFieldError('date', 'invalidDate', String(raw))]);
  return raw;
}

/** Read side of members and postings; reads only read models, always within the caller's cooperative. */
@Injectable()
export class MemberReads {
  constructor(readonly reads: ReadModels) {}

  /**
   * The member list query. `exitDate:null` means "not exited": on `date` (exit date after it), or
   * today (exit date not in the past). With `date`, members who entered later are left out.
   */
  memberQuery(cooperativeId: string, params: ListParams, date: string | undefined): ReadQuery {
    const renamed: ListParams = {
      ...params,
      filter: renamePosition(params.filter, /^(\s*)position(?=:)/),
      order_by: renamePosition(params.order_by, /^(\s*-?)position(?=$|[: ])/),
    };
    const query = parseListQuery(MEMBERS, renamed, cooperativeId, MEMBERS_DEFAULT_SORT);
    const notExitedFrom = date !== undefined ? nextDay(date) : businessToday();
    const filters: Filter[] = (query.filters ?? []).map((f) =>
      f.field === 'exitDate' && f.op === 'eq' && f.value === null ? { field: 'memberUntil', op: 'range', gte: notExitedFrom } : f,
    );
    if (date !== undefined) filters.push({ field: 'entryDate', op: 'range', lte: date });
    return { ...query, filters };
  }

  /**
   * Current member documents by id (for names and numbers shown beside postings): a key look-up each, no
   * query with a count (a posting's answer needs one or two members, a page of postings twenty at most).
   */
  async membersById(cooperativeId: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    return this.reads.getMany(MEMBERS, cooperativeId, ids.filter((id) => id !== ''));
  }

  async balanceDtos(cooperativeId: string, docs: readonly ReadDocument[]): Promise<BalanceDto[]> {
    const ids = docs.flatMap((d) => [d.member, d.transferTo, d.transferFrom].filter((v): v is string => typeof v === 'string'));
    const members = await this.membersById(cooperativeId, ids);
    return docs.map((d) => toBalanceDto(d, members, memberDisplayName));
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
}
