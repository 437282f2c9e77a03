import { useCallback, useEffect, useMemo, useState } from 'react';
import { useGetList, useNotify, type RaRecord, type SortPayload } from 'react-admin';
import { nextSort } from './listQuery';

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
}

export interface ServerListOptions {
  readonly defaultSort?: SortPayload;
  readonly perPage?: number;
  readonly filter?: Record<string, unknown> | undefined;
  /** Fields ordering the rows the chosen column leaves equal (sent after it in `order_by`). */
  readonly thenBy?: readonly string[];
}

const NO_ROWS: never[] = [];

/**
 * A list read from the API with paging, sorting and a debounced search. A failed read is shown as an error
 * notification with the server's message, never swallowed.
 */
export function useServerList<T extends RaRecord>(resource: string, options: ServerListOptions = {}): ServerList<T> {
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState(options.perPage ?? 20);
  const [sort, setSort] = useState<SortPayload | null>(options.defaultSort ?? null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const { data, total, isPending, isFetching } = useGetList<T>(
    resource,
    {
      pagination: { page, perPage },
      sort: sort ?? { field: '', order: 'ASC' },
      filter: { ...(options.filter ?? {}), ...(search ? { q: search } : {}) },
      ...(options.thenBy ? { meta: { thenBy: options.thenBy } } : {}),
    },
    {
      placeholderData: (previous) => previous,
      onError: (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
    },
  );

  const setPerPage = useCallback((value: number) => {
    setPerPageState(value);
    setPage(1);
  }, []);
  const cycleSort = useCallback((field: string) => {
    setSort((current) => nextSort(current, field));
    setPage(1);
  }, []);
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
    }),
    [data, total, isPending, isFetching, page, perPage, setPerPage, sort, cycleSort, searchInput],
  );
}
