import {
  fieldError,
  isIsoDate,
  ValidationError,
  type FieldError,
  type Filter,
  type ReadQuery,
  type Sort,
} from '@coop/contracts';
import { BALANCES } from '@coop/projections/share-ledger';
import { parseListQuery, type ListParams } from '../../platform/http/list-query.js';

/** The postings' date fields (BALANCES) and the share register's names for them: a filter on them takes calendar dates only. */
const DATE_FIELDS = new Set(['date', 'approvalDate', 'admissionDate', 'interestBegin', 'interestEnd']);

/** A list's query string with a date range: `from` and `to` (`YYYY-MM-DD`, either may be left out), both days included. */
export interface DateRangeParams extends ListParams {
  readonly from?: unknown;
  readonly to?: unknown;
}

/** The calendar dates a filter on a date field names that are not calendar dates (`filter` `invalidDate`). */
export function dateFilterErrors(filters: readonly Filter[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const filter of filters) {
    if (!DATE_FIELDS.has(filter.field)) continue;
    const values = filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? filter.values : [filter.gte, filter.lte];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || !isIsoDate(value))
        errors.push(fieldError('filter', 'invalidDate', String(value)));
    }
  }
  return errors;
}

/**
 * The postings list query (`GET /balances`): the list parameters, and the posting dates from `from` to `to` (each a
 * calendar date, else `400 invalidDate` on it; `to` before `from` is `mustBeAtLeast` on `to`). Dates in `filter` are
 * checked alike.
 */
export function postingsQuery(cooperativeId: string, params: DateRangeParams, defaultSort: readonly Sort[]): ReadQuery {
  const errors: FieldError[] = [];
  const date = (name: 'from' | 'to'): string | undefined => {
    const raw = params[name];
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw === 'string' && isIsoDate(raw)) return raw;
    errors.push(fieldError(name, 'invalidDate', String(raw)));
    return undefined;
  };
  const from = date('from');
  const to = date('to');
  if (from !== undefined && to !== undefined && to < from) errors.push(fieldError('to', 'mustBeAtLeast', from));
  const query = parseListQuery(BALANCES, params, cooperativeId, defaultSort);
  errors.push(...dateFilterErrors(query.filters ?? []));
  if (errors.length > 0) throw new ValidationError(errors);
  if (from === undefined && to === undefined) return query;
  const range: Filter = {
    field: 'date',
    op: 'range',
    ...(from !== undefined ? { gte: from } : {}),
    ...(to !== undefined ? { lte: to } : {}),
  };
  return { ...query, filters: [...(query.filters ?? []), range] };
}
