import { Inject, Injectable } from '@nestjs/common';
import {
  NotFoundError,
  type FileStore,
  type ReadDocument,
  type ReadPage,
  type Sort,
  type TaskDto,
  type TaskFile,
} from '@coop/contracts';
import { TASKS } from '@coop/projections';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { ReadModels } from '../../platform/http/read-models.js';

/** Newest first (issue 24: the latest task on top). */
const DEFAULT_SORT: readonly Sort[] = [
  { field: 'queuedAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
];

/** A task's document as the API answers it. */
export function toTaskDto(doc: ReadDocument): TaskDto {
  const { position: _p, cooperativeId: _c, ...fields } = doc;
  // Tasks stored before issue 41 have no phase.
  return { phase: null, ...fields } as unknown as TaskDto;
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

  list(cooperativeId: string, params: ListParams): Promise<ReadPage<ReadDocument>> {
    return this.reads.list(TASKS, cooperativeId, params, DEFAULT_SORT);
  }

  /** The task (another cooperative's: not found, `taskNotFound`). */
  async task(cooperativeId: string, id: string): Promise<TaskDto> {
    return toTaskDto(await this.reads.get(TASKS, cooperativeId, id, 'Task'));
  }

  /** A file the task lists and the store still holds (replaced or never made: not found, `taskFileNotFound`). */
  async file(task: TaskDto, fileId: string): Promise<TaskDownload> {
    const file = task.files.find((f) => f.fileId === fileId);
    const bytes = file ? await this.files.get(fileId) : null;
    if (!file || !bytes) throw new NotFoundError('Task file', fileId);
    return { file, bytes };
  }
}
