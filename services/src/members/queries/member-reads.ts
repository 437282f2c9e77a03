import { Injectable } from '@nestjs/common';
import {
  MEMBER_PERSONAL_FIELDS,
  memberFieldError,
  ValidationError,
  type Filter,
  type ReadQuery,
  type Sort,
} from '@coop/contracts';
import { MEMBERS } from '@coop/projections/members';
import { memberDocuments, type MemberDocument } from './member-documents.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { parseListQuery } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  BUSINESS_DATE_MAX,
  BUSINESS_DATE_MIN,
  businessToday,
  fieldError,
  isBusinessDateInRange,
  isIsoDate,
  nextDay,
} from '@coop/contracts';

/** Every master field a clerk enters (SPEC.md section 3 "Member"), as the create and change bodies carry them. */
export const MASTER_FIELDS = [
  ...MEMBER_PERSONAL_FIELDS,
  'memberType',
  'position',
  'legalForm',
  'isForeign',
  'entryDate',
  'approvalDate',
  'interestBegin',
] as const;

export const MEMBERS_DEFAULT_SORT: readonly Sort[] = [
  { field: 'name', direction: 'asc' },
  { field: 'givenName', direction: 'asc' },
];

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
  if (typeof raw !== 'string' || !isIsoDate(raw))
    throw new ValidationError([memberFieldError('date', 'invalidDate', String(raw))]);
  if (!isBusinessDateInRange(raw))
    throw new ValidationError([fieldError('date', 'dateOutOfRange', BUSINESS_DATE_MIN, BUSINESS_DATE_MAX)]);
  return raw;
}

/** Read side of members (exported: other areas show members' names and numbers); reads only read models, always within the caller's cooperative. */
@Injectable()
export class MemberReads {
  constructor(readonly reads: ReadModels) {}

  /**
   * The member list query. `exitDate:null` means "not exited": on `date` (exit date after it), or
   * today (exit date not in the past). With `date`, members who had not joined by it (declared and admitted: the
   * indexed `memberFrom`, `memberBy`'s rule, decision 314) are left out, in the query, so pages and `TotalItems` agree.
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
      f.field === 'exitDate' && f.op === 'eq' && f.value === null
        ? { field: 'memberUntil', op: 'range', gte: notExitedFrom }
        : f,
    );
    if (date !== undefined) filters.push({ field: 'memberFrom', op: 'range', lte: date });
    return { ...query, filters };
  }

  /**
   * Current member documents by id (for names and numbers shown beside postings): a key look-up each, no
   * query with a count (a posting's answer needs one or two members, a page of postings twenty at most).
   */
  async membersById(cooperativeId: string, ids: readonly string[]): Promise<Map<string, MemberDocument>> {
    return memberDocuments.getMany(
      this.reads,
      cooperativeId,
      ids.filter((id) => id !== ''),
    );
  }
}
