import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, type FileStore, type ReadPage, type Sort, type TaskDto, type TaskFile } from '@coop/contracts';
import { TASKS, readTask, type TaskDocument } from '@coop/projections/tasks';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';

/** Newest first (issue 24: the latest task on top). */
const DEFAULT_SORT: readonly Sort[] = [
  { field: 'queuedAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
];

/**
 * The tasks as typed documents (issue 44): the one reader of the `tasks` collection, for this area and, through
 * index.ts, for every area that queues a task and answers it or asks what was done before
 * (`read-model-through-its-owner`).
 */
export const taskDocuments = new TypedReads<TaskDocument>(TASKS, 'Task', readTask);

export type { TaskDocument };

/** A task as the API answers it (`GET /tasks/{id}`, and the 201 or 202 of a route that queues one). */
export function toTaskDto(task: TaskDocument): TaskDto {
  const { position: _p, cooperativeId: _c, ...dto } = task;
  return dto;
}

/** A task's file, its bytes and whether it holds church data (a KiStAM task's). */
export interface TaskDownload {
  readonly file: TaskFile;
  readonly bytes: Uint8Array;
}

/** The tasks of a cooperative (`GET /tasks`, `GET /tasks/{id}`) and their files. */
@Injectable()
export class TaskReads {
  constructor(
    private readonly reads: ReadModels,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  list(cooperativeId: string, params: ListParams): Promise<ReadPage<TaskDocument>> {
    return taskDocuments.list(this.reads, cooperativeId, params, DEFAULT_SORT);
  }

  /** The task (another cooperative's: not found, `taskNotFound`). */
  async task(cooperativeId: string, id: string): Promise<TaskDto> {
    return toTaskDto(await taskDocuments.get(this.reads, cooperativeId, id));
  }

  /** A file the task lists and the store still holds (replaced or never made: not found, `taskFileNotFound`). */
  async file(task: TaskDto, fileId: string): Promise<TaskDownload> {
    const file = task.files.find((f) => f.fileId === fileId);
    const bytes = file ? await this.files.get(fileId) : null;
    if (!file || !bytes) throw new NotFoundError('Task file', fileId);
    return { file, bytes };
  }
}
