import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import type { DetectedFormat, RawSheet } from '../import-types.js';
import { UnreadableFileError } from './file-read.js';
import { MAX_RECORD_CHARS, ReadBudget, ReadLimitError } from './read-limits.js';
import { uniqueHeaders } from './sheet-headers.js';

/*
 * A CSV file → one RawSheet (import, issue 29).
 * - Encoding: valid UTF-8 (with or without a byte-order mark) is UTF-8; anything else is Windows-1252 (what German
 *   Excel writes for "CSV (Trennzeichen-getrennt)"), decoded by its table here.
 * - Delimiter: the one Excel's hint line `sep=;` names, else `;`, `,` or a tab, whichever the header line holds most
 *   of (outside quotes).
 * - Parsed by `csv-parse` (its stream parser, a megabyte at a time, yielding to the event loop between) with rows of
 *   any length; every record is kept (also empty lines) so a row's number is its record's number in the file.
 * - Within the limits of reading (read-limits.ts, issue 38), checked on each record as the parser hands it over: a
 *   record beyond MAX_RECORD_CHARS is refused by the parser before it is made, then rows, columns, a cell's length,
 *   the file's cells and text; the first one passed stops the parser and refuses the file.
 */

export type CsvEncoding = NonNullable<DetectedFormat['encoding']>;
export type CsvDelimiter = NonNullable<DetectedFormat['delimiter']>;

export interface CsvRead {
  readonly sheet: RawSheet;
  readonly encoding: CsvEncoding;
  readonly delimiter: CsvDelimiter;
}

/**
 * Windows-1252's letters at 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; the five unassigned stay
 * as they are). Node 20's `TextDecoder('windows-1252')` decodes as Latin-1 and leaves them control characters.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Windows-1252 bytes → text. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

type Detected = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * A file's encoding: UTF-16 by its byte-order mark (Excel's "Unicode text", little- or big-endian: read as
 * Windows-1252 it gave headers such as `ÿþM\u0000i\u0000…`, a review, stop 63), else UTF-8 when the bytes are,
 * else Windows-1252.
 */
function detectedEncoding(bytes: Uint8Array): Detected {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** The bytes as text in their encoding; a byte-order mark is dropped. */
function textIn(bytes: Uint8Array, encoding: Detected): string {
  return encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
}

const nameOf = (encoding: Detected): CsvEncoding =>
  encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-16' : encoding;

/** The file's text and its encoding; the byte-order mark is dropped. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const encoding = detectedEncoding(bytes);
  return { text: textIn(bytes, encoding), encoding: nameOf(encoding) };
}

const DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t'];

/** The delimiter the first record holds most of, quotes skipped; `;` when it holds none (a file of one column). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: CsvDelimiter = ';';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** Bytes handed to the parser between two turns of the event loop (a million rows block the server for no long stretch). */
const CHUNK = 1 << 20;
/** Rows handed on at a time where the whole file is read here. */
const ROWS_PER_BATCH = 2000;
/** The beginning of the file the delimiter is detected in. */
const HEAD = 1 << 16;

const SEP_HINT = /^\ufeff?sep=([;,\t])\r?\n/i;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Where a CSV file's records go as the parser hands them over (one at a time, in the file's order). */
type TakeRecord = (cells: string[], row: number) => void;

/** The parser's error on the record numbered `row` (the first not handed over) as the file's refusal. */
function csvRefusal(file: string, error: Error & { code?: string }, row: number): Error {
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return new ReadLimitError('recordChars', MAX_RECORD_CHARS, `${file}, row ${row}`);
  // A quotation mark opened and never closed: the rest of the file would be one cell (decision 300).
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return new UnreadableFileError(file, 'csv', error.message, 'quoteNotClosed', row);
  return error;
}

/** The records of UTF-8 bytes, parsed a chunk at a time by csv-parse's stream parser, within the limits of reading. */
async function records(file: string, utf8: Buffer, delimiter: CsvDelimiter, take: TakeRecord): Promise<void> {
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    bom: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  const budget = new ReadBudget();
  let count = 0;
  parser.on('readable', () => {
    let record: unknown;
    try {
      while ((record = parser.read()) !== null) {
        const cells = record as string[];
        const row = count + 1;
        budget.row(file, row, cells.length);
        for (const cell of cells) budget.textCell(file, row, cell.length);
        count = row;
        take(cells, row);
      }
    } catch (error) {
      // a limit passed: the parser stops, and `ended` rejects with the limit
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', (error: Error & { code?: string }) => reject(csvRefusal(file, error, count + 1)));
  });
  // `ended` may reject while the chunks are still being written: handled here, awaited below (else the rejection is
  // unhandled, which ends a Node process)
  ended.catch(() => undefined);
  // a failing parser rejects `ended`; writing on after it would throw on a destroyed stream
  let failed = false;
  parser.on('error', () => (failed = true));
  for (let at = 0; at < utf8.length && !failed; at += CHUNK) {
    parser.write(utf8.subarray(at, at + CHUNK));
    await yieldToLoop();
  }
  if (!failed) parser.end();
  await ended;
}

/** What a CSV file's read finds out before its data rows: its sheet (without rows), encoding and delimiter. */
export interface CsvHead {
  readonly sheet: Omit<RawSheet, 'rows'>;
  readonly encoding: CsvEncoding;
  readonly delimiter: CsvDelimiter;
}

/**
 * Where a CSV file's read goes as it is parsed (issue 39, decision 150): `head` once the header is read (for a file
 * without any record: at the end, with no headers), then its data rows in the file's order, `rows` called with each
 * batch of `batch` rows (and the last, shorter one). Nothing of it is a promise of the whole file: the read may still
 * be refused after rows were handed on (a limit passed further down), and the taker must then drop them.
 */
export interface CsvRowSink {
  head(head: CsvHead): void;
  rows(rows: string[][]): void;
}

/** Reads a CSV file and hands its head and its rows on as they are parsed (the reading thread: read-thread-entry.ts). */
export async function streamCsv(file: string, bytes: Uint8Array, sink: CsvRowSink, batch: number): Promise<void> {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const detected = detectedEncoding(raw);
  // A UTF-8 byte-order mark, then bytes that are not UTF-8: two encodings in one file, neither reading right (decision
  // 348; read as Windows-1252, the mark stood in the first header and every UTF-8 letter came out as two).
  if (detected === 'windows-1252' && raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf)
    throw new UnreadableFileError(file, 'csv', 'a UTF-8 byte-order mark, then bytes that are not UTF-8', 'bomNotUtf8');
  // UTF-8 is parsed as it came; UTF-16 and Windows-1252 are decoded and parsed as UTF-8
  const input = detected === 'utf-8' ? raw : Buffer.from(textIn(raw, detected), 'utf8');
  const head = new TextDecoder('utf-8').decode(input.subarray(0, HEAD));
  // Excel's hint line `sep=;` names the delimiter and comes before the header
  const hint = SEP_HINT.exec(head);
  const delimiter = hint ? (hint[1] as CsvDelimiter) : detectDelimiter(head);
  const encoding = nameOf(detected);
  const headerRow = hint ? 2 : 1;
  const firstRow = headerRow + 1;
  let headed = false;
  const giveHead = (header: readonly string[]): void => {
    headed = true;
    sink.head({ sheet: { file, sheet: file, headers: uniqueHeaders(header), firstRow }, encoding, delimiter });
  };
  let pending: string[][] = [];
  await records(file, input, delimiter, (cells, row) => {
    if (row < headerRow) return;
    if (row === headerRow) return giveHead(cells);
    pending.push(cells);
    if (pending.length >= batch) {
      sink.rows(pending);
      pending = [];
    }
  });
  if (!headed) giveHead([]);
  if (pending.length > 0) sink.rows(pending);
}

/** The whole file as a sheet named by the file. */
export async function readCsv(file: string, bytes: Uint8Array): Promise<CsvRead> {
  let head: CsvHead | undefined;
  const rows: string[][] = [];
  await streamCsv(
    file,
    bytes,
    {
      head: (h) => (head = h),
      rows: (batch) => {
        for (const row of batch) rows.push(row);
      },
    },
    ROWS_PER_BATCH,
  );
  if (!head) throw new Error(`${file}: read without a head`);
  return { sheet: { ...head.sheet, rows }, encoding: head.encoding, delimiter: head.delimiter };
}
