import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ValidationError } from '@coop/contracts';
import { TASK_HANDLERS, type NewTaskFile, type RunningTask, type TaskHandler, type TaskHandlers, type TaskOutcome } from '../../tasks/index.js';
import type { ImportSummary } from '../import-types.js';
import { problemText, type ProblemLanguage } from '../problem-texts.js';
import { ImportHistory } from '../queries/import-history.js';
import { problemsWorkbook, type UploadedFile } from './import-parts.js';
import { mappingOrGuess } from './import-mapping.js';
import { ImportUploads } from './import-uploads.js';
import { dryRunResult, importAppends, PREPARE_STEPS, RunImport, type PreparedImport } from './run-import.js';
import { newRecordId } from '../../platform/commands/new-id.js';

/*
 * The import as background tasks (issue 29; docs/tasks.md), for more rows than IMPORT_SYNC_ROWS:
 * - `memberImportDryRun` (params `{upload, lang}`): the dry run; its files are the answer `POST /import/dry-run` would
 *   give (`import-dry-run.json`) and the problems workbook (`import-problems.xlsx`).
 * - `memberImport` (params `{upload}`): the write. It writes nothing itself: every decision and `RegisterImported` are
 *   its effects, which the runner appends with the task's end in one `appendMulti` — the import is written whole,
 *   exactly once, or not at all. Problems: rejected with `importHasProblems` [count]; the same files again: completed,
 *   `written` 0, nothing appended.
 * Both read the files kept by the request (ImportUploads) and remove them when they end; a run interrupted by a restart
 * runs again from its start (its effects are only its outcome's).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const postings = (s: ImportSummary): number => Object.values(s.postingsByType).reduce((n, c) => n + c, 0);

/** The files and mapping of a queued import. */
async function inputs(task: RunningTask, uploads: ImportUploads, history: ImportHistory): Promise<{ uploadId: string; files: UploadedFile[]; prepared: (run: RunImport) => Promise<PreparedImport> }> {
  const uploadId = String(task.params.upload ?? '');
  const { files, mapping } = await uploads.read(uploadId);
  const used = await mappingOrGuess(files, mapping, mapping ? null : await history.savedMapping(task.cooperativeId));
  return { uploadId, files, prepared: (run) => run.prepare(task.cooperativeId, files, used, (done) => task.progress(done, PREPARE_STEPS + 1)) };
}

/** A refusal of the import (a file that cannot be read) ends the task rejected with its template; other errors fail it. */
function refusedRun(error: unknown): TaskOutcome {
  const first = error instanceof ValidationError ? error.errors[0] : undefined;
  if (!first) throw error;
  return { outcome: 'rejected', reason: { template: first.template, parameters: Object.values(first.parameters) }, notifications: [] };
}

@Injectable()
export class ImportDryRunTask implements TaskHandler, OnModuleInit {
  readonly kind = 'memberImportDryRun' as const;
  readonly resumable = true;
  /** An import's files hold the uploaded register's personal data: `import:write`, as the import itself (issue 29). */
  readonly filePermissions = ['import:write'] as const;

  constructor(
    @Inject(TASK_HANDLERS) private readonly handlers: TaskHandlers,
    private readonly runs: RunImport,
    private readonly uploads: ImportUploads,
    private readonly history: ImportHistory,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  async run(task: RunningTask): Promise<TaskOutcome> {
    const lang: ProblemLanguage = task.params.lang === 'en' ? 'en' : 'de';
    const { uploadId, files, prepared: prepare } = await inputs(task, this.uploads, this.history);
    try {
      const prepared = await prepare(this.runs);
      const result = dryRunResult(prepared);
      const workbook = await problemsWorkbook(files, prepared.mapping, prepared.problems, (p) => problemText(p, lang), lang);
      task.progress(PREPARE_STEPS + 1, PREPARE_STEPS + 1);
      const made: NewTaskFile[] = [
        { name: 'import-dry-run.json', contentType: 'application/json', bytes: Buffer.from(JSON.stringify(result), 'utf8') },
        { name: lang === 'de' ? 'import-probleme.xlsx' : 'import-problems.xlsx', contentType: XLSX, bytes: new Uint8Array(workbook.buffer, workbook.byteOffset, workbook.byteLength) },
      ];
      return {
        outcome: 'completed',
        files: made,
        summary: { checksum: result.checksum, members: result.summary.members, postings: postings(result.summary), events: result.summary.events, importProblems: result.problemCount, written: 0 },
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

@Injectable()
export class ImportWriteTask implements TaskHandler, OnModuleInit {
  readonly kind = 'memberImport' as const;
  readonly resumable = true;
  /** An import's files hold the uploaded register's personal data: `import:write`, as the import itself (issue 29). */
  readonly filePermissions = ['import:write'] as const;

  constructor(
    @Inject(TASK_HANDLERS) private readonly handlers: TaskHandlers,
    private readonly runs: RunImport,
    private readonly uploads: ImportUploads,
    private readonly history: ImportHistory,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  async run(task: RunningTask): Promise<TaskOutcome> {
    const { uploadId, files, prepared: prepare } = await inputs(task, this.uploads, this.history);
    try {
      const earlier = await this.runs.importedBefore(task.cooperativeId, files);
      if (earlier) {
        const s = earlier.before.summary;
        return { outcome: 'completed', files: [], summary: { checksum: earlier.checksum, importId: earlier.before.importId, written: 0, members: s.members, postings: postings(s), events: 0 }, effects: [], notifications: [] };
      }
      const prepared = await prepare(this.runs);
      task.progress(PREPARE_STEPS + 1, PREPARE_STEPS + 1);
      if (prepared.before) {
        const s = prepared.before.summary;
        return { outcome: 'completed', files: [], summary: { checksum: prepared.checksum, importId: prepared.before.importId, written: 0, members: s.members, postings: postings(s), events: 0 }, effects: [], notifications: [] };
      }
      if (prepared.problems.length > 0) return { outcome: 'rejected', reason: { template: 'importHasProblems', parameters: [String(prepared.problems.length)] }, notifications: [] };
      if (prepared.warnings.length > 0 && task.params.confirmWarnings !== true) {
        return { outcome: 'rejected', reason: { template: 'importWarningsNotConfirmed', parameters: [String(prepared.warnings.length)] }, notifications: [] };
      }
      const importId = newRecordId();
      const effects = importAppends(prepared, importId, task.queuedBy, new Date().toISOString());
      return {
        outcome: 'completed',
        files: [],
        // The entries the dry run counted (the register's, not the import's own record: issue 39).
        summary: { checksum: prepared.checksum, importId, written: 1, members: prepared.summary.members, postings: postings(prepared.summary), events: prepared.summary.events },
        effects,
        notifications: [],
      };
    } catch (error) {
      return refusedRun(error);
    } finally {
      await this.uploads.remove(uploadId);
    }
  }
}
