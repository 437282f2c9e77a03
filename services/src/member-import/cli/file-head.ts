import type { UploadedFile } from '../commands/import-parts.js';

/** Bytes of a CSV file's head that the mapping is guessed from (its headers, a sample of rows). */
export const CSV_HEAD_BYTES = 256 * 1024;

/**
 * What the mapping is guessed from: a CSV file's first lines (the guess reads the headers, and the whole file would be
 * parsed once more for nothing: 6 s of a 100,000-member register), an XLSX workbook (a zip: `PK`) whole. A head the
 * guess cannot read (a quoted line break cut) falls back to the whole file (`run`).
 */
export function headOf(file: UploadedFile): UploadedFile {
  const zip = file.bytes[0] === 0x50 && file.bytes[1] === 0x4b;
  // UTF-16 (by its byte-order mark): a line break is two bytes, and a cut at a byte 0x0A could split a character.
  const utf16 =
    (file.bytes[0] === 0xff && file.bytes[1] === 0xfe) || (file.bytes[0] === 0xfe && file.bytes[1] === 0xff);
  if (zip || utf16 || file.bytes.byteLength <= CSV_HEAD_BYTES) return file;
  const end = file.bytes.lastIndexOf(0x0a, CSV_HEAD_BYTES);
  return end < 0 ? file : { name: file.name, bytes: file.bytes.subarray(0, end + 1) };
}
