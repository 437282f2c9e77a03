import { Inject, Injectable } from '@nestjs/common';
import type { FileStore, TaskKind } from '@coop/contracts';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { taskDocuments } from '../../tasks/index.js';

/**
 * Task files (a KiStAM request: names and tax ids; an FSA control report) are stored outside crypto-shredding
 * (docs/tasks.md). Which members a file names cannot be known without reading it, so the clean-up removes the files of
 * every task of the cooperative queued before 1 January of (the run's year - period + 1): a member is due only when
 * its last dividend lies at least that far back, and the tasks that could name it (the KiStAM before that dividend,
 * the control report of its year, sent the year after) were queued before then; newer KiStAM and FSAK files name no
 * erased member. A closure's tax certificates name each member paid in it and may be issued again any time: the files
 * of the tasks made for a closure an erased member was paid in go as well. Member lists, exports and imports may name
 * former members of any year (a list "with former members", an uploaded register): the files of every such task queued
 * before the run's step go too (decision 365). The task stays listed; its removed files download as 404
 * `taskFileNotFound`, as replaced ones do.
 */
/** The kinds whose files may name a former member whatever their age: member lists and PDFs, exports, imports. */
export const MEMBER_LIST_KINDS: ReadonlySet<string> = new Set<TaskKind>([
  'memberExport',
  'memberPdfs',
  'memberImportDryRun',
  'memberImport',
]);

@Injectable()
export class OldTaskFiles {
  constructor(
    private readonly reads: ReadModels,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * Removes the files of the cooperative's tasks queued before `before` (`YYYY-MM-DD`), and of any task made for one of
   * `closures` (a closure's tax certificates, `params.dividendId`, may be issued again years later), and of the member
   * lists, exports and imports queued before `listsBefore` (an ISO timestamp: the run's; none when omitted); answers
   * how many.
   */
  async removeBefore(
    cooperativeId: string,
    before: string,
    closures: ReadonlySet<string> = new Set(),
    listsBefore?: string,
  ): Promise<number> {
    let removed = 0;
    for await (const batch of taskDocuments.scan(this.reads, cooperativeId, 500)) {
      for (const task of batch) {
        const old = task.queuedAt !== '' && task.queuedAt.slice(0, 10) < before;
        const dividendId = task.params.dividendId;
        // Made after the run (`listsBefore`), a closure's file reads the erased member's blanked data: it stays.
        const ofClosure =
          typeof dividendId === 'string' &&
          closures.has(dividendId) &&
          (listsBefore === undefined || task.queuedAt < listsBefore);
        const list = listsBefore !== undefined && MEMBER_LIST_KINDS.has(task.kind) && task.queuedAt < listsBefore;
        if (!old && !ofClosure && !list) continue;
        for (const file of task.files) {
          await this.files.remove(file.fileId);
          removed += 1;
        }
      }
    }
    return removed;
  }
}
