import { FileBeyondLimitError, isZip, UnreadableFileError, type FileRead, type UploadedFile } from './file-read.js';
import { readCsv } from './read-csv.js';
import { ReadLimitError } from './read-limits.js';
import { readXlsx } from './read-xlsx.js';

/*
 * An uploaded file → its sheets, on the thread that calls (import, issue 29): an XLSX workbook by exceljs's parsers
 * (read-xlsx.ts), anything else as CSV text. A file beyond a limit is a FileBeyondLimitError; one neither reader can
 * read an UnreadableFileError. The API and the command line call it through read-file.ts, in a thread of its own.
 */

const reasonOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function refusal(file: string, fileType: 'csv' | 'xlsx', error: unknown): Error {
  if (error instanceof ReadLimitError) return new FileBeyondLimitError(file, error.kind, error.limit, error.where);
  return new UnreadableFileError(file, fileType, reasonOf(error));
}

export async function readFileHere(file: UploadedFile): Promise<FileRead> {
  if (isZip(file.bytes)) {
    const sheets = await readXlsx(file.name, file.bytes).catch((e: unknown) => {
      throw refusal(file.name, 'xlsx', e);
    });
    return { file: file.name, base: { fileType: 'xlsx', encoding: null, delimiter: null }, sheets };
  }
  const csv = await readCsv(file.name, file.bytes).catch((e: unknown) => {
    throw refusal(file.name, 'csv', e);
  });
  return { file: file.name, base: { fileType: 'csv', encoding: csv.encoding, delimiter: csv.delimiter }, sheets: [csv.sheet] };
}
