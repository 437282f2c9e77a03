import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { fieldError, ValidationError, type EventStore, type ImportPlan } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { AppConfig } from '../../platform/config/config.js';
import { stopHereInTests } from '../../platform/commands/test-stop.js';
import { collectGarbage } from '../../platform/runtime/collect-garbage.js';
import { withTightHeap } from '../../platform/runtime/tight-heap.js';
import { APP_CONFIG, EVENT_STORE } from '../../platform/tokens.js';
import { ClosedYearsReader, revisionCheck, ShareTermsReader } from '../../share-ledger/index.js';
import type { ImportMapping } from '../import-types.js';
import { readImport, replayImportSliced, type Decision, type UploadedFile } from './import-parts.js';
import { importRunningError, type ImportedBefore } from '../domain/import-register.decider.js';
import { ImportProcess } from './import-process.js';
import { DecisionSpill, type SpilledPlan } from './decision-spill.js';
import { NumberWatch, type ReservedNumbers } from './chunk-conflicts.js';
import { ImportContextReader, type ReplayFor } from './import-context.js';
import {
  checkUploaded,
  dryRunResult,
  importChecksum,
  refuseProblems,
  refuseUnconfirmed,
  sha256,
  uploadChecksum,
  type DryRunResult,
  type PreparedImport,
} from './import-answers.js';

export {
  checkUploaded,
  dryRunResult,
  importChecksum,
  LISTED_PROBLEMS,
  refuseProblems,
  refuseUnconfirmed,
  sha256,
  type DryRunResult,
  type PreparedImport,
} from './import-answers.js';
export { replayIds, type FixedContext, type ReplayFor } from './import-context.js';

/*
 * The import's write side (issues 29 and 40), shared by the routes, the tasks and the command line: the files are read
 * (files/), played through the deciders in memory (replay/), and, when nothing is wrong, written as a process
 * (import-process.ts): `RegisterImportStarted` with the plan, the decisions in chunks, `RegisterImported`. A write's
 * replay hands each decision to a spill on disk as it makes it (decision-spill.ts, decision 260): the decisions are
 * never all in memory, and nothing is appended before the replay has checked every row. The ids the replay draws
 * derive from the import's id, and what else the replay depends on (today, the share terms, the closed years, the
 * member-number sequence) is in the plan, so the same files again resume a running import to the same end.
 * The same files (their checksum) imported a second time write nothing; other files while one runs are refused.
 */

/** A write read and decided: written before (`done`), or the plan to write from its first chunk missing. */
type Begun =
  | { readonly prepared: PreparedImport; readonly importId: string; readonly done: true }
  | {
      readonly prepared: PreparedImport;
      readonly importId: string;
      readonly done: false;
      /** The decisions, staged chunk by chunk; closed once the write ends or fails. */
      readonly spill: DecisionSpill;
      readonly plan: SpilledPlan;
      /** The highest member number of the plan, reserved before its first chunk (decision 301). */
      readonly numbers: ReservedNumbers | null;
    };

export interface WriteResult {
  readonly importId: string;
  readonly checksum: string;
  /** False: these files were imported before; nothing was written. */
  readonly written: boolean;
  readonly summary: PreparedImport['summary'];
}

/** How a write runs: see RunImport.write. */
interface WriteOptions {
  readonly wait?: boolean;
  readonly progress?: ImportProgress;
  readonly chunkProgress?: ImportProgress;
  readonly confirmWarnings?: boolean;
  readonly uploadId?: string;
}

/** Reports the steps: read files, replayed (done of total). */
export type ImportProgress = (done: number, total: number) => void;
export const PREPARE_STEPS = 3;

/** The folder of a write's spill files in the data directory (each unlinked as it is opened). */
const SPILL_FOLDER = 'import-spill';

@Injectable()
export class RunImport {
  private readonly process: ImportProcess;
  private readonly context: ImportContextReader;

  constructor(
    private readonly writer: StreamWriter,
    shareTerms: ShareTermsReader,
    closedYears: ClosedYearsReader,
    reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.process = new ImportProcess(writer, events);
    this.context = new ImportContextReader(writer, shareTerms, closedYears, reads);
  }

  /** Reads the files and plays them through the deciders without writing: the summary and every problem. */
  async dryRun(
    ctx: CommandContext,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    progress?: ImportProgress,
  ): Promise<DryRunResult> {
    return withTightHeap(async () =>
      dryRunResult(await this.prepare(ctx.actor.cooperativeId, files, mapping, progress)),
    );
  }

  /**
   * Writes the import when its dry run finds no problem (else 400 `importHasProblems` [count]) as a process (issue 40):
   * `RegisterImportStarted`, the decisions in chunks, `RegisterImported`. The same files while their import runs (a
   * crash, a refused chunk, a restart) resume it from the first chunk missing; other files are refused while one runs
   * (400 `importRunning`). A concurrent write on its streams before it began makes it read and decide again, then 409.
   * `wait: false` (the command line, a task): do not wait for the read models to show it. `chunkProgress`: chunks
   * written of all. `uploadId`: the kept upload a resume at the next start reads (a task's).
   */
  write(
    ctx: CommandContext,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    options: WriteOptions = {},
  ): Promise<WriteResult> {
    // The heap kept tight (decision 280): the replay's 0.9 GB live at 100,000 members would grow V8's heap to 1.6 GB.
    return withTightHeap(() => this.writeInProcess(ctx, files, mapping, options));
  }

  private async writeInProcess(
    ctx: CommandContext,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    options: WriteOptions,
  ): Promise<WriteResult> {
    const cooperativeId = ctx.actor.cooperativeId;
    // Files imported before are not read again: nothing will be written.
    const earlier = await this.importedBefore(cooperativeId, files);
    if (earlier)
      return {
        importId: earlier.before.importId,
        checksum: earlier.checksum,
        // Its own upload's import, ended before a restart cut its task short: that task wrote it, not an earlier one.
        written: options.uploadId !== undefined && earlier.before.uploadId === options.uploadId,
        summary: earlier.before.summary,
      };
    const begun = await this.writer.retrying(async (): Promise<Begun> => {
      const register = await this.process.load(cooperativeId);
      const running = register.state.running;
      if (running !== null && running.checksum !== uploadChecksum(files)) throw importRunningError(running);
      const replay: ReplayFor = running
        ? { importId: running.importId, plan: running.plan }
        : { importId: newRecordId(), plan: null };
      const chunkEvents = running ? running.plan.chunkEvents : this.config.importChunkEvents;
      const spill = new DecisionSpill(join(this.config.dataDir, SPILL_FOLDER), chunkEvents);
      const watch = new NumberWatch(cooperativeId);
      const sink = {
        add: (d: Decision): void => {
          watch.see(d);
          spill.add(d);
        },
      };
      try {
        const prepared = await this.prepare(cooperativeId, files, mapping, options.progress, { replay, spill: sink });
        if (prepared.before) {
          spill.close();
          return { prepared, importId: prepared.before.importId, done: true };
        }
        // Every row is checked: the replay is over before anything is appended.
        const plan = spill.seal();
        if (running) {
          // A resume: the plan decided again must be the plan begun, else its written part and the rest would not fit.
          if (
            prepared.closedYears?.closedThrough !== running.plan.closedThrough ||
            plan.planHash !== running.plan.planHash
          ) {
            throw new ValidationError([fieldError('files', 'importPlanChanged', running.importId)]);
          }
          return { prepared, importId: running.importId, done: false, spill, plan, numbers: watch.reserved };
        }
        refuseProblems(prepared);
        refuseUnconfirmed(prepared, options.confirmWarnings === true);
        const recorded: ImportPlan = {
          ...prepared.fixed!,
          confirmWarnings: options.confirmWarnings === true,
          chunkEvents,
          chunks: plan.chunks.length,
          events: plan.events,
          planHash: plan.planHash,
          uploadId: options.uploadId ?? null,
        };
        const { checksum, files: imported, mapping: used, summary } = prepared;
        const start = this.process.registerAppend({ ctx, cooperativeId }, register, {
          type: 'StartImport',
          importId: replay.importId,
          cooperativeId,
          checksum,
          files: imported,
          mapping: used,
          summary,
          plan: recorded,
          by: ctx.actor.username,
          at: new Date().toISOString(),
        });
        // A year closing meanwhile fails the start (the dividend register's revision, as a posting checks it): decided again.
        if (start)
          await this.events.appendMulti([
            ...(prepared.closedYears ? [revisionCheck(prepared.closedYears)] : []),
            start,
          ]);
        stopHereInTests('import:started');
        return { prepared, importId: replay.importId, done: false, spill, plan, numbers: watch.reserved };
      } catch (error) {
        spill.close();
        throw error;
      }
    });
    const { prepared, importId } = begun;
    if (!begun.done) {
      // The files' rows and the replay's state are garbage now; collected at once, they do not stand beside what the
      // chunks allocate (decision 277: at 100,000 members the write's peak falls from about 2.8 GB to the replay's).
      collectGarbage();
      try {
        await this.process.finish(
          {
            ctx,
            cooperativeId,
            importId,
            plan: begun.plan,
            closedYears: prepared.closedYears,
            progress: options.chunkProgress ?? (() => {}),
            wait: options.wait !== false,
            numbers: begun.numbers,
          },
          await this.process.load(cooperativeId),
        );
      } finally {
        begun.spill.close();
      }
    }
    // The entries written are those the dry run counted: the register's, not the import's own record (issue 39).
    return { importId, checksum: prepared.checksum, written: !begun.done, summary: prepared.summary };
  }

  /** 400 `importRunning` when an import of other files is being written (issue 40). */
  async refuseWhileAnotherRuns(cooperativeId: string, files: readonly UploadedFile[]): Promise<void> {
    checkUploaded(files);
    const running = (await this.process.load(cooperativeId)).state.running;
    if (running !== null && running.checksum !== uploadChecksum(files)) throw importRunningError(running);
  }

  /** The earlier import of these files (by their checksum), or null. */
  async importedBefore(
    cooperativeId: string,
    files: readonly UploadedFile[],
  ): Promise<{ checksum: string; before: ImportedBefore } | null> {
    checkUploaded(files);
    const checksum = uploadChecksum(files);
    const { before } = await this.context.register(cooperativeId, checksum);
    return before ? { checksum, before } : null;
  }

  /**
   * Reads and plays the import for the cooperative (nothing written). A write's (`write`) replays for its import and
   * hands each decision to its spill; a dry run counts them (decision 204).
   */
  async prepare(
    cooperativeId: string,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    progress: ImportProgress = () => {},
    write?: { readonly replay: ReplayFor; readonly spill: { add(decision: Decision): void } },
  ): Promise<PreparedImport> {
    checkUploaded(files);
    const imported = files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) }));
    const checksum = importChecksum(imported);
    const register = await this.context.register(cooperativeId, checksum);
    const before = register.before;
    progress(0, PREPARE_STEPS);
    const read = await readImport(files, mapping);
    progress(1, PREPARE_STEPS);
    const base = {
      cooperativeId,
      checksum,
      files: imported,
      mapping,
      formats: read.formats,
      before,
      registerExpected: register.expected,
    };
    // Files imported before: their members are in the cooperative now, so a replay would only find them taken.
    if (before)
      return {
        ...base,
        problems: read.problems,
        warnings: [],
        summary: before.summary,
        closedYears: null,
        fixed: null,
      };
    const context = await this.context.read(cooperativeId, write?.replay);
    progress(2, PREPARE_STEPS);
    const spill = write?.spill;
    // In slices: the replay runs on the API's thread in a task, beside every other request (REPLAY_SLICE_MS).
    const outcome = await replayImportSliced(read.rows, {
      ...context.replay,
      // a write hands them to its spill as they are made; a dry run counts them (decision 204)
      ...(spill ? { onDecision: (d: Decision) => spill.add(d) } : { keepDecisions: false }),
    });
    progress(3, PREPARE_STEPS);
    return {
      ...base,
      problems: [...read.problems, ...outcome.problems],
      warnings: outcome.warnings,
      summary: outcome.summary,
      closedYears: context.closedYears,
      fixed: context.fixed(),
    };
  }
}
