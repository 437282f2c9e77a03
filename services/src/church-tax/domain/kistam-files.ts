import { isIsoDate, type KistamAnswerRefusal, type KistamLineProblem } from '@coop/contracts';
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
 * A record 4 with fewer than its nine fields is cut short and read as no answer (`kistamLineIncomplete`).
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
  /** The status date asked for (the line's Anfragedatum), or null when the line has none. */
  readonly statusDate?: string | null;
}

/** Reads a request file this product wrote. */
export function readRequestFile(text: string): RequestedLine[] {
  const out: RequestedLine[] = [];
  for (const fields of csvRows(text)) {
    if (fields[0] !== '1') continue;
    const [, nr, asked, kind, taxId, birth] = fields;
    const birthDate = isoDate(birth ?? '');
    if (!nr || !taxId || birthDate === null) continue;
    const statusDate = isoDate(asked ?? '');
    out.push({ memberNr: Number(nr), taxId, birthDate, kind: kind === '2' ? 'event' : 'regular', statusDate });
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

/**
 * A line the reader could not use, with why (a `kistamGenericError` [problem, line, detail?]): a code the console
 * translates, its detail no words (the record type, else ''; decision 302).
 */
export interface AnswerLineError {
  readonly line: number;
  readonly problem: KistamLineProblem;
  readonly detail: string;
}

export interface ReadAnswer {
  readonly authSteuernummer: string;
  readonly statusDate: string;
  readonly lines: readonly AnswerLine[];
  readonly errors: readonly AnswerLineError[];
}

/**
 * The whole file is no KiStAM answer: the upload is refused (400 on `file`), the task rejected, with why as a template
 * of its own and its parameters, the file's own figures (decision 302; before, `invalidAnswerFile` with English words).
 */
export class NotAnAnswerFile extends Error {
  readonly parameters: readonly string[];

  constructor(
    readonly template: KistamAnswerRefusal,
    ...parameters: string[]
  ) {
    super(`not a KiStAM answer: ${[template, ...parameters].join(' ')}`);
    this.name = 'NotAnAnswerFile';
    this.parameters = parameters;
  }
}

/**
 * Lines an answer file may have: one per member asked and a few more, for the largest cooperative the product is
 * measured with (200,000 members). Counted before the file is read: five million lines of errors, each a notification,
 * filled the heap of the task that read them (a review, stop 63).
 */
export const ANSWER_MAX_LINES = 250_000;

/**
 * The longest record 1 read, in characters. Record 1 is four short fields (`1;2;<AuthSteuernummer>;<DD.MM.YYYY>`,
 * some 30 characters); a longer one is refused before its fields are read: a record 1 of `1;` and ten million `;`
 * split whole held the API's thread about a second (a security probe, F3).
 */
export const ANSWER_RECORD1_MAX = 1_000;

/** The fields of a record 4 (and of a request line) read: those past the ninth are never split off. */
const FIELDS_READ = 9;

/** What record 1 of an answer says of the whole file. */
export interface AnswerHead {
  readonly authSteuernummer: string;
  readonly statusDate: string;
}

/**
 * The checks of a whole answer file that read none of its lines but record 1 (decision 294): the upload makes them on
 * the API's thread, refused with their reason, so they stay cheap however large the file: its line breaks counted (at
 * most ANSWER_MAX_LINES lines), then each line's first field looked at until record 1, which must be at most
 * ANSWER_RECORD1_MAX characters long (checked before it is split; only its first four fields are), of version 2 and
 * have a date. Throws NotAnAnswerFile.
 */
export function answerHead(text: string): AnswerHead {
  if (moreLinesThan(text, ANSWER_MAX_LINES))
    throw new NotAnAnswerFile('kistamAnswerTooManyLines', String(ANSWER_MAX_LINES));
  for (const { line, raw } of linesOf(text)) {
    // A first field of `1` is a data row's (neither empty nor a `#` line): record 1, as dataFields reads it. Only a
    // line whose first character but blanks and quotes is a `1` can have one: the others are passed over at a glance.
    if (!/^[\s"]*1/.test(raw)) continue;
    const semicolon = raw.indexOf(';');
    if (cell(semicolon < 0 ? raw : raw.slice(0, semicolon)) !== '1') continue;
    if (raw.length > ANSWER_RECORD1_MAX)
      throw new NotAnAnswerFile('kistamAnswerRecord1TooLong', String(line), String(ANSWER_RECORD1_MAX));
    const [, version = '', auth = '', date = ''] = raw.split(';', 4).map(cell);
    if (version !== ANSWER_VERSION) throw new NotAnAnswerFile('kistamAnswerVersion', version, ANSWER_VERSION);
    const statusDate = isoDate(date);
    if (statusDate === null) throw new NotAnAnswerFile('kistamAnswerDate', String(line), date);
    return { authSteuernummer: auth.trim(), statusDate };
  }
  throw new NotAnAnswerFile('kistamAnswerNoRecord1');
}

/** Reads a BOP answer file (see the layout above); per-line problems are returned, a file without record 1 throws. */
export function readAnswerFile(text: string): ReadAnswer {
  const reader = new AnswerReader(answerHead(text));
  for (const { line, raw } of linesOf(text)) reader.take(line, raw);
  return reader.read();
}

/** Lines read between two pauses of readAnswerFileInSlices: a few milliseconds of a thread on the machine measured. */
export const ANSWER_SLICE_LINES = 500;

/**
 * readAnswerFile a slice of ANSWER_SLICE_LINES lines at a time, awaiting `pause` between two (the task gives the event
 * loop its turn: 10 MiB read at once held the API's thread about a second; decision 294), told the lines read and the
 * file's lines (the task's progress). Same answer, same refusals.
 */
export async function readAnswerFileInSlices(
  text: string,
  pause: (read: number, lines: number) => Promise<void>,
): Promise<ReadAnswer> {
  const reader = new AnswerReader(answerHead(text));
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
  for (const { line, raw } of linesOf(text)) {
    reader.take(line, raw);
    if (line % ANSWER_SLICE_LINES === 0) await pause(line, lines);
  }
  return reader.read();
}

/** The records of an answer whose head was read, taken a line at a time. */
class AnswerReader {
  private readonly lines: AnswerLine[] = [];
  private readonly errors: AnswerLineError[] = [];

  constructor(private readonly head: AnswerHead) {}

  take(line: number, raw: string): void {
    const fields = dataFields(raw);
    if (fields === null) return;
    const type = fields[0];
    if (type === '1' || type === '2') return;
    if (type !== '4') {
      this.errors.push({ line, problem: 'kistamRecordNotAsked', detail: type ?? '' });
      return;
    }
    const [, reference = '', taxId = '', birth = '', kind = '', status = '', key = '', rate = '', code = ''] = fields;
    if (!/^\d{11}$/.test(taxId)) {
      this.errors.push({ line, problem: 'kistamLineTaxIdInvalid', detail: '' });
      return;
    }
    // A record 4 has all nine fields, its last three empty for a null answer: one cut short (a truncated file) lacks
    // them, and read as empty it deleted the member's church data for good.
    if (fields.length < FIELDS_READ) {
      this.errors.push({ line, problem: 'kistamLineIncomplete', detail: '' });
      return;
    }
    const statusDate = status.trim() === '' ? this.head.statusDate : isoDate(status);
    if (statusDate === null) {
      this.errors.push({ line, problem: 'kistamLineStatusDateInvalid', detail: '' });
      return;
    }
    // A date of birth given but no date: read as none it skipped the check that the answer is the member's (decision 438).
    const birthDate = birth.trim() === '' ? null : isoDate(birth);
    if (birth.trim() !== '' && birthDate === null) {
      this.errors.push({ line, problem: 'kistamLineBirthDateInvalid', detail: '' });
      return;
    }
    const nullKey = key.trim() === '' || /^0+$/.test(key.trim());
    this.lines.push({
      line,
      reference: reference.trim(),
      taxId,
      birthDate,
      kind: kind === '1' ? 'regular' : kind === '2' ? 'event' : null,
      statusDate,
      key: nullKey ? null : key.trim(),
      rate: rate.trim() === '' ? null : rate.trim(),
      returnCode: code.trim() === '' || code.trim() === '0' ? null : code.trim(),
    });
  }

  read(): ReadAnswer {
    return { ...this.head, lines: this.lines, errors: this.errors };
  }
}

/**
 * The bytes of an uploaded file as text: UTF-8, else Latin-1 (BOP's downloads may be either). A file beginning with
 * UTF-8's byte order mark is UTF-8 whatever follows: a byte no UTF-8 reads becomes U+FFFD (the answer's fields are
 * digits and dates), where read as Latin-1 its record 1 began with `ï»¿` and was refused as missing.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes);
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

/** The data rows of a `;` file (dataFields): empty lines, `#` lines and header lines left out. */
function csvRows(text: string): string[][] {
  const out: string[][] = [];
  for (const { raw } of linesOf(text)) {
    const fields = dataFields(raw);
    if (fields !== null) out.push(fields);
  }
  return out;
}

/** The lines of `text` as `text.split(/\r?\n/)` has them, with their 1-based numbers, one at a time. */
function* linesOf(text: string): Generator<{ readonly line: number; readonly raw: string }> {
  let line = 0;
  for (let at = 0; at <= text.length;) {
    const lf = text.indexOf('\n', at);
    const end = lf < 0 ? text.length : lf;
    const cr = lf >= 0 && end > at && text.charCodeAt(end - 1) === 13;
    yield { line: ++line, raw: text.slice(at, cr ? end - 1 : end) };
    at = end + 1;
  }
}

/** A field of a `;` line: blanks around it and one pair of quotes taken off. */
function cell(field: string): string {
  // Most fields have neither (digits, dates): answered as they are, without a regular expression's run.
  if (plain(field.charCodeAt(0)) && field.charCodeAt(0) !== 34 && plain(field.charCodeAt(field.length - 1)))
    return field;
  return field
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
}

/** Whether a character code is a printable ASCII character other than the blank (so not one `trim` takes off). */
const plain = (code: number): boolean => code > 32 && code < 127;

/**
 * The first FIELDS_READ fields of a data row of a `;` file (the rest is never split: a line of ten million `;` is nine
 * fields); null for an empty line, a `#` line and a header line.
 */
function dataFields(raw: string): string[] | null {
  if (raw.trim() === '' || raw.startsWith('#')) return null;
  const fields = raw.split(';', FIELDS_READ).map(cell);
  return /^\d+$/.test(fields[0] ?? '') ? fields : null;
}
