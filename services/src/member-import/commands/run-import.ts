import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  businessToday,
  fieldError,
  importStream,
  memberNumberSequenceStream,
  ValidationError,
  type DomainEvent,
  type EventStore,
  type ExpectedRevision,
  type ImportedFile,
  type StreamAppend,
} from '@coop/contracts';
import { MEMBERS, memberDisplayName } from '@coop/projections';
import { memberNumberSequenceDecider } from '../../members/index.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { ClosedYearsReader, revisionCheck, ShareTermsReader, type ClosedYears } from '../../share-ledger/index.js';
import type { DetectedFormat, ExistingPerson, ImportMapping, ImportProblem, ImportSummary } from '../import-types.js';
import { readImport, replayImport, type Decision, type UploadedFile } from './import-parts.js';
import { importedBefore, importRegisterDecider, type ImportedBefore } from './import-register.decider.js';

/*
 * The import's write side (issue 29), shared by the routes, the tasks and the command line: the files are read
 * (files/), played through the deciders in memory (replay/), and, when nothing is wrong, every decision is appended
 * with `RegisterImported` in ONE `appendMulti`: the import is written whole or not at all. The same files (their
 * checksum) imported a second time write nothing.
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
  readonly decisions: readonly Decision[];
  /** The earlier import of the same files, or null. */
  readonly before: ImportedBefore | null;
  /** The import register's revision the decisions were made at. */
  readonly registerExpected: ExpectedRevision;
  /** The dividend register as read for the decisions (null: files imported before, nothing decided). */
  readonly closedYears: ClosedYears | null;
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
  return sha256(Buffer.from(files.map((f) => f.sha256).sort().join('\n'), 'utf8'));
}

/** Refuses an upload without a file holding bytes (`importNotEmptyFile`). */
export function checkUploaded(files: readonly UploadedFile[]): void {
  if (files.length === 0 || files.every((f) => f.bytes.byteLength === 0)) throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
}

@Injectable()
export class RunImport {
  constructor(
    private readonly writer: StreamWriter,
    private readonly shareTerms: ShareTermsReader,
    private readonly closedYears: ClosedYearsReader,
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** Reads the files and plays them through the deciders without writing: the summary and every problem. */
  async dryRun(ctx: CommandContext, files: readonly UploadedFile[], mapping: ImportMapping, progress?: ImportProgress): Promise<DryRunResult> {
    return dryRunResult(await this.prepare(ctx.actor.cooperativeId, files, mapping, progress));
  }

  /**
   * Writes the import when its dry run finds no problem (else 400 `importHasProblems` [count]): every decision and
   * `RegisterImported` in one `appendMulti`. A concurrent write on any of its streams (a member number claimed
   * meanwhile) makes it read and decide again, then 409. `wait: false` (the command line): do not wait for the read
   * models to show it.
   */
  async write(
    ctx: CommandContext,
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    options: { readonly wait?: boolean; readonly progress?: ImportProgress; readonly confirmWarnings?: boolean } = {},
  ): Promise<WriteResult> {
    const cooperativeId = ctx.actor.cooperativeId;
    // Files imported before are not read again: nothing will be written.
    const earlier = await this.importedBefore(cooperativeId, files);
    if (earlier) return { importId: earlier.before.importId, checksum: earlier.checksum, written: false, summary: earlier.before.summary };
    return this.writer.retrying(async () => {
      const prepared = await this.prepare(cooperativeId, files, mapping, options.progress);
      if (prepared.before) return { importId: prepared.before.importId, checksum: prepared.checksum, written: false, summary: prepared.before.summary };
      refuseProblems(prepared);
      refuseUnconfirmed(prepared, options.confirmWarnings === true);
      const importId = newRecordId();
      const appends = importAppends(prepared, importId, ctx.actor.username, new Date().toISOString()).map(
        (a): StreamAppend => ({ streamId: a.streamId, expected: a.expected, events: this.writer.stamp(a.events, ctx, cooperativeId) }),
      );
      if (options.wait === false) await this.events.appendMulti(appends);
      else await this.writer.appendAll(appends);
      // The entries written are those the dry run counted: the register's, not the import's own record (issue 39).
      return { importId, checksum: prepared.checksum, written: true, summary: prepared.summary };
    });
  }

  /** The earlier import of these files (by their checksum), or null. */
  async importedBefore(cooperativeId: string, files: readonly UploadedFile[]): Promise<{ checksum: string; before: ImportedBefore } | null> {
    checkUploaded(files);
    const checksum = importChecksum(files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) })));
    const before = importedBefore((await this.writer.load(importStream(cooperativeId), importRegisterDecider)).state, checksum);
    return before ? { checksum, before } : null;
  }

  /** Reads and plays the import for the cooperative (nothing written). */
  async prepare(cooperativeId: string, files: readonly UploadedFile[], mapping: ImportMapping, progress: ImportProgress = () => {}): Promise<PreparedImport> {
    checkUploaded(files);
    const imported = files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) }));
    const checksum = importChecksum(imported);
    const today = businessToday();
    const register = await this.writer.load(importStream(cooperativeId), importRegisterDecider);
    const before = importedBefore(register.state, checksum);
    progress(0, PREPARE_STEPS);
    const read = await readImport(files, mapping);
    progress(1, PREPARE_STEPS);
    const base = { cooperativeId, checksum, files: imported, mapping, formats: read.formats, before, registerExpected: register.expected };
    // Files imported before: their members are in the cooperative now, so a replay would only find them taken.
    if (before) return { ...base, problems: read.problems, warnings: [], summary: before.summary, decisions: [], closedYears: null };
    const [terms, closedYears, { takenMemberNrs, existing }, sequence] = await Promise.all([
      this.shareTerms.terms(cooperativeId),
      this.closedYears.read(cooperativeId),
      this.existingMembers(cooperativeId),
      this.writer.load(memberNumberSequenceStream(cooperativeId), memberNumberSequenceDecider),
    ]);
    progress(2, PREPARE_STEPS);
    const outcome = replayImport(read.rows, {
      cooperativeId,
      terms,
      today,
      takenMemberNrs,
      sequence: { state: sequence.state, revision: typeof sequence.expected === 'number' ? sequence.expected : -1 },
      newId: newRecordId,
      closedThrough: closedYears.closedThrough,
      existing,
    });
    progress(3, PREPARE_STEPS);
    return { ...base, problems: [...read.problems, ...outcome.problems], warnings: outcome.warnings, summary: outcome.summary, decisions: outcome.decisions, closedYears };
  }

  /**
   * The member numbers held in the cooperative (the members read model; the claim streams guard the write itself), and
   * its members as the duplicates compare them (erased members left out: their keys are blanked).
   */
  private async existingMembers(cooperativeId: string): Promise<{ takenMemberNrs: Set<number>; existing: ExistingPerson[] }> {
    const taken = new Set<number>();
    const existing: ExistingPerson[] = [];
    const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
    for await (const batch of this.reads.scan(MEMBERS, cooperativeId, SCAN_BATCH)) {
      for (const doc of batch) {
        const memberNr = typeof doc.memberNr === 'number' ? doc.memberNr : null;
        if (memberNr !== null) taken.add(memberNr);
        if (doc.erased === true) continue;
        const left = (doc.exitDate ?? null) !== null;
        existing.push({ memberNr, label: memberDisplayName(doc), taxIdKey: left ? null : text(doc.taxIdKey), iban: text(doc.iban), nameKey: text(doc.nameKey), birthDate: text(doc.birthDate) });
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
  if (prepared.problems.length > 0) throw new ValidationError([fieldError(null, 'importHasProblems', String(prepared.problems.length))]);
}

/** 400 `importWarningsNotConfirmed` [count] when the import has warnings the clerk has not confirmed (issue 39). */
export function refuseUnconfirmed(prepared: PreparedImport, confirmed: boolean): void {
  if (prepared.warnings.length > 0 && !confirmed) {
    throw new ValidationError([fieldError('confirmWarnings', 'importWarningsNotConfirmed', String(prepared.warnings.length))]);
  }
}

/** An append before its metadata: a stream, its expected revision and the events decided on it. */
export interface ImportAppend {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly DomainEvent[];
}

/**
 * What a write appends, in order: every decision (a new stream expected not to exist), then `RegisterImported` at the
 * register's revision the import was decided at. Its summary counts the entries as the dry run did (the register's
 * events, not the import's own record), so the check, the write and the history say the same number (issue 39).
 */
export function importAppends(prepared: PreparedImport, importId: string, by: string, at: string): ImportAppend[] {
  const appends: ImportAppend[] = prepared.decisions
    .filter((d) => d.events.length > 0)
    .map((d) => ({ streamId: d.streamId, expected: d.expected < 0 ? 'no_stream' : d.expected, events: d.events }));
  const registered = importRegisterDecider.decide(
    {
      type: 'RegisterImport',
      importId,
      cooperativeId: prepared.cooperativeId,
      checksum: prepared.checksum,
      files: prepared.files,
      mapping: prepared.mapping,
      summary: prepared.summary,
      by,
      at,
    },
    importRegisterDecider.initialState(),
  );
  // A year closing meanwhile fails the write (the dividend register's revision, as a posting checks it): decided again.
  const yearsCheck: ImportAppend[] = prepared.closedYears ? [revisionCheck(prepared.closedYears)] : [];
  return [...appends, ...yearsCheck, { streamId: importStream(prepared.cooperativeId), expected: prepared.registerExpected, events: registered }];
}
