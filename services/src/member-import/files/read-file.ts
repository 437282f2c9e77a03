import type { DetectedFormat, RawSheet } from '../import-types.js';
import { readCsv } from './read-csv.js';
import { readXlsx } from './read-xlsx.js';

/*
 * An uploaded file → its sheets (import, issue 29): an XLSX workbook (a zip: it begins with `PK\x03\x04`) by exceljs,
 * anything else as CSV text. A file neither reader can read is an UnreadableFileError.
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

const isZip = (bytes: Uint8Array): boolean => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * A file that cannot be read at all: a CSV with a quote never closed, a damaged workbook. Not a problem of a row: the
 * clerk must mend or replace the file (the API answers it as the file's error; `reason` is the reader's message).
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly file: string,
    readonly fileType: 'csv' | 'xlsx',
    readonly reason: string,
  ) {
    super(`${file}: not readable as ${fileType.toUpperCase()}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

const reasonOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export async function readFile(file: UploadedFile): Promise<FileRead> {
  if (isZip(file.bytes)) {
    const sheets = await readXlsx(file.name, file.bytes).catch((e: unknown) => {
      throw new UnreadableFileError(file.name, 'xlsx', reasonOf(e));
    });
    return { file: file.name, base: { fileType: 'xlsx', encoding: null, delimiter: null }, sheets };
  }
  const csv = await readCsv(file.name, file.bytes).catch((e: unknown) => {
    throw new UnreadableFileError(file.name, 'csv', reasonOf(e));
  });
  return { file: file.name, base: { fileType: 'csv', encoding: csv.encoding, delimiter: csv.delimiter }, sheets: [csv.sheet] };
}
