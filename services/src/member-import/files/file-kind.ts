/*
 * What a file that the import does not read is, told by its first bytes before any reader sees it (decision 300): an
 * OpenDocument spreadsheet (LibreOffice's own format, a zip whose first part is `mimetype`, stored), a file of the OLE
 * compound format (an Excel 97-2003 workbook, `.xls`, or any workbook saved with a password), or bytes that are no
 * text (a PDF, a picture, a NUL byte where no UTF-16 byte-order mark announced two bytes a letter). Read on, the first
 * gave "no xl/workbook.xml" in English, the others rows of garbage read as Windows-1252 CSV.
 */

/** A file the import refuses for what it is: the clerk saves it as XLSX or CSV. */
export type ForeignKind = 'ods' | 'xls' | 'notText';

/** How far into the file a NUL byte is looked for. */
const TEXT_PROBE = 64 * 1024;
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
/** A zip's first local header is 30 bytes, then the part's name. */
const FIRST_NAME_AT = 30;

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', from, Math.min(to, bytes.length));

/** An OpenDocument file: its zip's first part is `mimetype`, stored, naming `application/vnd.oasis.opendocument.…`. */
function isOpenDocument(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_MAGIC)) return false;
  const nameLength = (bytes[26] ?? 0) | ((bytes[27] ?? 0) << 8);
  const extraLength = (bytes[28] ?? 0) | ((bytes[29] ?? 0) << 8);
  if (ascii(bytes, FIRST_NAME_AT, FIRST_NAME_AT + nameLength) !== 'mimetype') return false;
  const content = FIRST_NAME_AT + nameLength + extraLength;
  return ascii(bytes, content, content + 40).startsWith('application/vnd.oasis.opendocument');
}

const hasUtf16Mark = (bytes: Uint8Array): boolean =>
  bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));

/** The kind of a file the import does not read, or null for one it reads (an XLSX zip or text). */
export function foreignKind(bytes: Uint8Array): ForeignKind | null {
  if (isOpenDocument(bytes)) return 'ods';
  if (startsWith(bytes, OLE_MAGIC)) return 'xls';
  if (startsWith(bytes, ZIP_MAGIC) || hasUtf16Mark(bytes)) return null;
  if (ascii(bytes, 0, 5) === '%PDF-') return 'notText';
  return bytes.subarray(0, TEXT_PROBE).includes(0) ? 'notText' : null;
}
