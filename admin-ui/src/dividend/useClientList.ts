import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SortPayload } from 'react-admin';
import { nextSort } from '../data/listQuery';
import { SEARCH_DELAY_MS, type ServerList } from '../data/useServerList';
import { selectMembers, type DividendMemberRecord } from './model';

/** A member row of the per-member list, with react-admin's `id` (the member's id). */
export type DividendMemberRow = DividendMemberRecord & { readonly id: string };

/**
 * The per-member list of a calculation or a closure: all rows are in the API's answer, so paging (10/20/50, default 20),
 * sorting (ascending, descending, none) and the search (name or number, after a 500 ms pause) happen here, with the
 * same list header, sort headers and pagination as the server-side lists (`ServerList`).
 */
export function useClientList(members: readonly DividendMemberRecord[] | undefined, isFetching: boolean): ServerList<DividendMemberRow> {
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState(20);
  const [sort, setSort] = useState<SortPayload | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  // Another calculation or closure: back to its first page.
  useEffect(() => setPage(1), [members]);

  const selected = useMemo(() => selectMembers(members ?? [], search, sort), [members, search, sort]);
  const data = useMemo(
    () => selected.slice((page - 1) * perPage, page * perPage).map((m) => ({ ...m, id: m.member })),
    [selected, page, perPage],
  );
  const setPerPage = useCallback((value: number) => {
    setPerPageState(value);
    setPage(1);
  }, []);
  const cycleSort = useCallback((field: string) => {
    setSort((current) => nextSort(current, field));
    setPage(1);
  }, []);
  const param = useCallback(() => '', []);
  const setParam = useCallback(() => undefined, []);
  return {
    data: data as DividendMemberRow[],
    total: selected.length,
    isPending: members === undefined,
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
  };
}
