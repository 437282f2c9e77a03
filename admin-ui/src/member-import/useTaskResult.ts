import { useEffect, useRef } from 'react';
import { api } from '../session/api';
import { useTask } from '../tasks/queries';
import type { TaskRecord } from '../tasks/model';

/** The task's result file: the JSON answer the route would have given (a dry run's or a write's), if the task holds one. */
export function resultFile(task: Pick<TaskRecord, 'state' | 'files'>): TaskRecord['files'][number] | undefined {
  if (task.state !== 'completed') return undefined;
  return task.files.find((f) => f.contentType.startsWith('application/json'));
}

/**
 * Follows a task doing a dry run or a write in the background (`GET /tasks/{id}` every 2 s while it works) and, once
 * it completed, hands its result (the route's answer, kept as the task's JSON file) to `onResult`, once.
 */
export function useTaskResult<T>(taskId: string | undefined, onResult: (result: T) => void): void {
  const task = useTask(taskId).data;
  const handled = useRef<string | null>(null);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    if (!task || handled.current === task.id) return;
    const file = resultFile(task);
    if (!file) return;
    handled.current = task.id;
    void api<T>(`/tasks/${encodeURIComponent(task.id)}/files/${encodeURIComponent(file.fileId)}`).then(
      (res) => callback.current(res.body),
      () => {
        handled.current = null;
      },
    );
  }, [task]);
}
