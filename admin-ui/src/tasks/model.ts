import type { TaskDto } from '@coop/contracts/console';

/** A task as the API answers it (contracts `TaskDto`). */
export type TaskRecord = TaskDto;

/** The states in which a task still works (the top bar's indicator, the list's polling). */
export const ACTIVE_STATES = ['queued', 'running'] as const;

export const isActive = (task: Pick<TaskRecord, 'state'>): boolean =>
  (ACTIVE_STATES as readonly string[]).includes(task.state);

/** The request of the tasks that work now: `filter=state:queued;running` (SPEC 7: array values joined by semicolons). */
export const ACTIVE_TASKS_QUERY = `/tasks?filter=${encodeURIComponent(`state:${ACTIVE_STATES.join(';')}`)}&limit=20`;

/** The list of the cooperative's tasks, newest first. */
export function tasksQuery(page: number, perPage: number): string {
  return `/tasks?offset=${(page - 1) * perPage}&limit=${perPage}&order_by=-queuedAt`;
}

/**
 * Whether a task that worked at the last look (`before`) works no more (`now`): it ended, and raised its notifications
 * with its end (the runner appends both at once). Nothing before the first look.
 */
export function someEnded(
  before: readonly Pick<TaskRecord, 'id'>[] | undefined,
  now: readonly Pick<TaskRecord, 'id'>[],
): boolean {
  if (!before) return false;
  const working = new Set(now.map((task) => task.id));
  return before.some((task) => !working.has(task.id));
}

/** Progress in percent (0–100, whole), null while the total is unknown (an indeterminate bar). */
export function progressPercent(task: Pick<TaskRecord, 'done' | 'total'>): number | null {
  if (!Number.isFinite(task.total) || task.total <= 0) return null;
  const done = Math.max(0, Math.min(task.done, task.total));
  return Math.floor((done * 100) / task.total);
}

/** A KiStAM task waiting for the BZSt answer: the clerk uploads the answer file. */
export const awaitsAnswer = (task: Pick<TaskRecord, 'kind' | 'state'>): boolean =>
  task.kind === 'kistam' && task.state === 'waiting';

/**
 * The request of the KiStAM task waiting for the BZSt answer (docs/tasks.md "Reading tasks"), the newest: starting
 * KiStAM again cancels it (docs/tasks.md "The lifecycle"), so the confirmation names it.
 */
export const WAITING_KISTAM_QUERY = `/tasks?filter=${encodeURIComponent('kind:kistam,state:waiting')}&limit=1&order_by=-queuedAt`;

/** The summary's facts a clerk reads: ids left out (the task's row says what it is about), in the handler's order. */
export function summaryFacts(
  summary: Readonly<Record<string, string | number>> | null | undefined,
): Array<[string, string | number]> {
  return Object.entries(summary ?? {}).filter(([key]) => !/Id$/.test(key));
}
