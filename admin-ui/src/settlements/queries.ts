import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../session/api';
import { settlementPaths, type SettlementCheck, type SettlementRecord } from './model';

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
    mutationFn: async (payout: { ids: readonly string[]; payoutDate: string }) => (await api<SettlementCheck>(settlementPaths.check, json(payout))).body,
  });
}

/** `POST /settlements/pay`: one event per end; the list is read again. */
export function usePaySettlements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payout: { ids: readonly string[]; payoutDate: string }) => (await api<SettlementRecord[]>(settlementPaths.pay, json(payout))).body,
    onSuccess: () => client.invalidateQueries({ queryKey: ['settlements'] }),
  });
}

/** `POST /settlements/{id}/reverse`: the correction with its reason. */
export function useReverseSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; reason: string; date: string }) => (await api<SettlementRecord>(settlementPaths.reverse(input.id), json({ reason: input.reason, date: input.date }))).body,
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
