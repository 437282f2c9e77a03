import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DetectedFormat, RawCell, RawSheet } from '../import-types.js';
import {
  FileBeyondLimitError,
  isZip,
  UnreadableFileError,
  type FileRead,
  type UnreadableWhy,
  type UploadedFile,
} from './file-read.js';
import type { ReadLimit } from './read-limits.js';

/*
 * Reading a file in a worker thread of its own (issue 38, decision 128): parsing a CSV or a workbook is synchronous work
 * in csv-parse and exceljs's SAX parser, and a hostile file (a million columns, a row numbered 200,000,000, a cell of
 * 400 MB) held the API's event loop for minutes or ran the process out of memory. In a thread the API thread stays
 * free, and the read has a budget: READ_MEMORY_MB of heap (the thread is ended by V8 beyond it, the process lives on)
 * and READ_SECONDS of time (the thread is ended); either is a refusal of the file (FileBeyondLimitError), as are the
 * limits the readers check as they go. The sheets come back a sheet at a time, their rows in batches, so that taking
 * them in never holds this thread long. One thread per file, ended once the answer came.
 *
 * The entry exists compiled only (`services/dist/…`, also where the API tests start the product from the sources, as
 * its other threads do); where it is not built (jest's unit tests of the sources before a build) the file is read on
 * the calling thread, with the same limits but without the budget.
 */

/**
 * Time a file's read may take: 300 s. The benchmark's postings file (1,000,000 rows, 56 MB of CSV) took 72 s to read
 * at a load average of 21-23 on two cores (2026-11-28): the budget is a backstop behind the limits, not a pace.
 */
export const READ_SECONDS = 300;
/** Heap a file's read may use: 1536 MB (the benchmark's postings file keeps 349 MB of heap once read). */
export const READ_MEMORY_MB = 1536;
/** Rows per message from the thread. */
export const ROWS_PER_MESSAGE = 2000;

/** What the reading thread is given (its workerData). */
export interface ReadStart {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** What the reading thread answers: a sheet begins, rows of it, the end, or a refusal. */
export type ReadAnswer =
  | { readonly sheet: Omit<RawSheet, 'rows'> }
  | { readonly rows: readonly (readonly RawCell[])[] }
  | { readonly done: Pick<DetectedFormat, 'fileType' | 'encoding' | 'delimiter'> }
  | { readonly beyond: { readonly kind: ReadLimit; readonly limit: number; readonly where: string } }
  | {
      readonly unreadable: {
        readonly fileType: 'csv' | 'xlsx';
        readonly reason: string;
        readonly why: UnreadableWhy;
        readonly row: number | null;
        readonly cell: string | null;
      };
    };

export interface ReadBudgetOptions {
  readonly seconds: number;
  readonly memoryMb: number;
}

/** The compiled entry (the same URL from services/src and from services/dist). */
export const READ_THREAD_ENTRY = new URL('../../../dist/member-import/files/read-thread-entry.js', import.meta.url);

let built: boolean | undefined;
/** Whether the compiled entry exists. */
export function isReadThreadBuilt(): boolean {
  built ??= existsSync(fileURLToPath(READ_THREAD_ENTRY));
  return built;
}

/**
 * A row as this thread's own values: a date comes as a Date of the realm that received it, which is not this module's
 * `Date` where the module runs in another realm (jest's VM context), so `instanceof Date` would fail; made anew there.
 */
function revived(row: readonly RawCell[]): readonly RawCell[] {
  if (!row.some((c) => typeof c === 'object' && c !== null && !(c instanceof Date))) return row;
  return row.map((c) =>
    typeof c === 'object' && c !== null && !(c instanceof Date) ? new Date((c as { getTime(): number }).getTime()) : c,
  );
}

/** Reads one file in a thread of its own within the budget; answers its sheets or refuses the file. `signal` abandons the read. */
export function readInThread(
  file: UploadedFile,
  budget: ReadBudgetOptions = { seconds: READ_SECONDS, memoryMb: READ_MEMORY_MB },
  entry: URL = READ_THREAD_ENTRY,
  signal?: AbortSignal,
): Promise<FileRead> {
  const fileType = isZip(file.bytes) ? 'xlsx' : 'csv';
  const start: ReadStart = { name: file.name, bytes: file.bytes };
  const worker = new Worker(entry, { workerData: start, resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb } });
  const sheets: { sheet: Omit<RawSheet, 'rows'>; rows: (readonly RawCell[])[] }[] = [];
  return new Promise<FileRead>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: FileRead | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(
      () => settle(new FileBeyondLimitError(file.name, 'time', budget.seconds, '')),
      budget.seconds * 1000,
    );
    // No longer wanted (another file of the upload was refused): the thread is ended, the read answers why.
    const abandon = (): void =>
      settle(new UnreadableFileError(file.name, fileType, 'the read was abandoned', 'stopped'));
    if (signal?.aborted) abandon();
    signal?.addEventListener('abort', abandon, { once: true });
    worker.on('message', (answer: ReadAnswer) => {
      if ('sheet' in answer) sheets.push({ sheet: answer.sheet, rows: [] });
      else if ('rows' in answer) {
        const current = sheets[sheets.length - 1];
        if (current) for (const row of answer.rows) current.rows.push(revived(row));
      } else if ('done' in answer)
        settle({ file: file.name, base: answer.done, sheets: sheets.map((s) => ({ ...s.sheet, rows: s.rows })) });
      else if ('beyond' in answer)
        settle(new FileBeyondLimitError(file.name, answer.beyond.kind, answer.beyond.limit, answer.beyond.where));
      else {
        const { fileType: type, reason, why, row, cell } = answer.unreadable;
        settle(new UnreadableFileError(file.name, type, reason, why, row, cell));
      }
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        settle(new FileBeyondLimitError(file.name, 'memory', budget.memoryMb, ''));
      else settle(new UnreadableFileError(file.name, fileType, error.message, 'stopped'));
    });
    worker.once('exit', (code) =>
      settle(new UnreadableFileError(file.name, fileType, `the reading thread stopped (exit code ${code})`, 'stopped')),
    );
  });
}
