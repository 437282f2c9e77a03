import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api';
import type { HistoryEntry, MemberDashboardData } from './model';

/** `GET /dashboard/member/{id}`: the member's postings (by date), exemption orders, non-assessments, sum. */
export function useMemberDashboard(id: string) {
  return useQuery({
    queryKey: ['members', 'dashboard', id],
    queryFn: async () => (await api<MemberDashboardData>(`/dashboard/member/${encodeURIComponent(id)}`)).body,
    enabled: !!id,
  });
}

/** `GET /members/{id}/history`: every change in order. */
export function useMemberHistory(id: string) {
  return useQuery({
    queryKey: ['members', 'history', id],
    queryFn: async () => {
      const res = await api<HistoryEntry[] | null>(`/members/${encodeURIComponent(id)}/history`);
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    enabled: !!id,
  });
}
