import { parse } from 'csv-parse/sync';
import type { DetectedFormat, RawSheet } from '../import-types.js';
import { uniqueHeaders } from './sheet-headers.js';

/*
 * A CSV file → one RawSheet (import, issue 29). The encoding: valid UTF-8 (with or without a byte-order mark) is UTF-8,
 * anything else Windows-1252 (what German Excel writes for "CSV (Trennzeichen-getrennt)"). The delimiter: `;`, `,` or
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

/** The file's text and its encoding; the byte-order mark is dropped. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
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
