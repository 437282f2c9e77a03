import { FileBeyondLimitError, isZip, UnreadableFileError, type FileRead, type UploadedFile } from './file-read.js';
import { foreignKind } from './file-kind.js';
import { readCsv } from './read-csv.js';
import { ReadLimitError } from './read-limits.js';

/*
 * An uploaded file → its sheets, on the thread that calls (import, issue 29): an XLSX workbook by exceljs's parsers
 * (read-xlsx.ts), anything else as CSV text. A file beyond a limit is a FileBeyondLimitError; one neither reader can
 * read an UnreadableFileError. The API and the command line call it through read-file.ts, in a thread of its own.
 * exceljs (and the workbook reader) is loaded only for a workbook: loading it took 0.6 s of a reading thread's start,
 * paid for every CSV file before (issue 39, decision 150).
 */

const reasonOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * A reader's error → the file's refusal: beyond a limit of reading, or unreadable. Whatever stops a workbook's read
 * short of a limit is a damaged workbook to the clerk (the reader's words stay in the error's reason).
 */
export function refusal(file: string, fileType: 'csv' | 'xlsx', error: unknown): Error {
  if (error instanceof ReadLimitError) return new FileBeyondLimitError(file, error.kind, error.limit, error.where);
  if (error instanceof UnreadableFileError) return error;
  return new UnreadableFileError(file, fileType, reasonOf(error), fileType === 'xlsx' ? 'damagedWorkbook' : 'other');
}

/** A file of a kind the import does not read (file-kind.ts) is refused before any reader sees it. */
export function refuseForeign(file: UploadedFile): void {
  const kind = foreignKind(file.bytes);
  if (kind)
    throw new UnreadableFileError(file.name, kind === 'notText' ? 'csv' : 'xlsx', `a file of kind ${kind}`, kind);
}

export async function readFileHere(file: UploadedFile): Promise<FileRead> {
  refuseForeign(file);
  if (isZip(file.bytes)) {
    const { readXlsx } = await import('./read-xlsx.js');
    const sheets = await readXlsx(file.name, file.bytes).catch((e: unknown) => {
      throw refusal(file.name, 'xlsx', e);
    });
    return { file: file.name, base: { fileType: 'xlsx', encoding: null, delimiter: null }, sheets };
  }
  const csv = await readCsv(file.name, file.bytes).catch((e: unknown) => {
    throw refusal(file.name, 'csv', e);
  });
  return {
    file: file.name,
    base: { fileType: 'csv', encoding: csv.encoding, delimiter: csv.delimiter },
    sheets: [csv.sheet],
  };
}
