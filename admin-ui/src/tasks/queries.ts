import type { FsakPreviewDto } from '@coop/contracts/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../session/api';
import { downloadFile } from '../session/download';
import {
  ACTIVE_TASKS_QUERY,
  WAITING_KISTAM_QUERY,
  awaitsAnswer,
  isActive,
  someEnded,
  tasksQuery,
  type TaskRecord,
} from './model';

/** While something runs, the task list and the top bar ask again this often (the brief: every 2 s). */
export const POLL_RUNNING_MS = 2_000;
/** The top bar's indicator asks this often while nothing runs (a task queued in another tab or by a colleague). */
export const POLL_IDLE_MS = 15_000;

async function list<T>(path: string): Promise<{ items: T[]; total: number }> {
  const res = await api<T[] | null>(path);
  const items = res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
  const total = Number(res.headers.get('TotalItems'));
  return { items, total: Number.isFinite(total) && res.headers.has('TotalItems') ? total : items.length };
}

/** `GET /tasks?…`: a page of the cooperative's tasks; asked again every 2 s while one of them works. */
export function useTasks(page: number, perPage: number) {
  return useQuery({
    queryKey: ['tasks', 'list', page, perPage],
    queryFn: () => list<TaskRecord>(tasksQuery(page, perPage)),
    refetchInterval: (query) => (query.state.data?.items.some(isActive) ? POLL_RUNNING_MS : false),
  });
}

/** `GET /tasks/{id}`: one task (a download that went to the background), asked again every 2 s while it works. */
export function useTask(taskId: string | undefined) {
  return useQuery({
    queryKey: ['tasks', 'one', taskId ?? ''],
    queryFn: async () => (await api<TaskRecord>(`/tasks/${encodeURIComponent(taskId!)}`)).body,
    enabled: !!taskId,
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data) ? false : POLL_RUNNING_MS),
  });
}

const ACTIVE_KEY = ['tasks', 'active'] as const;

/**
 * `GET /tasks?filter=state:queued;running`: what works now (the top bar's indicator). When a task that worked is gone,
 * the notifications (the bell's count, the dashboard's card) are asked again at once: the task raised its notices with
 * its end, and the bell's own poll (15 s) left its count a poll behind the indicator.
 */
export function useActiveTasks(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ACTIVE_KEY,
    queryFn: async () => {
      const now = (await list<TaskRecord>(ACTIVE_TASKS_QUERY)).items.filter(isActive);
      if (someEnded(queryClient.getQueryData<TaskRecord[]>(ACTIVE_KEY), now))
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      return now;
    },
    enabled,
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? POLL_RUNNING_MS : POLL_IDLE_MS),
    retry: false,
  });
}

/** The KiStAM task waiting for the BZSt answer, null when none waits (the KiStAM confirmation; `tasks:read`). */
export function useWaitingKistam(enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'waitingKistam'],
    queryFn: async () => (await list<TaskRecord>(WAITING_KISTAM_QUERY)).items.find(awaitsAnswer) ?? null,
    enabled,
    retry: false,
  });
}

/** `POST /tasks/kistam`: queues the church-tax query; answers the task. */
export async function startKistam(): Promise<TaskRecord> {
  return (await api<TaskRecord>('/tasks/kistam', { method: 'POST' })).body;
}

/** `POST /admin/projections/rebuilds`: queues the rebuild of the read models (super administrator); answers the task. */
export async function startReadModelRebuild(): Promise<TaskRecord> {
  return (await api<TaskRecord>('/admin/projections/rebuilds', { method: 'POST' })).body;
}

/**
 * `POST /tasks/kistam/{id}/answer` with the BOP answer file as the raw `text/csv` body: its own bytes, kept as they
 * came (a voucher, DOMAIN.md 9.2; the server reads UTF-8 or Latin-1). Read as text first, a Latin-1 file lost its
 * umlauts.
 */
export async function uploadKistamAnswer(taskId: string, file: Blob): Promise<TaskRecord> {
  return (
    await api<TaskRecord>(`/tasks/kistam/${encodeURIComponent(taskId)}/answer`, {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'text/csv' },
    })
  ).body;
}

/** `GET /tasks/fsak/{id}`: who the report of a closure cannot include, how many records it holds, earlier reports. */
export function useFsakPreview(dividendId: string | undefined) {
  return useQuery({
    queryKey: ['tasks', 'fsak', dividendId ?? ''],
    queryFn: async () => (await api<FsakPreviewDto>(`/tasks/fsak/${encodeURIComponent(dividendId!)}`)).body,
    enabled: !!dividendId,
    retry: false,
  });
}

/** `POST /tasks/fsak/{id}`: queues the FSA control report of a closure; answers the task. */
export async function startFsak(dividendId: string): Promise<TaskRecord> {
  return (await api<TaskRecord>(`/tasks/fsak/${encodeURIComponent(dividendId)}`, { method: 'POST' })).body;
}

/**
 * Downloads a task's file (`GET /tasks/{id}/files/{fileId}`) with the bearer token (`downloadFile`), saved under the
 * answer's file name. A refusal throws its message in the clerk's language.
 */
export async function downloadTaskFile(taskId: string, fileId: string, name: string): Promise<void> {
  await downloadFile(`/tasks/${encodeURIComponent(taskId)}/files/${encodeURIComponent(fileId)}`, name);
}
