import type { Logger } from '@nestjs/common';
import type { FileStore, ReadStore, TaskFile, TaskKind } from '@coop/contracts';
import { TASKS } from '@coop/projections/tasks';
import { taskFileOf } from '../commands/task-context.js';
import { errorMessage, type Ending } from './task-ending.js';

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

  /** Stores the files of a completed or waiting task's ending (none for the other endings) and answers their records. */
  async store(ending: Ending): Promise<TaskFile[]> {
    const stored: TaskFile[] = [];
    if (ending.outcome !== 'completed' && ending.outcome !== 'awaitingInput') return stored;
    for (const file of ending.files) {
      const record = taskFileOf(file);
      await this.files.put(record.fileId, file.bytes);
      stored.push(record);
    }
    return stored;
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
