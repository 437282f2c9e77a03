import type { DetectedFormat, RawSheet } from '../import-types.js';
import { readCsv } from './read-csv.js';
import { readXlsx } from './read-xlsx.js';

/*
 * An uploaded file → its sheets (import, issue 29): an XLSX workbook (a zip: it begins with `PK\x03\x04`) by exceljs,
 * anything else as CSV text.
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

export async function readFile(file: UploadedFile): Promise<FileRead> {
  if (isZip(file.bytes)) {
    return { file: file.name, base: { fileType: 'xlsx', encoding: null, delimiter: null }, sheets: await readXlsx(file.name, file.bytes) };
  }
  const csv = readCsv(file.name, file.bytes);
  return { file: file.name, base: { fileType: 'csv', encoding: csv.encoding, delimiter: csv.delimiter }, sheets: [csv.sheet] };
}
