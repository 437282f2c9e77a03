import type { TaskKind, TaskParamsOf } from '@coop/contracts';
import type { ReadModels } from '../../platform/http/read-models.js';
import { taskDocuments } from './task-reads.js';

/** Completed tasks read per page. */
const PAGE = 500;

/**
 * A completed task of one kind: its id and the parameters it was queued with, as the kind types them
 * (`TaskParamsOf<K>`); a parameter is absent on a task stored before its kind kept it.
 */
export interface CompletedTask<K extends TaskKind> {
  readonly taskId: string;
  readonly params: Partial<TaskParamsOf<K>>;
}

/**
 * The cooperative's completed tasks of one kind, oldest first (the tasks area's reader of its `tasks` collection for an
 * area that asks what it did before, as the FSA report asks for its earlier reports). The parameters are read as the
 * task was queued: `TaskQueue.enqueue` takes only the kind's (`TaskParamsOf<K>`), as the task runner reads them.
 */
export async function completedTasks<K extends TaskKind>(
  reads: ReadModels,
  cooperativeId: string,
  kind: K,
): Promise<CompletedTask<K>[]> {
  const out: CompletedTask<K>[] = [];
  const query = {
    filters: [
      { field: 'kind', op: 'eq', value: kind },
      { field: 'state', op: 'eq', value: 'completed' },
    ],
    sort: [
      { field: 'queuedAt', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ],
  } as const;
  for await (const page of taskDocuments.queryPages(reads, cooperativeId, query, PAGE))
    for (const task of page) out.push({ taskId: task.id, params: task.params as Partial<TaskParamsOf<K>> });
  return out;
}
