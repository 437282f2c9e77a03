import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../session/api';
import { notificationsQuery, UNREAD_COUNT_QUERY, type NotificationRecord } from './model';

/** The top bar asks for the unread count this often, and on every navigation (SPEC 7). */
export const UNREAD_POLL_MS = 15_000;

/** `GET /notifications?…`: a page of notifications (newest first) and how many there are. */
export function useNotifications(page: number, perPage: number, showSeen: boolean) {
  return useQuery({
    queryKey: ['notifications', 'list', page, perPage, showSeen],
    queryFn: async () => {
      const res = await api<NotificationRecord[] | null>(notificationsQuery(page, perPage, showSeen));
      const items = res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
      const total = Number(res.headers.get('TotalItems'));
      return { items, total: res.headers.has('TotalItems') && Number.isFinite(total) ? total : items.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /notifications/{id}`. */
export function useNotification(id: string | undefined) {
  return useQuery({
    queryKey: ['notifications', 'one', id ?? ''],
    queryFn: async () => (await api<NotificationRecord>(`/notifications/${encodeURIComponent(id!)}`)).body,
    enabled: !!id,
    retry: false,
  });
}

/** The unread count (`TotalItems` of `GET /notifications?filter=seen:0&limit=1`); null until known or when refused. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'unread'],
    queryFn: async () => {
      const res = await api<unknown>(UNREAD_COUNT_QUERY);
      if (res.status === 204) return 0;
      const total = Number(res.headers.get('TotalItems'));
      return Number.isFinite(total) ? total : 0;
    },
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
}

/**
 * `POST /notifications/mark-seen {ids}`; afterwards every notification query (lists, the count, the dashboard's card)
 * loads again (SPEC 4: the list reloads).
 */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: readonly string[]): Promise<void> => {
      if (ids.length === 0) return;
      await api<unknown>('/notifications/mark-seen', { method: 'POST', body: JSON.stringify({ ids }) });
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
    [queryClient],
  );
}
