import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGetList, useNotify, type RaRecord, type SortPayload } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { nextSort, readSort, writeSort } from './listQuery';

/** The per-page choices of every list header (SPEC 2). */
export const PER_PAGE_CHOICES = [10, 20, 50] as const;
/** Search is applied after the clerk stops typing for this long (SPEC 2). */
export const SEARCH_DELAY_MS = 500;

/** The state and the current page of a server-side list, as the list header and table need them. */
export interface ServerList<T extends RaRecord> {
  readonly data: T[];
  readonly total: number;
  readonly isPending: boolean;
  readonly isFetching: boolean;
  /** 1-based. */
  readonly page: number;
  readonly setPage: (page: number) => void;
  readonly perPage: number;
  readonly setPerPage: (perPage: number) => void;
  /** null: no sort chosen, the server's default order. */
  readonly sort: SortPayload | null;
  /** Ascending, then descending, then none. */
  readonly cycleSort: (field: string) => void;
  readonly searchInput: string;
  readonly setSearchInput: (text: string) => void;
  /** A list's own state in the address (a filter, a switch): its value, '' when not set. */
  readonly param: (name: string) => string;
  /** Changes a list's own state in the address ('' or null removes it) and goes back to the first page. */
  readonly setParam: (name: string, value: string | null) => void;
}

export interface ServerListOptions {
  readonly defaultSort?: SortPayload;
  readonly perPage?: number;
  /** The filter sent: fixed, or made from the list's own state in the address (`param`). */
  readonly filter?:
    Record<string, unknown> | ((param: (name: string) => string) => Record<string, unknown>) | undefined;
  /** Further query parameters sent besides the filter (e.g. a date range), made from the list's own state. */
  readonly params?: (param: (name: string) => string) => Record<string, string>;
  /** Fields ordering the rows the chosen column leaves equal (sent after it in `order_by`). */
  readonly thenBy?: readonly string[];
}

const NO_ROWS: never[] = [];
/** The address parameters of every list: page, rows per page, sort and search. */
const PAGE = 'page';
const PER_PAGE = 'perPage';
const SORT = 'sort';
const SEARCH = 'q';

/** A positive whole number from the address, or the fallback. */
function positive(text: string | null, fallback: number): number {
  const n = text !== null && /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

/**
 * A list read from the API with paging, sorting and a debounced search. Its state (search, sort, page, rows per page
 * and the list's own filters, `param`) lives in the address's query string, so that Back and reload come back to the
 * same place; each change replaces the current history entry (Back leaves the list, it does not undo a keystroke). A
 * failed read is shown as an error notification with the server's message, never swallowed.
 */
export function useServerList<T extends RaRecord>(resource: string, options: ServerListOptions = {}): ServerList<T> {
  const notify = useNotify();
  const [address, setAddress] = useSearchParams();
  const defaultPerPage = options.perPage ?? 20;
  const page = positive(address.get(PAGE), 1);
  const perPage = positive(address.get(PER_PAGE), defaultPerPage);
  const sort = readSort(address.get(SORT), options.defaultSort ?? null);
  const search = address.get(SEARCH) ?? '';
  const [searchInput, setSearchInput] = useState(search);
  const param = useCallback((name: string) => address.get(name) ?? '', [address]);

  /** Writes changes to the address in one step (null or '' removes a parameter), replacing the history entry. */
  const change = useCallback(
    (changes: Record<string, string | null>) =>
      setAddress(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setAddress],
  );

  // Typing waits for a pause before it searches; a search the address already holds (Back, reload) is not redone.
  const applied = useRef(search);
  useEffect(() => {
    if (searchInput.trim() === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = searchInput.trim();
      change({ [SEARCH]: searchInput.trim(), [PAGE]: null });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, change]);
  // The address changed from outside (Back to another state of the list): the search box follows it.
  useEffect(() => {
    if (search !== applied.current) {
      applied.current = search;
      setSearchInput(search);
    }
  }, [search]);

  const fixed = typeof options.filter === 'function' ? options.filter(param) : (options.filter ?? {});
  const extra = options.params?.(param);
  const meta = {
    ...(options.thenBy ? { thenBy: options.thenBy } : {}),
    ...(extra && Object.keys(extra).length > 0 ? { params: extra } : {}),
  };
  const { data, total, isPending, isFetching } = useGetList<T>(
    resource,
    {
      pagination: { page, perPage },
      sort: sort ?? { field: '', order: 'ASC' },
      filter: { ...fixed, ...(search ? { q: search } : {}) },
      ...(Object.keys(meta).length > 0 ? { meta } : {}),
    },
    {
      placeholderData: (previous) => previous,
      onError: (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
    },
  );

  const setPage = useCallback((value: number) => change({ [PAGE]: value > 1 ? String(value) : null }), [change]);
  const setPerPage = useCallback(
    (value: number) => change({ [PER_PAGE]: value === defaultPerPage ? null : String(value), [PAGE]: null }),
    [change, defaultPerPage],
  );
  const defaultSort = options.defaultSort ?? null;
  const cycleSort = useCallback(
    (field: string) => change({ [SORT]: writeSort(nextSort(sort, field), defaultSort), [PAGE]: null }),
    // The sort's parts, not the object (made anew from the address on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [change, sort?.field, sort?.order, defaultSort?.field, defaultSort?.order],
  );
  const setParam = useCallback(
    (name: string, value: string | null) => change({ [name]: value, [PAGE]: null }),
    [change],
  );
  // One object while nothing changed: a screen's memoised parts do not redraw when the screen does.
  return useMemo(
    () => ({
      data: data ?? NO_ROWS,
      total: total ?? 0,
      isPending,
      isFetching,
      page,
      setPage,
      perPage,
      setPerPage,
      sort,
      cycleSort,
      searchInput,
      setSearchInput,
      param,
      setParam,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      data,
      total,
      isPending,
      isFetching,
      page,
      perPage,
      setPerPage,
      sort?.field,
      sort?.order,
      cycleSort,
      searchInput,
      param,
      setParam,
    ],
  );
}
