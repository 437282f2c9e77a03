import { isIsoDate } from '@coop/contracts';
import { csvLine, csvRaw } from '../../kernel/csv-text.js';
import type { KistamQueryKind, KistamRequestLine } from './kistam-selection.js';

/*
 * The KiStAM files of the BZSt online portal (BOP), phase 1 of DOMAIN.md 3.4 (docs/kistam.md "File formats"). Pure.
 *
 * The request: the BOP form "KiStAM-Anfragen" imports a CSV file (import version 1.1, at most 2,000 data lines a file;
 * record type 1 "Anfrageliste" starting with Ordnungskriterium AN(40), optional, and Anfragedatum AN(10)). The stored
 * help showed no further columns, so the rest of the line is this product's documented layout, to check against the
 * BOP import help before the first real upload (an open point):
 *
 *   Satzart;Ordnungskriterium;Anfragedatum;Anfragetyp;IdNr;Geburtsdatum
 *   1;<member number>;<status date DD.MM.YYYY>;<1 Regelanfrage | 2 Anlassanfrage>;<11 digits>;<DD.MM.YYYY>
 *
 * The answer: BOP's CSV mailbox message (version 2): record types 1 general data (type;version;AuthSteuernummer;
 * date), 2 the withholding party, 3 IdNr search, 4 regular and event query, 5 combined query. This product reads
 * record 1 (version 2 required) and records 4; the columns of record 4 are again this product's documented layout:
 *
 *   4;<Ordnungskriterium>;<IdNr>;<Geburtsdatum>;<Anfragetyp 1|2>;<Stichtag DD.MM.YYYY>;<key>;<rate>;<ReturnCode>
 *
 * key: the 6-digit KiStAM key or a two-letter church code; key and rate empty (or the key all zeros): a null answer
 * (no tax-levying community, or a blocking note). ReturnCode empty or 0: answered; any other: BZSt's error for the line.
 * Fields are separated by `;`, may be quoted with `"`; an empty line, a line starting with `#` and a header line (first
 * field not a number) are skipped. Records 2, 3 and 5 are ignored or refused per line (3 and 5 are never asked for).
 */

/** Data lines a BOP import file may hold. */
export const BOP_IMPORT_MAX_LINES = 2000;
export const REQUEST_HEADER = 'Satzart;Ordnungskriterium;Anfragedatum;Anfragetyp;IdNr;Geburtsdatum';
/** The answer CSV version this reader understands. */
export const ANSWER_VERSION = '2';

const KIND_CODE: Record<KistamQueryKind, string> = { regular: '1', event: '2' };

/** `YYYY-MM-DD` → `DD.MM.YYYY`. */
export function germanDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

/** `DD.MM.YYYY` (or `YYYY-MM-DD`) → `YYYY-MM-DD`, or null when it is no calendar date. */
export function isoDate(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  const iso = m ? `${m[3]!}-${m[2]!}-${m[1]!}` : t;
  return isIsoDate(iso) ? iso : null;
}

/**
 * The request file(s) for the lines of a query: CRLF line ends, ASCII only (digits and dates), at most
 * BOP_IMPORT_MAX_LINES data lines each. The status date is the Anfragedatum of every line.
 */
export function requestFiles(lines: readonly KistamRequestLine[], statusDate: string): string[] {
  const files: string[] = [];
  for (let i = 0; i < lines.length; i += BOP_IMPORT_MAX_LINES) {
    // The tax id is the one text a member's record gives (checked as 11 digits by the selection); the product's guard
    // against formula injection (kernel/csv-text.ts) covers it all the same, as every CSV the product writes.
    const rows = lines
      .slice(i, i + BOP_IMPORT_MAX_LINES)
      .map((l) =>
        csvLine([
          csvRaw('1'),
          csvRaw(l.memberNr),
          csvRaw(germanDate(statusDate)),
          csvRaw(KIND_CODE[l.kind]),
          l.taxId,
          csvRaw(germanDate(l.birthDate)),
        ]),
      );
    files.push(`${REQUEST_HEADER}\r\n${rows.join('')}`);
  }
  return files;
}

/** One request line read back from a request file (phase 2 learns what was asked). */
export interface RequestedLine {
  readonly memberNr: number;
  readonly taxId: string;
  readonly birthDate: string;
  readonly kind: KistamQueryKind;
}

/** Reads a request file this product wrote. */
export function readRequestFile(text: string): RequestedLine[] {
  const out: RequestedLine[] = [];
  for (const fields of csvRows(text)) {
    if (fields[0] !== '1') continue;
    const [, nr, , kind, taxId, birth] = fields;
    const birthDate = isoDate(birth ?? '');
    if (!nr || !taxId || birthDate === null) continue;
    out.push({ memberNr: Number(nr), taxId, birthDate, kind: kind === '2' ? 'event' : 'regular' });
  }
  return out;
}

/** A record 4 of the answer, as read. */
export interface AnswerLine {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly reference: string;
  readonly taxId: string;
  readonly birthDate: string | null;
  readonly kind: KistamQueryKind | null;
  /** The status date of the answer (the line's, else the file's). */
  readonly statusDate: string;
  /** The key or code as answered; null for a null answer. */
  readonly key: string | null;
  readonly rate: string | null;
  /** BZSt's error code for the line, or null when answered. */
  readonly returnCode: string | null;
}

/** A line the reader could not use, with why (a `kistamGenericError`). */
export interface AnswerLineError {
  readonly line: number;
  readonly reason: string;
}

export interface ReadAnswer {
  readonly authSteuernummer: string;
  readonly statusDate: string;
  readonly lines: readonly AnswerLine[];
  readonly errors: readonly AnswerLineError[];
}

/** The whole file is no KiStAM answer (the upload is refused: `invalidAnswerFile` with the reason). */
export class NotAnAnswerFile extends Error {
  constructor(readonly reason: string) {
    super(`not a KiStAM answer: ${reason}`);
    this.name = 'NotAnAnswerFile';
  }
}

/**
 * Lines an answer file may have: one per member asked and a few more, for the largest cooperative the product is
 * measured with (200,000 members). Counted before the file is read: five million lines of errors, each a notification,
 * filled the heap of the task that read them (a review, stop 63).
 */
export const ANSWER_MAX_LINES = 250_000;

/** Reads a BOP answer file (see the layout above); per-line problems are returned, a file without record 1 throws. */
export function readAnswerFile(text: string): ReadAnswer {
  if (moreLinesThan(text, ANSWER_MAX_LINES)) throw new NotAnAnswerFile(`more than ${ANSWER_MAX_LINES} lines`);
  const rows = csvRowsNumbered(text);
  const head = rows.find((r) => r.fields[0] === '1');
  if (!head) throw new NotAnAnswerFile('record type 1 missing');
  const [, version = '', auth = '', date = ''] = head.fields;
  if (version !== ANSWER_VERSION)
    throw new NotAnAnswerFile(`version ${version || '(none)'}, expected ${ANSWER_VERSION}`);
  const fileDate = isoDate(date);
  if (fileDate === null) throw new NotAnAnswerFile(`line ${String(head.line)}: date ${date || '(none)'}`);
  const lines: AnswerLine[] = [];
  const errors: AnswerLineError[] = [];
  for (const { line, fields } of rows) {
    const type = fields[0];
    if (type === '1' || type === '2') continue;
    if (type !== '4') {
      errors.push({ line, reason: `record type ${type ?? ''} not asked for` });
      continue;
    }
    const [, reference = '', taxId = '', birth = '', kind = '', status = '', key = '', rate = '', code = ''] = fields;
    if (!/^\d{11}$/.test(taxId)) {
      errors.push({ line, reason: 'IdNr' });
      continue;
    }
    const statusDate = status.trim() === '' ? fileDate : isoDate(status);
    if (statusDate === null) {
      errors.push({ line, reason: 'Stichtag' });
      continue;
    }
    const nullKey = key.trim() === '' || /^0+$/.test(key.trim());
    lines.push({
      line,
      reference: reference.trim(),
      taxId,
      birthDate: birth.trim() === '' ? null : isoDate(birth),
      kind: kind === '1' ? 'regular' : kind === '2' ? 'event' : null,
      statusDate,
      key: nullKey ? null : key.trim(),
      rate: rate.trim() === '' ? null : rate.trim(),
      returnCode: code.trim() === '' || code.trim() === '0' ? null : code.trim(),
    });
  }
  return { authSteuernummer: auth.trim(), statusDate: fileDate, lines, errors };
}

/** The bytes of an uploaded file as text: UTF-8, else Latin-1 (BOP's downloads may be either). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** Whether `text` has more than `max` lines (a line break at its very end begins no line). */
function moreLinesThan(text: string, max: number): boolean {
  let lines = text.endsWith('\n') ? 0 : 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) if (++lines > max) return true;
  return false;
}

function csvRows(text: string): string[][] {
  return csvRowsNumbered(text).map((r) => r.fields);
}

/** The data rows of a `;` file with their line numbers: empty lines, `#` lines and header lines left out. */
function csvRowsNumbered(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const fields = raw.split(';').map((f) =>
      f
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    if (!/^\d+$/.test(fields[0] ?? '')) return;
    out.push({ line: i + 1, fields });
  });
  return out;
}
