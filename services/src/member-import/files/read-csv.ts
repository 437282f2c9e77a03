import { parse } from 'csv-parse/sync';
import type { DetectedFormat, RawSheet } from '../import-types.js';
import { uniqueHeaders } from './sheet-headers.js';

/*
 * A CSV file → one RawSheet (import, issue 29). The encoding: valid UTF-8 (with or without a byte-order mark) is UTF-8,
 * anything else Windows-1252 (what German Excel writes for "CSV (Trennzeichen-getrennt)"; decoded by a table here). The delimiter: `;`, `,` or
 * a tab, whichever the header line holds most of (outside quotes). Parsed by `csv-parse` with rows of any length; every
 * record is kept (also empty lines) so a row's number is its record's number in the file, the header being row 1.
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
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
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

/** The whole file as a sheet named by the file. */
export function readCsv(file: string, bytes: Uint8Array): CsvRead {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  const records = parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    bom: true,
  }) as string[][];
  const [header, ...rows] = records;
  return {
    sheet: { file, sheet: file, headers: uniqueHeaders(header ?? []), rows, firstRow: 2 },
    encoding,
    delimiter,
  };
}
