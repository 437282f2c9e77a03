import {
  fieldError,
  hasControlCharacter,
  LIST_FILTER_TERMS_MAX,
  LIST_SORT_TERMS_MAX,
  TEXT_MAX,
  ValidationError,
  type CollectionSpec,
  type FieldError,
  type FieldKind,
  type Filter,
  type ReadQuery,
  type Scalar,
  type Sort,
} from '@coop/contracts';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

/** The query string of a list call, as it arrives. */
export interface ListParams {
  readonly offset?: unknown;
  readonly limit?: unknown;
  readonly search?: unknown;
  readonly filter?: unknown;
  readonly order_by?: unknown;
}

/**
 * Turns `offset`, `limit`, `search`, `filter` (`field:value,field:a;b`, `field:null`, `field:from..to`)
 * and `order_by` (`field`, `-field`, `field:desc`) into a read query. Only the collection's declared
 * fields may be filtered or sorted; anything else is a 400, never silently ignored.
 */
export function parseListQuery(
  spec: CollectionSpec,
  params: ListParams,
  cooperativeId: string | null,
  defaultSort: readonly Sort[],
): ReadQuery {
  const errors: FieldError[] = [];
  const offset = integer(params.offset, 0, 'offset', errors, 0);
  const limit = integer(params.limit, DEFAULT_LIMIT, 'limit', errors, 1, MAX_LIMIT);
  const search = typeof params.search === 'string' ? params.search : undefined;
  if (search !== undefined) errors.push(...searchErrors(search));
  const filter = oneText(params.filter);
  const orderBy = oneText(params.order_by);
  const filters =
    filter !== undefined && filter !== '' && withinTerms('filter', filter, LIST_FILTER_TERMS_MAX, errors)
      ? parseFilters(spec, filter, errors)
      : [];
  const sort =
    orderBy !== undefined && orderBy !== '' && withinTerms('order_by', orderBy, LIST_SORT_TERMS_MAX, errors)
      ? parseSort(spec, orderBy, errors)
      : defaultSort;
  if (errors.length > 0) throw new ValidationError(errors);
  return { cooperativeId, filters, sort, offset, limit, ...(search ? { search } : {}) };
}

/**
 * What is wrong with a list's `search` (issue 38): longer than TEXT_MAX.search (`tooLong`), or holding a control
 * character (`controlCharacters`: a NUL cut the LIKE pattern on SQLite to `%`, so `\u0000` matched every member).
 */
export function searchErrors(search: string): FieldError[] {
  if (search.length > TEXT_MAX.search) return [fieldError('search', 'tooLong', String(TEXT_MAX.search))];
  if (hasControlCharacter(search)) return [fieldError('search', 'controlCharacters')];
  return [];
}

/**
 * `filter` or `order_by` as one text: a repeated one (`?filter=a:1&filter=b:2`, an array from the query parser) reads as its
 * values joined by commas, as one `filter` or `order_by` lists them (it was silently left out: issue 28).
 */
export function oneText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  return Array.isArray(raw) ? raw.map(String).join(',') : undefined;
}

/** Whether `raw` names at most `max` terms (comma-separated); else a `tooManyTerms` error, before any term is read. */
export function withinTerms(field: 'filter' | 'order_by', raw: string, max: number, errors: FieldError[]): boolean {
  let terms = 1;
  for (let comma = raw.indexOf(','); comma >= 0; comma = raw.indexOf(',', comma + 1)) {
    if (++terms > max) {
      errors.push(fieldError(field, 'tooManyTerms', String(max)));
      return false;
    }
  }
  return true;
}

function integer(
  raw: unknown,
  fallback: number,
  field: string,
  errors: FieldError[],
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    errors.push(fieldError(field, 'invalidNumber', String(raw)));
    return fallback;
  }
  return n;
}

/**
 * The kind of a declared field, or undefined. Only the collection's own declared fields count: a name such as
 * `constructor`, `toString` or `__proto__` is not a field because `Object.prototype` has it (it used to reach the
 * read store as a column and answer 500).
 */
function kindOf(spec: CollectionSpec, field: string): FieldKind | undefined {
  if (field === 'id') return 'string';
  return Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
}

function parseFilters(spec: CollectionSpec, raw: string, errors: FieldError[]): Filter[] {
  const filters: Filter[] = [];
  for (const part of raw.split(',')) {
    const colon = part.indexOf(':');
    const field = (colon < 0 ? part : part.slice(0, colon)).trim();
    const value = colon < 0 ? '' : part.slice(colon + 1);
    const kind = kindOf(spec, field);
    if (!kind) {
      errors.push(fieldError('filter', 'unknownField', field));
      continue;
    }
    if (value === 'null') filters.push({ field, op: 'eq', value: null });
    else if (value.includes('..') && !spec.arrays?.includes(field)) {
      const [from = '', to = ''] = value.split('..', 2);
      filters.push({
        field,
        op: 'range',
        ...(from !== '' ? { gte: scalar(kind, from, field, errors) } : {}),
        ...(to !== '' ? { lte: scalar(kind, to, field, errors) } : {}),
      });
    } else if (value.includes(';')) {
      filters.push({ field, op: 'in', values: value.split(';').map((v) => scalar(kind, v, field, errors)) });
    } else filters.push({ field, op: 'eq', value: scalar(kind, value, field, errors) });
  }
  return filters;
}

function scalar(kind: FieldKind, raw: string, field: string, errors: FieldError[]): Scalar {
  if (kind === 'string') return raw;
  if (kind === 'boolean') {
    if (['true', '1'].includes(raw)) return true;
    if (['false', '0'].includes(raw)) return false;
    errors.push(fieldError(field, 'invalidChoice', raw));
    return false;
  }
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) errors.push(fieldError(field, 'invalidNumber', raw));
  return n;
}

function parseSort(spec: CollectionSpec, raw: string, errors: FieldError[]): Sort[] {
  const sorts: Sort[] = [];
  for (const part of raw.split(',')) {
    let field = part.trim();
    let direction: Sort['direction'] = 'asc';
    if (field.startsWith('-')) {
      field = field.slice(1);
      direction = 'desc';
    }
    const m = /^(.*?)[: ](asc|desc)$/i.exec(field);
    if (m) {
      field = m[1]!;
      direction = m[2]!.toLowerCase() as Sort['direction'];
    }
    if (!kindOf(spec, field) || spec.arrays?.includes(field))
      errors.push(fieldError('order_by', 'unknownField', field));
    else sorts.push({ field, direction });
  }
  return sorts;
}
