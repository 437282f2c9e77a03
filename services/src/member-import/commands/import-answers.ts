import { createHash } from 'node:crypto';
import { fieldError, ValidationError, type ExpectedRevision, type ImportedFile } from '@coop/contracts';
import type { ClosedYears } from '../../share-ledger/index.js';
import type { DetectedFormat, ImportMapping, ImportProblem, ImportSummary } from '../import-types.js';
import type { ImportedBefore } from '../domain/import-register.decider.js';
import type { UploadedFile } from './import-parts.js';
import type { FixedContext } from './import-context.js';

/*
 * What the import answers of files read and played (run-import.ts does the reading and writing): the checksums that
 * name an upload, the dry run's answer, and the refusals of a write.
 */

/** At most this many problems are listed in a dry run's answer (`problemCount` counts all). */
export const LISTED_PROBLEMS = 1000;

/** An import read and played, ready to be answered (dry run) or written (its decisions went to the write's spill). */
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
  /** The earlier import of the same files, or null. */
  readonly before: ImportedBefore | null;
  /** The import register's revision the decisions were made at. */
  readonly registerExpected: ExpectedRevision;
  /** The dividend register as read for the decisions (null: files imported before, nothing decided). */
  readonly closedYears: ClosedYears | null;
  /** What the replay depended on besides the files (null: files imported before, nothing decided). */
  readonly fixed: FixedContext | null;
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

/** The checksum of uploaded files (their bytes' SHA-256). */
export const uploadChecksum = (files: readonly UploadedFile[]): string =>
  importChecksum(files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) })));

/** Refuses an upload without a file holding bytes (`importNotEmptyFile`). */
export function checkUploaded(files: readonly UploadedFile[]): void {
  if (files.length === 0 || files.every((f) => f.bytes.byteLength === 0))
    throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
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
