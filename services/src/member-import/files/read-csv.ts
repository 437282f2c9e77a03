import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import type { DetectedFormat, RawSheet } from '../import-types.js';
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
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Windows-1252 bytes → text. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** The file's text and its encoding; the byte-order mark is dropped. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (isUtf8(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
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
/** The beginning of the file the delimiter is detected in. */
const HEAD = 1 << 16;

const SEP_HINT = /^\ufeff?sep=([;,\t])\r?\n/i;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The records of UTF-8 bytes, parsed a chunk at a time by csv-parse's stream parser, within the limits of reading. */
async function records(file: string, utf8: Buffer, delimiter: CsvDelimiter): Promise<string[][]> {
  const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true, max_record_size: MAX_RECORD_CHARS });
  const budget = new ReadBudget();
  const out: string[][] = [];
  parser.on('readable', () => {
    let record: unknown;
    try {
      while ((record = parser.read()) !== null) {
        const cells = record as string[];
        const row = out.length + 1;
        budget.row(file, row, cells.length);
        for (const cell of cells) budget.textCell(file, row, cell.length);
        out.push(cells);
      }
    } catch (error) {
      // a limit passed: the parser stops, and `ended` rejects with the limit
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', (error: Error & { code?: string }) =>
      reject(error.code === 'CSV_MAX_RECORD_SIZE' ? new ReadLimitError('recordChars', MAX_RECORD_CHARS, `${file}, row ${out.length + 1}`) : error),
    );
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
  return out;
}

/** The whole file as a sheet named by the file. */
export async function readCsv(file: string, bytes: Uint8Array): Promise<CsvRead> {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = isUtf8(raw);
  // UTF-8 is parsed as it came; Windows-1252 is decoded by the table and parsed as UTF-8
  const input = utf8 ? raw : Buffer.from(decodeWindows1252(raw), 'utf8');
  const head = new TextDecoder('utf-8').decode(input.subarray(0, HEAD));
  // Excel's hint line `sep=;` names the delimiter and comes before the header
  const hint = SEP_HINT.exec(head);
  const delimiter = hint ? (hint[1] as CsvDelimiter) : detectDelimiter(head);
  const all = await records(file, input, delimiter);
  const [header, ...rows] = hint ? all.slice(1) : all;
  return {
    sheet: { file, sheet: file, headers: uniqueHeaders(header ?? []), rows, firstRow: hint ? 3 : 2 },
    encoding: utf8 ? 'utf-8' : 'windows-1252',
    delimiter,
  };
}
