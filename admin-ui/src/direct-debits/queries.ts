import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../session/api';
import {
  directDebitPaths,
  DUES_SHOWN,
  mandateQueries,
  returnedPaymentQueries,
  type CollectionCreatedDto,
  type CollectionDto,
  type CollectionPreviewDto,
  type DirectDebitPaymentDto,
  type MandateDto,
  type ShareDueDto,
} from './model';

const list = async <T>(path: string): Promise<T[]> => {
  const res = await api<T[] | null>(path);
  return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
};
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** `GET /direct-debits`: the collections, newest first. */
export const useCollections = () =>
  useQuery({
    queryKey: ['direct-debits'],
    queryFn: () => list<CollectionDto>(`${directDebitPaths.collections}?limit=100`),
    retry: false,
  });

/** `GET /share-dues`: the subscriptions with something outstanding, oldest due first. */
export const useOutstandingDues = () =>
  useQuery({
    queryKey: ['share-dues', 'direct-debits'],
    queryFn: () => list<ShareDueDto>(directDebitPaths.dues(DUES_SHOWN)),
    retry: false,
  });

/** `POST /direct-debits`: the collection made, with the dues it skipped. */
export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { collectionDate: string; balanceIds: readonly string[] }) =>
      (await api<CollectionCreatedDto>(directDebitPaths.collections, post(input))).body,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['direct-debits'] }),
        client.invalidateQueries({ queryKey: ['share-dues'] }),
      ]),
  });
}

/** `POST /direct-debits/preview`: what the collection of the chosen dues would draw and leave out; writes nothing. */
export const usePreviewCollection = () =>
  useMutation({
    mutationFn: async (input: { collectionDate: string; balanceIds: readonly string[] }) =>
      (await api<CollectionPreviewDto>(directDebitPaths.preview, post(input))).body,
  });

export const useMandates = (memberId: string) =>
  useQuery({
    queryKey: ['mandates', memberId],
    queryFn: async () => (await api<MandateDto[]>(directDebitPaths.mandates(memberId))).body,
    retry: false,
  });
export const useDebitPayments = (memberId: string) =>
  useQuery({
    queryKey: ['direct-debit-payments', memberId],
    queryFn: async () => (await api<DirectDebitPaymentDto[]>(directDebitPaths.payments(memberId))).body,
    retry: false,
  });

export function useGrantMandate(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { reference: string; signedOn: string; kind: string }) =>
      (await api<MandateDto>(directDebitPaths.mandates(memberId), post(input))).body,
    onSuccess: () => Promise.all(mandateQueries(memberId).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export function useRevokeMandate(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { mandateId: string; date: string }) =>
      (await api<MandateDto>(directDebitPaths.revoke(memberId, input.mandateId), post({ date: input.date }))).body,
    onSuccess: () => Promise.all(mandateQueries(memberId).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * `POST /members/{id}/share-payments/{paymentId}/return`: the amount is due again. Read again: the member's debits, the
 * outstanding lists, the collections, and the member page's payments card (`member-share-dues`, on the same page as the
 * button: without it the card went on saying "0,00 € offen" until the page was reloaded).
 */
export function useReturnPayment(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { paymentId: string; date: string; reason: string | null }) =>
      (
        await api<DirectDebitPaymentDto>(
          directDebitPaths.returnPayment(memberId, input.paymentId),
          post({ date: input.date, reason: input.reason }),
        )
      ).body,
    onSuccess: () =>
      Promise.all(returnedPaymentQueries(memberId).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
