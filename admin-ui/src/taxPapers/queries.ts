import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api';
import type { TaxPaperHistoryEntry } from './model';

/** `GET /exemptionorders/{id}/history` or `GET /nonassessments/{id}/history`: every version, oldest first. */
export function useTaxPaperHistory(resource: 'exemptionorders' | 'nonassessments', id: string | undefined) {
  return useQuery({
    queryKey: [resource, 'history', id],
    queryFn: async () => {
      const res = await api<TaxPaperHistoryEntry[] | null>(`/${resource}/${encodeURIComponent(id ?? '')}/history`);
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    enabled: !!id,
  });
}
