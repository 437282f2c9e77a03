import type { DetectedFormat, RawSheet } from '../import-types.js';
import type { ForeignKind } from './file-kind.js';
import type { ReadLimit } from './read-limits.js';

/*
 * What reading an uploaded file takes and gives (import, issues 29 and 38), and the two ways it refuses a file: one
 * that cannot be read, and one beyond a limit of reading (read-limits.ts).
 */

export interface UploadedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface FileRead {
  readonly file: string;
  /** What reading found out; numbers and dates are detected later, over the mapped columns. */
  readonly base: Pick<DetectedFormat, 'fileType' | 'encoding' | 'delimiter'>;
  readonly sheets: readonly RawSheet[];
}

/** An XLSX workbook is a zip: it begins with `PK\x03\x04`. */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Why a file cannot be read, as the clerk is told (decision 300): a file of another kind (file-kind.ts), a CSV file's
 * quotation mark never closed, a damaged workbook, a workbook's formula never calculated (a program wrote it without
 * its value: `cell` names it), a read stopped before its end; `other` for the reader's own words.
 */
export type UnreadableWhy =
  ForeignKind | 'quoteNotClosed' | 'bomNotUtf8' | 'damagedWorkbook' | 'formulaNotCalculated' | 'stopped' | 'other';

/**
 * A file that cannot be read at all: a CSV with a quote never closed, a damaged workbook. Not a problem of a row: the
 * clerk must mend or replace the file (the API answers it as the file's error; `reason` is the reader's message).
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly file: string,
    readonly fileType: 'csv' | 'xlsx',
    readonly reason: string,
    /** What the clerk is told (decision 300); `other` gives the reader's own words. */
    readonly why: UnreadableWhy = 'other',
    /** The row a CSV file's unclosed quotation mark opens in. */
    readonly row: number | null = null,
    /** The cell of a formula never calculated, as the spreadsheet names it (`Mitglieder!D5`). */
    readonly cell: string | null = null,
  ) {
    super(`${file}: not readable as ${fileType.toUpperCase()}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

/**
 * A file beyond a limit of reading (rows, columns, a cell's length, cells, text, a workbook's unzipped size or ratio,
 * the time or memory of reading): refused whole, nothing of it read on. `limit` is the figure passed, `where` the sheet
 * (and row) or part where it was found, when it was found in one.
 */
export class FileBeyondLimitError extends Error {
  constructor(
    readonly file: string,
    readonly kind: ReadLimit,
    readonly limit: number,
    readonly where: string,
  ) {
    super(`${file}: beyond the import's limit of ${kind} (${limit})${where ? ` in ${where}` : ''}`);
    this.name = 'FileBeyondLimitError';
  }
}
