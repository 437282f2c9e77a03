import type { Logger } from '@nestjs/common';
import type { FileStore, ReadStore, TaskFile, TaskKind } from '@coop/contracts';
import { TASKS } from '@coop/projections/tasks';
import { taskFileOf } from '../commands/task-context.js';
import { errorMessage, type Ending } from './task-ending.js';

/** A run of a task: its id, the files its earlier phases recorded, and its attempt in this phase. */
export interface TaskRun {
  readonly taskId: string;
  readonly filesBefore: number;
  readonly attempt: number;
}

/** Files one ending of a task stores at most, as far as a run cut short is cleaned up after (a handler makes 1 to 3). */
const FILES_PER_RUN_AT_MOST = 32;

/** The id of the `index`-th file a run stores: the task's id, the file's place among the task's files, the attempt. */
export const runFileId = (run: TaskRun, index: number): string =>
  `${run.taskId}_${run.filesBefore + index}_${run.attempt}`;

/**
 * The files of the tasks the runner runs: those a task made, stored before its end is appended (and removed again when
 * the append fails), and "until replaced": a completed task removes the files of the cooperative's earlier tasks of its
 * kind. A file that cannot be removed is logged and left.
 */
export class TaskFiles {
  constructor(
    private readonly files: FileStore,
    private readonly readStore: ReadStore,
    private readonly logger: Logger,
  ) {}

  /**
   * Stores the files of a completed or waiting task's ending (none for the other endings) and answers their records.
   * Their ids are the run's (`runFileId`): a run killed after storing them and before its end leaves files no task
   * names, which the task's next run removes (`removeLeftBy`).
   */
  async store(ending: Ending, run: TaskRun): Promise<TaskFile[]> {
    const stored: TaskFile[] = [];
    if (ending.outcome !== 'completed' && ending.outcome !== 'awaitingInput') return stored;
    for (const [index, file] of ending.files.entries()) {
      const record = taskFileOf(file, runFileId(run, index));
      await this.files.put(record.fileId, file.bytes);
      stored.push(record);
    }
    return stored;
  }

  /**
   * The files that runs 1…`attempts` of this phase of the task may have stored before a restart cut them short (their
   * end never appended, so no task names them): removed; a missing one is no error.
   */
  async removeLeftBy(taskId: string, filesBefore: number, attempts: number): Promise<void> {
    const ids: string[] = [];
    for (let attempt = 1; attempt <= attempts; attempt++)
      for (let index = 0; index < FILES_PER_RUN_AT_MOST; index++)
        ids.push(runFileId({ taskId, filesBefore, attempt }, index));
    await this.remove(ids);
  }

  /** "Until replaced": the files of the cooperative's tasks of `kind` queued before `taskId`, which has now completed. */
  async removeReplaced(cooperativeId: string, kind: TaskKind, taskId: string, queuedAt: string): Promise<void> {
    const earlier = await this.readStore.find(TASKS.name, {
      cooperativeId,
      filters: [
        { field: 'kind', op: 'eq', value: kind },
        { field: 'state', op: 'in', values: ['completed', 'rejected', 'failed', 'cancelled'] },
        { field: 'queuedAt', op: 'range', lte: queuedAt },
      ],
      sort: [{ field: 'queuedAt', direction: 'desc' }],
      limit: 1000,
    });
    const replaced = earlier.items
      .filter((d) => d.id !== taskId)
      .flatMap((d) => (Array.isArray(d.files) ? (d.files as TaskFile[]) : []));
    await this.remove(replaced.map((f) => f.fileId));
  }

  async remove(fileIds: readonly string[]): Promise<void> {
    for (const fileId of fileIds) {
      await this.files
        .remove(fileId)
        .catch((error: unknown) => this.logger.warn(`File ${fileId} not removed: ${errorMessage(error)}`));
    }
  }
}
