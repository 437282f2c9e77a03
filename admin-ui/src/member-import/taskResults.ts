import { useEffect, useRef } from 'react';
import { api } from '../session/api';
import { isActive, type TaskRecord } from '../tasks/model';
import { useTask } from '../tasks/queries';
import type { ImportDryRunDto, ImportResultDto, ImportSummary } from './dto';

/** The dry-run task's answer file (`import-dry-run.json`: what `POST /import/dry-run` would have answered), once it completed. */
export function resultFile(task: Pick<TaskRecord, 'state' | 'files'>): TaskRecord['files'][number] | undefined {
  if (task.state !== 'completed') return undefined;
  return task.files.find((f) => f.contentType.startsWith('application/json'));
}

/** The dry run a completed `memberImportDryRun` task holds (its JSON file), else null. */
export async function dryRunOfTask(task: TaskRecord): Promise<ImportDryRunDto | null> {
  const file = resultFile(task);
  if (!file) return null;
  return (await api<ImportDryRunDto>(`/tasks/${encodeURIComponent(task.id)}/files/${encodeURIComponent(file.fileId)}`))
    .body;
}

/**
 * The write a completed `memberImport` task did, from its summary (`written` 1 or 0, `importId`, `checksum`); the
 * figures are the checked summary of the same files, with the entries the task appended. Null while it works, or when it was refused (its reason is shown).
 */
export function writeOfTask(
  task: Pick<TaskRecord, 'state' | 'summary'>,
  checked: ImportSummary,
): ImportResultDto | null {
  if (task.state !== 'completed') return null;
  const s = task.summary;
  const events = Number(s.events);
  return {
    importId: String(s.importId ?? ''),
    checksum: String(s.checksum ?? ''),
    written: Number(s.written) === 1,
    summary: Number.isSafeInteger(events) ? { ...checked, events } : checked,
  };
}

/** Follows a task (`GET /tasks/{id}` every 2 s while it works) and hands it to `onEnd` once, when it has ended. */
export function useTaskEnd(taskId: string | undefined, onEnd: (task: TaskRecord) => void): void {
  const task = useTask(taskId).data;
  const handled = useRef<string | null>(null);
  const callback = useRef(onEnd);
  callback.current = onEnd;
  useEffect(() => {
    if (!task || isActive(task) || handled.current === task.id) return;
    handled.current = task.id;
    callback.current(task);
  }, [task]);
}
