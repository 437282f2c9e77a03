import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../session/api';
import {
  settlementPaths,
  type lossShareRequest,
  type SettlementCheck,
  type SettlementRecord,
  type SettlementTerms,
} from './model';

/** `GET /settlements?year=`: the year's ends (204 when none). */
export function useSettlements(year: number) {
  return useQuery({
    queryKey: ['settlements', year],
    queryFn: async () => {
      const res = await api<SettlementRecord[] | null>(settlementPaths.list(year));
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    retry: false,
  });
}

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** `POST /settlements/check`: nothing is written. */
export function useCheckSettlements() {
  return useMutation({
    mutationFn: async (payout: { ids: readonly string[]; payoutDate: string }) =>
      (await api<SettlementCheck>(settlementPaths.check, json(payout))).body,
  });
}

/** `POST /settlements/pay`: one event per end; the list is read again. */
export function usePaySettlements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payout: { ids: readonly string[]; payoutDate: string }) =>
      (await api<SettlementRecord[]>(settlementPaths.pay, json(payout))).body,
    onSuccess: () => client.invalidateQueries({ queryKey: ['settlements'] }),
  });
}

/** `POST /settlements/{id}/reverse`: the correction with its reason. */
export function useReverseSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; reason: string; date: string }) =>
      (await api<SettlementRecord>(settlementPaths.reverse(input.id), json({ reason: input.reason, date: input.date })))
        .body,
    onSuccess: () => client.invalidateQueries({ queryKey: ['settlements'] }),
  });
}

/** `POST /settlements/heirs`: the heirs' account of a deceased member (204); the list is read again. */
export function useHeirsAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { memberId: string; accountHolder: string; iban: string; bic: string | null }) => {
      await api<null>('/settlements/heirs', json(input));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['settlements'] }),
  });
}

const put = (body: unknown): RequestInit => ({ method: 'PUT', body: JSON.stringify(body) });

/** `GET /settlements/terms`: the payout period and the loss shares by year. */
export function useSettlementTerms() {
  return useQuery({
    queryKey: ['settlement-terms'],
    queryFn: async () => (await api<SettlementTerms>(settlementPaths.terms)).body,
    retry: false,
  });
}

/** After a change of the terms both the terms and the lists (deadlines, loss shares, amounts) are read again. */
function useTermsChange<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => (await api<SettlementTerms>(path, put(body))).body,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['settlement-terms'] }),
        client.invalidateQueries({ queryKey: ['settlements'] }),
      ]);
    },
  });
}

/** `PUT /settlements/terms {payoutPeriodMonths}` (administrators). */
export const useSetPayoutPeriod = () => useTermsChange<{ payoutPeriodMonths: number | string }>(settlementPaths.terms);

/** `PUT /settlements/loss-shares {year, kind, percent | centsPerShare, decisionDate}` (those who close the dividend). */
export const useSetLossShare = () => useTermsChange<ReturnType<typeof lossShareRequest>>(settlementPaths.lossShares);
