import { Injectable } from '@nestjs/common';
import { ValidationError } from '@coop/contracts';
import {
  TaskHandlerProvider,
  type NewTaskFile,
  type RunningTask,
  type TaskHandler,
  type TaskOutcome,
} from '../../tasks/index.js';
import type { ImportSummary } from '../import-types.js';
import { problemText, type ProblemLanguage } from '../problem-texts.js';
import { ImportHistory } from '../queries/import-history.js';
import { problemsWorkbook, type UploadedFile } from './import-parts.js';
import { mappingOrGuess } from './import-mapping.js';
import { ImportUploads } from './import-uploads.js';
import { dryRunResult, PREPARE_STEPS, RunImport, type PreparedImport } from './run-import.js';

/*
 * The import as background tasks (issue 29; docs/tasks.md), for more rows than IMPORT_SYNC_ROWS:
 * - `memberImportDryRun` (params `{upload, lang}`): the dry run; its files are the answer `POST /import/dry-run` would
 *   give (`import-dry-run.json`) and the problems workbook (`import-problems.xlsx`).
 * - `memberImport` (params `{upload}`): the write, as the process of issue 40 (run-import.ts, import-process.ts): it
 *   appends `RegisterImportStarted`, the chunks and `RegisterImported` itself, its progress the chunks written of all.
 *   A run interrupted by a restart runs again (resumable): the import register says which chunks are written, and the
 *   run goes on from the first one missing. Problems: rejected with `importHasProblems` [count]; the same files again:
 *   completed, `written` 0, nothing appended; another import running: rejected with `importRunning`.
 * Both read the files kept by the request (ImportUploads). The dry run removes them when it ends; the write when it
 * ended completed or rejected, and keeps them when it failed (a chunk refused, a store unavailable): the import is
 * still running then, and the same upload queued again, or the same files sent again, finishes it.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const postings = (s: ImportSummary): number => Object.values(s.postingsByType).reduce((n, c) => n + c, 0);

/** The files and mapping of a queued import. */
async function inputs(
  task: RunningTask<'memberImportDryRun' | 'memberImport'>,
  uploads: ImportUploads,
  history: ImportHistory,
): Promise<{ uploadId: string; files: UploadedFile[]; prepared: (run: RunImport) => Promise<PreparedImport> }> {
  const uploadId = String(task.params.upload ?? '');
  const { files, mapping } = await uploads.read(uploadId);
  const used = await mappingOrGuess(files, mapping, mapping ? null : await history.savedMapping(task.cooperativeId));
  return {
    uploadId,
    files,
    prepared: (run) => run.prepare(task.cooperativeId, files, used, (done) => task.progress(done, PREPARE_STEPS + 1)),
  };
}

/** A refusal of the import (a file that cannot be read) ends the task rejected with its template; other errors fail it. */
function refusedRun(error: unknown): TaskOutcome {
  const first = error instanceof ValidationError ? error.errors[0] : undefined;
  if (!first) throw error;
  return {
    outcome: 'rejected',
    reason: { template: first.template, parameters: Object.values(first.parameters) },
    notifications: [],
  };
}

@TaskHandlerProvider()
@Injectable()
export class ImportDryRunTask implements TaskHandler<'memberImportDryRun'> {
  readonly kind = 'memberImportDryRun' as const;
  readonly resumable = true;
  /** An import's files hold the uploaded register's personal data: `import:write`, as the import itself (issue 29). */
  readonly filePermissions = ['import:write'] as const;

  constructor(
    private readonly runs: RunImport,
    private readonly uploads: ImportUploads,
    private readonly history: ImportHistory,
  ) {}

  async run(task: RunningTask<'memberImportDryRun'>): Promise<TaskOutcome> {
    const lang: ProblemLanguage = task.params.lang === 'en' ? 'en' : 'de';
    const { uploadId, files, prepared: prepare } = await inputs(task, this.uploads, this.history);
    try {
      const prepared = await prepare(this.runs);
      const result = dryRunResult(prepared);
      const workbook = await problemsWorkbook(
        files,
        prepared.mapping,
        prepared.problems,
        (p) => problemText(p, lang),
        lang,
      );
      task.progress(PREPARE_STEPS + 1, PREPARE_STEPS + 1);
      const made: NewTaskFile[] = [
        {
          name: 'import-dry-run.json',
          contentType: 'application/json',
          bytes: Buffer.from(JSON.stringify(result), 'utf8'),
        },
        {
          name: lang === 'de' ? 'import-probleme.xlsx' : 'import-problems.xlsx',
          contentType: XLSX,
          bytes: new Uint8Array(workbook.buffer, workbook.byteOffset, workbook.byteLength),
        },
      ];
      return {
        outcome: 'completed',
        files: made,
        summary: {
          checksum: result.checksum,
          members: result.summary.members,
          postings: postings(result.summary),
          events: result.summary.events,
          importProblems: result.problemCount,
          written: 0,
        },
        effects: [],
        notifications: [],
      };
    } catch (error) {
      return refusedRun(error);
    } finally {
      await this.uploads.remove(uploadId);
    }
  }
}

@TaskHandlerProvider()
@Injectable()
export class ImportWriteTask implements TaskHandler<'memberImport'> {
  readonly kind = 'memberImport' as const;
  readonly resumable = true;
  /** An import's files hold the uploaded register's personal data: `import:write`, as the import itself (issue 29). */
  readonly filePermissions = ['import:write'] as const;

  constructor(
    private readonly runs: RunImport,
    private readonly uploads: ImportUploads,
    private readonly history: ImportHistory,
  ) {}

  async run(task: RunningTask<'memberImport'>): Promise<TaskOutcome> {
    const uploadId = String(task.params.upload ?? '');
    const { files, mapping } = await this.uploads.read(uploadId);
    let ended = false;
    try {
      const used = await mappingOrGuess(
        files,
        mapping,
        mapping ? null : await this.history.savedMapping(task.cooperativeId),
      );
      // The progress: reading and checking (PREPARE_STEPS), then each chunk written.
      const steps = PREPARE_STEPS + 1;
      const ctx = {
        actor: { userId: task.queuedBy, username: task.queuedBy, roles: [], cooperativeId: task.cooperativeId },
        correlationId: task.taskId,
        causationId: task.taskId,
      };
      const result = await this.runs.write(ctx, files, used, {
        wait: false,
        confirmWarnings: 'confirmWarnings' in task.params && task.params.confirmWarnings === true,
        uploadId,
        progress: (done) => task.progress(done, steps),
        chunkProgress: (done, total) => task.progress(steps + done, steps + total),
      });
      ended = true;
      const s = result.summary;
      // The entries the dry run counted (the register's, not the import's own record: issue 39).
      return {
        outcome: 'completed',
        files: [],
        summary: {
          checksum: result.checksum,
          importId: result.importId,
          written: result.written ? 1 : 0,
          members: s.members,
          postings: postings(s),
          events: result.written ? s.events : 0,
        },
        effects: [],
        notifications: [],
      };
    } catch (error) {
      const refused = refusedRun(error);
      ended = true;
      return refused;
    } finally {
      if (ended) await this.uploads.remove(uploadId);
    }
  }
}
