import { useCallback, useEffect, useState } from 'react';
import type { SortPayload } from 'react-admin';
import { nextSort } from '../data/listQuery';
import { SEARCH_DELAY_MS, type ServerList } from '../data/useServerList';
import { memberPageQuery, type DividendMemberRecord } from './model';

/** A member row of the per-member list, with react-admin's `id` (the member's id). */
export type DividendMemberRow = DividendMemberRecord & { readonly id: string };

/** The list's state without its rows: what the list header, the sort headers and the pagination change. */
export type MemberPagesState = Omit<ServerList<DividendMemberRow>, 'data' | 'total' | 'isPending' | 'isFetching'>;

/**
 * The per-member list of a calculation or a closure, paged by the API (at 200,000 members the answer with every member
 * was 100 MB): the page (10/20/50 a page, default 20), the sort (ascending, descending, none: by member number) and the
 * search (name or number, after a 500 ms pause) as the query the API takes (`query`), the same list header, sort
 * headers and pagination as the other lists. `resetKey` another calculation or closure: back to its first page.
 */
export function useMemberPages(resetKey: string): { readonly state: MemberPagesState; readonly query: string } {
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
  useEffect(() => setPage(1), [resetKey]);
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
    state: { page, setPage, perPage, setPerPage, sort, cycleSort, searchInput, setSearchInput, param, setParam },
    query: memberPageQuery(page, perPage, search, sort),
  };
}

/** The list of the page the API answered (`total`: the members that match the search, its `TotalItems`). */
export function memberList(
  state: MemberPagesState,
  members: readonly DividendMemberRecord[] | undefined,
  total: number,
  isFetching: boolean,
): ServerList<DividendMemberRow> {
  return {
    ...state,
    data: (members ?? []).map((m) => ({ ...m, id: m.member })),
    total,
    isPending: members === undefined,
    isFetching,
  };
}
