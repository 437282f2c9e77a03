import { Inject, Injectable } from '@nestjs/common';
import type { FileStore, TaskFile } from '@coop/contracts';
import { TASKS } from '@coop/projections';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { ReadModels } from '../../platform/http/read-models.js';

/**
 * Task files (a KiStAM request: names and tax ids; an FSA control report) are stored outside crypto-shredding
 * (docs/tasks.md). Which members a file names cannot be known without reading it, so the clean-up removes the files of
 * every task of the cooperative queued before 1 January of (the run's year - period + 1): a member is due only when
 * its last dividend lies at least that far back, and the tasks that could name it (the KiStAM before that dividend,
 * the control report of its year, sent the year after) were queued before then. Newer files name no erased member.
 * The task stays listed; its removed files download as 404 `taskFileNotFound`, as replaced ones do.
 */
@Injectable()
export class OldTaskFiles {
  constructor(private readonly reads: ReadModels, @Inject(FILE_STORE) private readonly files: FileStore) {}

  /** Removes the files of the cooperative's tasks queued before `before` (`YYYY-MM-DD`); answers how many files. */
  async removeBefore(cooperativeId: string, before: string): Promise<number> {
    let removed = 0;
    for await (const batch of this.reads.scan(TASKS, cooperativeId, 500)) {
      for (const task of batch) {
        if (typeof task.queuedAt !== 'string' || task.queuedAt.slice(0, 10) >= before) continue;
        for (const file of (task.files as TaskFile[] | undefined) ?? []) {
          await this.files.remove(file.fileId);
          removed += 1;
        }
      }
    }
    return removed;
  }
}
