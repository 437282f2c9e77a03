import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DividendYearDto } from '@coop/contracts/console';
import { api } from '../session/api';
import { toQuery, type CalcInput, type DividendRecord } from './model';

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

/** `GET /dividend/calc?…`: the preview (writes nothing); none while the address holds no calculation. */
export function useDividendCalc(input: CalcInput | null) {
  return useQuery({
    queryKey: ['dividend', 'calc', input ? toQuery(input) : ''],
    queryFn: async () => (await api<DividendRecord>(`/dividend/calc?${toQuery(input!)}`)).body,
    enabled: input !== null,
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

/** `GET /dividend/{id}`: a closure with its members. */
export function useDividend(id: string | undefined) {
  return useQuery({
    queryKey: ['dividend', 'closure', id ?? ''],
    queryFn: async () => (await api<DividendRecord>(`/dividend/${encodeURIComponent(id!)}`)).body,
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

/** `POST /dividend/store`: closes the year as calculated; answers the closure (201). */
export async function storeDividend(input: CalcInput): Promise<DividendRecord> {
  const { year, type, amount, decisionDate, paymentDate } = input;
  const body = { year: String(year), type, amount: amount.trim(), decision_date: decisionDate, payment_date: paymentDate };
  return (await api<DividendRecord>('/dividend/store', { method: 'POST', body: JSON.stringify(body) })).body;
}
