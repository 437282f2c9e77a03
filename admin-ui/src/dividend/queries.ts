import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DividendYearDto } from '@coop/contracts/console';
import { api } from '../session/api';
import { memberPageQuery, toQuery, type CalcInput, type DividendRecord } from './model';

/** `GET /dividend/years`: last year and about 11 back, each with whether (and by which closure) it is closed. */
export function useDividendYears() {
  return useQuery({
    queryKey: ['dividend', 'years'],
    queryFn: async () => {
      const res = await api<DividendYearDto[] | null>('/dividend/years');
      return Array.isArray(res.body) ? res.body : [];
    },
  });
}

/** An answer with a page of members: the calculation or closure, and how many members match the list's search. */
export interface MembersPage {
  readonly dividend: DividendRecord;
  readonly total: number;
}

async function membersPage(path: string): Promise<MembersPage> {
  const res = await api<DividendRecord>(path);
  const total = Number(res.headers.get('TotalItems'));
  return { dividend: res.body, total: Number.isFinite(total) ? total : res.body.members.length };
}

/** The first page of members as the calculator shows it first (step 2 asks the same: the calculation's cached answer). */
export const FIRST_PAGE = memberPageQuery(1, 20, '', null);

/**
 * `GET /dividend/calc?…` with a page of members (`list`, useMemberPages): the preview (writes nothing); none while the
 * address holds no calculation. Another page of the same calculation keeps the shown one until it arrives.
 */
export function useDividendCalc(input: CalcInput | null, list: string) {
  const calc = input ? toQuery(input) : '';
  return useQuery({
    queryKey: ['dividend', 'calc', calc, list],
    queryFn: () => membersPage(`/dividend/calc?${calc}&${list}`),
    enabled: input !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === calc ? previous : undefined),
    // A calculation is asked for on purpose (Calculate, step 2): not again on focus or after a minute.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** `GET /dividend?…`: the closures, newest year first (the list's members are empty). */
export function useDividendClosures() {
  return useQuery({
    queryKey: ['dividend', 'closures'],
    queryFn: async () => {
      const res = await api<DividendRecord[] | null>('/dividend?order_by=-year&limit=100');
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
  });
}

/** `GET /dividend/{id}?…`: a closure with a page of its members (`list`, useMemberPages). */
export function useDividend(id: string | undefined, list: string) {
  return useQuery({
    queryKey: ['dividend', 'closure', id ?? '', list],
    queryFn: () => membersPage(`/dividend/${encodeURIComponent(id!)}?${list}`),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

/** `POST /dividend/store`: closes the year as calculated; answers the closure (201). */
export async function storeDividend(input: CalcInput): Promise<DividendRecord> {
  const { year, type, amount, decisionDate, paymentDate } = input;
  const body = {
    year: String(year),
    type,
    amount: amount.trim(),
    decision_date: decisionDate,
    payment_date: paymentDate,
  };
  return (await api<DividendRecord>('/dividend/store', { method: 'POST', body: JSON.stringify(body) })).body;
}
