import type { GetListParams, SortPayload } from 'react-admin';

/** `field:value` pairs joined by commas, several values of one field by semicolons (docs/api.md). */
export function filterParam(filter: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (field === 'q' || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${field}:${value.map(String).join(';')}`);
    } else {
      parts.push(`${field}:${value === null ? 'null' : String(value)}`);
    }
  }
  return parts.join(',');
}

/**
 * The list query string: offset/limit from the page, `search` from `q`, `filter`, `order_by`. `thenBy`: fields
 * that order rows the chosen column leaves equal (ascending; the API keeps no order among equal rows). `extra`:
 * further parameters of the list's endpoint (e.g. `from` and `to` of the postings), empty ones left out.
 */
export function listQuery(
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  thenBy: readonly string[] = [],
  extra: Readonly<Record<string, string>> = {},
): string {
  const query = new URLSearchParams();
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 20;
  query.set('offset', String((page - 1) * perPage));
  query.set('limit', String(perPage));
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  const search = typeof filter.q === 'string' ? filter.q.trim() : '';
  if (search) query.set('search', search);
  const filterText = filterParam(filter);
  if (filterText) query.set('filter', filterText);
  const sortField = params.sort?.field;
  if (sortField) {
    const first = params.sort?.order === 'DESC' ? `-${sortField}` : sortField;
    query.set('order_by', [first, ...thenBy.filter((f) => f !== sortField)].join(','));
  }
  for (const [name, value] of Object.entries(extra)) if (value !== '') query.set(name, value);
  return query.toString();
}

/** The next state of a column header click: ascending, descending, none. */
export function nextSort(current: SortPayload | null, field: string): SortPayload | null {
  if (!current || current.field !== field) return { field, order: 'ASC' };
  return current.order === 'ASC' ? { field, order: 'DESC' } : null;
}

/** The sort as the address holds it (`field`, `-field`, `none`); absent: the list's default. */
export function readSort(text: string | null, defaultSort: SortPayload | null): SortPayload | null {
  if (text === null || text === '') return defaultSort;
  if (text === 'none') return null;
  return text.startsWith('-') ? { field: text.slice(1), order: 'DESC' } : { field: text, order: 'ASC' };
}

/** The sort written to the address: null (left out) for the list's default, `none` for no sort when there is a default. */
export function writeSort(sort: SortPayload | null, defaultSort: SortPayload | null): string | null {
  if (sort === null) return defaultSort === null ? null : 'none';
  if (defaultSort && sort.field === defaultSort.field && sort.order === defaultSort.order) return null;
  return sort.order === 'DESC' ? `-${sort.field}` : sort.field;
}
