import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  businessToday,
  fieldError,
  importStream,
  memberNumberSequenceStream,
  ValidationError,
  type EventStore,
  type ExpectedRevision,
  type ImportedFile,
  type ImportPlan,
} from '@coop/contracts';
import { memberDisplayName } from '@coop/projections';
import { MEMBERS } from '@coop/projections/members';
import { memberNumberSequenceDecider } from '../../members/index.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import type { AppConfig } from '../../platform/config/config.js';
import { stopHereInTests } from '../../platform/commands/test-stop.js';
import { APP_CONFIG, EVENT_STORE } from '../../platform/tokens.js';
import { ClosedYearsReader, revisionCheck, ShareTermsReader, type ClosedYears } from '../../share-ledger/index.js';
import type { DetectedFormat, ExistingPerson, ImportMapping, ImportProblem, ImportSummary } from '../import-types.js';
import { readImport, replayImport, type Decision, type UploadedFile } from './import-parts.js';
import { ImportIds, type Chunk } from '../domain/import-chunks.js';
import {
  importedBefore,
  importRegisterDecider,
  importRunningError,
  type ImportedBefore,
} from '../domain/import-register.decider.js';
import { appendingDecisions, ImportProcess, planChunks, planHash } from './import-process.js';

/*
 * The import's write side (issues 29 and 40), shared by the routes, the tasks and the command line: the files are read
 * (files/), played through the deciders in memory (replay/), and, when nothing is wrong, written as a process
 * (import-process.ts): `RegisterImportStarted` with the plan, the decisions in chunks, `RegisterImported`. The ids the
 * replay draws derive from the import's id, and what else the replay depends on (today, the share terms, the closed
 * years, the member-number sequence) is in the plan, so the same files again resume a running import to the same end.
 * The same files (their checksum) imported a second time write nothing; other files while one runs are refused.
 */

/** At most this many problems are listed in a dry run's answer (`problemCount` counts all). */
export const LISTED_PROBLEMS = 1000;
const SCAN_BATCH = 2000;

/** An import read and played, ready to be answered (dry run) or written. */
export interface PreparedImport {
  readonly cooperativeId: string;
  readonly checksum: string;
  readonly files: readonly ImportedFile[];
  readonly mapping: ImportMapping;
  readonly formats: Readonly<Record<string, DetectedFormat>>;
  readonly problems: readonly ImportProblem[];
  /** Rows that may be a member twice (issue 39): the write needs them confirmed (`confirmWarnings`). */
  readonly warnings: readonly ImportProblem[];
  readonly summary: ImportSummary;
  /** What a write appends, in order; empty for a dry run (`prepare` without a replay for a write counts them only). */
  readonly decisions: readonly Decision[];
  /** The earlier import of the same files, or null. */
  readonly before: ImportedBefore | null;
  /** The import register's revision the decisions were made at. */
  readonly registerExpected: ExpectedRevision;
  /** The dividend register as read for the decisions (null: files imported before, nothing decided). */
  readonly closedYears: ClosedYears | null;
  /** What the replay depended on besides the files (null: files imported before, nothing decided). */
  readonly fixed: FixedContext | null;
}

/** What a replay depends on besides the files and the members: recorded in the plan, used again by a resume. */
export type FixedContext = Pick<ImportPlan, 'today' | 'terms' | 'closedThrough' | 'sequence' | 'ids'>;

/** A write read and decided: written before (`done`), or the plan to write from its first chunk missing. */
type Begun =
  | { readonly prepared: PreparedImport; readonly importId: string; readonly done: true }
  | {
      readonly prepared: PreparedImport;
      readonly importId: string;
      readonly done: false;
      /** The only holder of the decisions (`prepared` has none): the process lets each chunk's go once written. */
      readonly decisions: Array<Decision | undefined>;
      readonly chunks: readonly Chunk[];
    };

/** A replay for a write: the import's id (its ids derive from it) and, to resume, the plan it was begun with. */
export interface ReplayFor {
  readonly importId: string;
  readonly plan: ImportPlan | null;
}

export interface DryRunResult {
  readonly checksum: string;
  readonly formats: Readonly<Record<string, DetectedFormat>>;
  readonly summary: ImportSummary;
  readonly problemCount: number;
  readonly problems: readonly ImportProblem[];
  readonly warningCount: number;
  readonly warnings: readonly ImportProblem[];
  readonly canWrite: boolean;
  readonly alreadyImported: { readonly importId: string; readonly at: string; readonly by: string } | null;
}

export interface WriteResult {
  readonly importId: string;
  readonly checksum: string;
  /** False: these files were imported before; nothing was written. */
  readonly written: boolean;
  readonly summary: ImportSummary;
}

/** Reports the steps: read files, replayed (done of total). */
export type ImportProgress = (done: number, total: number) => void;
export const PREPARE_STEPS = 3;

/** Hex SHA-256 of bytes. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The import's checksum: SHA-256 over its files' SHA-256, sorted (so the order of the upload does not matter), one per line. */
export function importChecksum(files: readonly ImportedFile[]): string {
  return sha256(
    Buffer.from(
      files
        .map((f) => f.sha256)
        .sort()
        .join('\n'),
      'utf8',
    ),
  );
}

/** Refuses an upload without a file holding bytes (`importNotEmptyFile`). */
export function checkUploaded(files: readonly UploadedFile[]): void {
  if (files.length === 0 || files.every((f) => f.bytes.byteLength === 0))
    throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
}

/**
 * The ids a replay draws: a write's from its import's id (a resume draws the same again), a dry run's the same way from
 * an id of its own (decision 204). A random UUID v7 per id (crypto.getRandomValues on every call) cost 6 % of a
 * 100,000-member dry run; and so the dry run decides exactly as the write then does.
 */
export function replayIds(replay: ReplayFor | undefined): ImportIds {
  return new ImportIds(replay?.importId ?? newRecordId());
}

@Injectable()
export class RunImport {
  private readonly process: ImportProcess;

  constructor(
    private readonly writer: StreamWriter,
    private readonly shareTerms: ShareTermsReader,
    private readonly closedYears: ClosedYearsReader,
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.process = new ImportProcess(writer, events);
  }

  /** Reads the files and plays them through the deciders without writing: the summary and every problem. */
  async dryRun(
    ctx: CommandContext,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    progress?: ImportProgress,
  ): Promise<DryRunResult> {
    return dryRunResult(await this.prepare(ctx.actor.cooperativeId, files, mapping, progress));
  }

  /**
   * Writes the import when its dry run finds no problem (else 400 `importHasProblems` [count]) as a process (issue 40):
   * `RegisterImportStarted`, the decisions in chunks, `RegisterImported`. The same files while their import runs (a
   * crash, a refused chunk, a restart) resume it from the first chunk missing; other files are refused while one runs
   * (400 `importRunning`). A concurrent write on its streams before it began makes it read and decide again, then 409.
   * `wait: false` (the command line, a task): do not wait for the read models to show it. `chunkProgress`: chunks
   * written of all. `uploadId`: the kept upload a resume at the next start reads (a task's).
   */
  async write(
    ctx: CommandContext,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    options: {
      readonly wait?: boolean;
      readonly progress?: ImportProgress;
      readonly chunkProgress?: ImportProgress;
      readonly confirmWarnings?: boolean;
      readonly uploadId?: string;
    } = {},
  ): Promise<WriteResult> {
    const cooperativeId = ctx.actor.cooperativeId;
    // Files imported before are not read again: nothing will be written.
    const earlier = await this.importedBefore(cooperativeId, files);
    if (earlier)
      return {
        importId: earlier.before.importId,
        checksum: earlier.checksum,
        written: false,
        summary: earlier.before.summary,
      };
    const begun = await this.writer.retrying(async (): Promise<Begun> => {
      const register = await this.process.load(cooperativeId);
      const checksum = importChecksum(files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) })));
      const running = register.state.running;
      if (running !== null && running.checksum !== checksum) throw importRunningError(running);
      const replay: ReplayFor = running
        ? { importId: running.importId, plan: running.plan }
        : { importId: newRecordId(), plan: null };
      const read = await this.prepare(cooperativeId, files, mapping, options.progress, replay);
      if (read.before) return { prepared: read, importId: read.before.importId, done: true };
      const decisions = appendingDecisions(read.decisions);
      const prepared: PreparedImport = { ...read, decisions: [] };
      if (running) {
        // A resume: the plan decided again must be the plan begun, else its written part and the rest would not fit.
        if (
          prepared.closedYears?.closedThrough !== running.plan.closedThrough ||
          planHash(decisions) !== running.plan.planHash
        ) {
          throw new ValidationError([fieldError('files', 'importPlanChanged', running.importId)]);
        }
        const chunks = planChunks(decisions, running.plan.chunkEvents);
        return { prepared, importId: running.importId, done: false, decisions, chunks };
      }
      refuseProblems(prepared);
      refuseUnconfirmed(prepared, options.confirmWarnings === true);
      const chunkEvents = this.config.importChunkEvents;
      const chunks = planChunks(decisions, chunkEvents);
      const plan: ImportPlan = {
        ...prepared.fixed!,
        confirmWarnings: options.confirmWarnings === true,
        chunkEvents,
        chunks: chunks.length,
        events: chunks.reduce((n, c) => n + c.events, 0),
        planHash: planHash(decisions),
        uploadId: options.uploadId ?? null,
      };
      const { checksum: sum, files: imported, mapping: used, summary } = prepared;
      const start = this.process.registerAppend({ ctx, cooperativeId }, register, {
        type: 'StartImport',
        importId: replay.importId,
        cooperativeId,
        checksum: sum,
        files: imported,
        mapping: used,
        summary,
        plan,
        by: ctx.actor.username,
        at: new Date().toISOString(),
      });
      // A year closing meanwhile fails the start (the dividend register's revision, as a posting checks it): decided again.
      if (start)
        await this.events.appendMulti([...(prepared.closedYears ? [revisionCheck(prepared.closedYears)] : []), start]);
      stopHereInTests('import:started');
      return { prepared, importId: replay.importId, done: false, decisions, chunks };
    });
    const { prepared, importId } = begun;
    if (!begun.done) {
      await this.process.finish(
        {
          ctx,
          cooperativeId,
          importId,
          decisions: begun.decisions,
          chunks: begun.chunks,
          closedYears: prepared.closedYears,
          progress: options.chunkProgress ?? (() => {}),
          wait: options.wait !== false,
        },
        await this.process.load(cooperativeId),
      );
    }
    // The entries written are those the dry run counted: the register's, not the import's own record (issue 39).
    return { importId, checksum: prepared.checksum, written: !begun.done, summary: prepared.summary };
  }

  /** 400 `importRunning` when an import of other files is being written (issue 40). */
  async refuseWhileAnotherRuns(cooperativeId: string, files: readonly UploadedFile[]): Promise<void> {
    checkUploaded(files);
    const running = (await this.process.load(cooperativeId)).state.running;
    if (
      running !== null &&
      running.checksum !== importChecksum(files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) })))
    )
      throw importRunningError(running);
  }

  /** The earlier import of these files (by their checksum), or null. */
  async importedBefore(
    cooperativeId: string,
    files: readonly UploadedFile[],
  ): Promise<{ checksum: string; before: ImportedBefore } | null> {
    checkUploaded(files);
    const checksum = importChecksum(files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) })));
    const before = importedBefore(
      (await this.writer.load(importStream(cooperativeId), importRegisterDecider)).state,
      checksum,
    );
    return before ? { checksum, before } : null;
  }

  /** Reads and plays the import for the cooperative (nothing written). */
  async prepare(
    cooperativeId: string,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    progress: ImportProgress = () => {},
    replay?: ReplayFor,
  ): Promise<PreparedImport> {
    checkUploaded(files);
    const imported = files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) }));
    const checksum = importChecksum(imported);
    const plan = replay?.plan ?? null;
    const today = plan ? plan.today : businessToday();
    const register = await this.writer.load(importStream(cooperativeId), importRegisterDecider);
    const before = importedBefore(register.state, checksum);
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
        decisions: [],
        closedYears: null,
        fixed: null,
      };
    // A write's ids derive from its import's id; a resume leaves out the members that import wrote already.
    const ids = replay ? replayIds(replay) : null;
    const drawing = ids ?? replayIds(undefined);
    const own = ids && plan ? (id: string) => ids.drawnBy(id, plan.ids) : () => false;
    const [terms, closedYears, { takenMemberNrs, existing }, loadedSequence] = await Promise.all([
      plan ? plan.terms : this.shareTerms.terms(cooperativeId),
      this.closedYears.read(cooperativeId),
      this.existingMembers(cooperativeId, own),
      plan ? null : this.writer.load(memberNumberSequenceStream(cooperativeId), memberNumberSequenceDecider),
    ]);
    const sequence = plan
      ? plan.sequence
      : {
          highest: loadedSequence!.state.highest,
          revision: typeof loadedSequence!.expected === 'number' ? loadedSequence!.expected : -1,
        };
    const closedThrough = plan ? plan.closedThrough : closedYears.closedThrough;
    progress(2, PREPARE_STEPS);
    const outcome = replayImport(read.rows, {
      cooperativeId,
      terms,
      today,
      takenMemberNrs,
      sequence: { state: { highest: sequence.highest }, revision: sequence.revision },
      newId: () => drawing.next(),
      closedThrough,
      existing,
      // only a write appends them: a dry run counts them (decision 204)
      keepDecisions: replay !== undefined,
    });
    progress(3, PREPARE_STEPS);
    const fixed: FixedContext = { today, terms, closedThrough, sequence, ids: ids ? ids.drawn : 0 };
    return {
      ...base,
      problems: [...read.problems, ...outcome.problems],
      warnings: outcome.warnings,
      summary: outcome.summary,
      decisions: outcome.decisions,
      closedYears,
      fixed,
    };
  }

  /**
   * The member numbers held in the cooperative (the members read model; the claim streams guard the write itself), and
   * its members as the duplicates compare them (erased members left out: their keys are blanked).
   */
  private async existingMembers(
    cooperativeId: string,
    own: (id: string) => boolean,
  ): Promise<{ takenMemberNrs: Set<number>; existing: ExistingPerson[] }> {
    const taken = new Set<number>();
    const existing: ExistingPerson[] = [];
    const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
    for await (const batch of this.reads.scan(MEMBERS, cooperativeId, SCAN_BATCH)) {
      for (const doc of batch) {
        if (own(doc.id)) continue; // written by the import being resumed
        const memberNr = typeof doc.memberNr === 'number' ? doc.memberNr : null;
        if (memberNr !== null) taken.add(memberNr);
        if (doc.erased === true) continue;
        const left = (doc.exitDate ?? null) !== null;
        existing.push({
          memberNr,
          label: memberDisplayName(doc),
          taxIdKey: left ? null : text(doc.taxIdKey),
          iban: text(doc.iban),
          nameKey: text(doc.nameKey),
          birthDate: text(doc.birthDate),
        });
      }
    }
    return { takenMemberNrs: taken, existing };
  }
}

/** The dry run's answer of a prepared import. */
export function dryRunResult(prepared: PreparedImport): DryRunResult {
  const before = prepared.before;
  return {
    checksum: prepared.checksum,
    formats: prepared.formats,
    summary: prepared.summary,
    problemCount: prepared.problems.length,
    problems: prepared.problems.slice(0, LISTED_PROBLEMS),
    warningCount: prepared.warnings.length,
    warnings: prepared.warnings.slice(0, LISTED_PROBLEMS),
    canWrite: before === null && prepared.problems.length === 0,
    alreadyImported: before ? { importId: before.importId, at: before.at, by: before.by } : null,
  };
}

/** 400 `importHasProblems` [count] when the import has problems. */
export function refuseProblems(prepared: PreparedImport): void {
  if (prepared.problems.length > 0)
    throw new ValidationError([fieldError(null, 'importHasProblems', String(prepared.problems.length))]);
}

/** 400 `importWarningsNotConfirmed` [count] when the import has warnings the clerk has not confirmed (issue 39). */
export function refuseUnconfirmed(prepared: PreparedImport, confirmed: boolean): void {
  if (prepared.warnings.length > 0 && !confirmed) {
    throw new ValidationError([
      fieldError('confirmWarnings', 'importWarningsNotConfirmed', String(prepared.warnings.length)),
    ]);
  }
}
