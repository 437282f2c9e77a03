import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Instalment } from '@coop/contracts/console';
import { api } from '../session/api';
import { centsHeader, sharePaymentPaths, type PaymentTerms, type ShareDue, type ShareDuesPage } from './model';
import { idempotencyHeaders, useIdempotencyKey } from '../data/idempotency';

/** `GET /share-dues`: a page of what is outstanding, oldest due first, with `TotalItems` and `TotalOutstanding`. */
export function useShareDues(page: number, search: string) {
  return useQuery({
    queryKey: ['share-dues', page, search],
    queryFn: async (): Promise<ShareDuesPage> => {
      const res = await api<ShareDue[] | null>(sharePaymentPaths.dues(page, search));
      const rows = res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
      return {
        rows,
        total: centsHeader(res.headers.get('TotalItems')),
        sum: centsHeader(res.headers.get('TotalOutstanding')),
      };
    },
    retry: false,
  });
}

/** `GET /members/{id}/share-dues`: every subscription of the member. */
export function useMemberShareDues(memberId: string) {
  return useQuery({
    queryKey: ['member-share-dues', memberId],
    queryFn: async () => (await api<ShareDue[]>(sharePaymentPaths.memberDues(memberId))).body,
    retry: false,
  });
}

const invalidateDues = (client: ReturnType<typeof useQueryClient>, memberId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['member-share-dues', memberId] }),
    client.invalidateQueries({ queryKey: ['share-dues'] }),
    // The member's history names the payment and the plan (MemberHistory's moneyLine).
    client.invalidateQueries({ queryKey: ['members', 'history', memberId] }),
  ]);

/** `POST /members/{id}/share-payments`. */
export function useRecordPayment(memberId: string) {
  const client = useQueryClient();
  // One key per dialog shown (decision 297): a double click or a retry records the payment once.
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: async (payment: {
      balanceId: string | null;
      date: string;
      amount: number | string | null;
      method: string;
      reference: string | null;
    }) =>
      (
        await api<{ paymentIds: string[] }>(sharePaymentPaths.payments(memberId), {
          method: 'POST',
          headers: idempotencyHeaders({ idempotencyKey: key }),
          body: JSON.stringify(payment),
        })
      ).body,
    onSuccess: () => invalidateDues(client, memberId),
  });
}

/** `PUT /members/{id}/postings/{balanceId}/instalments`. */
export function useSetInstalments(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { balanceId: string; instalments: readonly Instalment[] }) =>
      (
        await api<ShareDue>(sharePaymentPaths.instalments(memberId, input.balanceId), {
          method: 'PUT',
          body: JSON.stringify({ instalments: input.instalments }),
        })
      ).body,
    onSuccess: () => invalidateDues(client, memberId),
  });
}

/** `GET /cooperative/payment-terms`. */
export function usePaymentTerms() {
  return useQuery({
    queryKey: ['payment-terms'],
    queryFn: async () => (await api<PaymentTerms>(sharePaymentPaths.terms)).body,
    retry: false,
  });
}

/** `PUT /cooperative/payment-terms` (administrators). */
export function useSetPaymentTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (terms: unknown) =>
      (await api<PaymentTerms>(sharePaymentPaths.terms, { method: 'PUT', body: JSON.stringify(terms) })).body,
    onSuccess: (terms) => client.setQueryData(['payment-terms'], terms),
  });
}
