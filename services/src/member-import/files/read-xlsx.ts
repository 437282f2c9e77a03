import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exceljs } from '../../platform/xlsx/exceljs.js';
import type { RawCell, RawSheet } from '../import-types.js';
import { UnreadableFileError } from './file-read.js';
import { ReadBudget } from './read-limits.js';
import { uniqueHeaders } from './sheet-headers.js';
import { DamagedZipError, partBytes, partChunks, zipParts, type ZipPart } from './zip-parts.js';

/*
 * An XLSX workbook → one RawSheet per worksheet (import, issues 29 and 39; decision 127). The zip's central directory
 * is read first (zip-parts.ts): the limits of a workbook are checked on it before anything is unzipped, and the parts
 * are handed to exceljs's streaming parsers in the one order they need, whatever order the writer put them in: the
 * workbook's relationships, the workbook, the shared strings, the styles, then each worksheet in the workbook's order.
 * (exceljs's `WorkbookReader` takes the parts in the zip's order through unzipper and parks sheets that come before the
 * workbook in temporary files: with the product's own register workbook, sheets first, the same bytes read as the
 * whole register, as nothing, or as an error, by timing.) Each part is unzipped a chunk at a time and decoded as one
 * UTF-8 text (exceljs decodes every chunk apart, breaking a letter cut between two). `load` is not used: it builds an
 * object per cell with its style, and a sheet of a million postings would not fit.
 * Styles are read so a number formatted as a date comes as a Date; numbers stay numbers, booleans booleans; rich text,
 * formulas (their result), hyperlinks (their text) and errors (`#N/A`) come as what the cell shows: an error a formula
 * gives too (`#DIV/0!`; errorsAsText), a number no cell can show (`Infinity`) as Excel's `#NUM!`. The header is the
 * sheet's first row of two cells or more (a title above it is passed over; in a sheet of one column, its first row that
 * holds anything); rows missing from the file (never written) are empty rows, so row numbers stay the sheet's. A
 * workbook is read whole or refused: a worksheet its workbook names but the zip lacks is a damaged file.
 */

/** What a cell shows of a number: Excel's error for a number beyond its reach (exceljs writes `<v>Infinity</v>`). */
const NOT_A_NUMBER = '#NUM!';

/**
 * The value of a cell as exceljs reads it; `result`: a formula's result as the file holds it (exceljs's `value` of a
 * formula leaves out a result that is falsy: 0, false, NaN).
 */
function rawCell(value: unknown, result: () => unknown = () => undefined): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    // NaN: a `<v>` without a number, read as no value (a formula's: refused by rowCells, never calculated)
    if (Number.isNaN(value)) return null;
    return Number.isFinite(value) ? value : NOT_A_NUMBER;
  }
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text?: string }[];
      result?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
      text?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return rawCell('result' in v ? v.result : result());
    if (v.text !== undefined) return rawCell(v.text);
    if (v.error !== undefined) return String(v.error);
  }
  return String(value);
}

interface SheetReader {
  id?: number | string;
  name?: string;
  [Symbol.asyncIterator](): AsyncGenerator<ExcelJS.Row>;
}

/** A relationship of the workbook (`xl/_rels/workbook.xml.rels`) as exceljs reads it. */
interface Relationship {
  readonly Id?: string;
  readonly Type?: string;
  readonly Target?: string;
}

/**
 * The parsers of exceljs's `WorkbookReader` (4.4) that the read drives itself, part by part: each fills the reader's
 * fields as `WorkbookReader.parse` would (relationships, the workbook's model and properties, shared strings, styles).
 */
interface WorkbookParsers {
  workbookRels?: Relationship[];
  model?: { sheets?: { id?: number; name?: string; rId?: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: SheetReader }>;
}

const WORKSHEET = /\/worksheet$/;

/** A part's text, decoded as one UTF-8 stream however its chunks are cut. */
async function* text(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const piece = decoder.decode(chunk, { stream: true });
    if (piece !== '') yield piece;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** A cell's start tag with the type `e` (the attribute's name after white space, its value in either quotes). */
const ERROR_CELL = /<c(\s(?:[^>]*?\s)?)t\s*=\s*(["'])e\2/g;

/**
 * A worksheet's text with each cell of type `e` (an error: `<c r="A1" t="e"><f>1/0</f><v>#DIV/0!</v></c>`) given the
 * type `str`. exceljs's worksheet reader reads a formula's result as a number unless its type is `str`, so an error
 * was `parseFloat('#DIV/0!')`, NaN, which the formula's `value` then leaves out: the cell read as empty. As `str` the
 * result is the error's text, as a plain error cell (`{ error: '#N/A' }`) reads. A piece's text is changed up to its last tag; a tag cut at
 * the piece's end waits for the next piece, so the text reads the same however it is cut.
 */
export async function* errorsAsText(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const piece of pieces) {
    const text = rest + piece;
    const open = text.lastIndexOf('<');
    const end = open >= 0 && text.indexOf('>', open) < 0 ? open : text.length;
    rest = text.slice(end);
    if (end > 0) yield text.slice(0, end).replace(ERROR_CELL, '<c$1t="str"');
  }
  if (rest !== '') yield rest.replace(ERROR_CELL, '<c$1t="str"');
}

/** A small part whole, as a stream of its text. */
async function smallPart(bytes: Buffer, part: ZipPart): Promise<Readable> {
  return Readable.from([new TextDecoder('utf-8').decode(await partBytes(bytes, part))]);
}

/** The part a workbook relationship's target names (relative to `xl/`, or absolute from the package's root). */
function targetPart(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const out: string[] = [];
  for (const piece of path.split('/')) {
    if (piece === '..') out.pop();
    else if (piece !== '.' && piece !== '') out.push(piece);
  }
  return out.join('/');
}

/** How many cells of a row hold something. */
function filledCells(cells: readonly RawCell[]): number {
  let n = 0;
  for (const c of cells) if (c !== null && !(typeof c === 'string' && c.trim() === '')) n++;
  return n;
}

/** A formula's cell as exceljs reads it (its own, or one filled down from another). */
const isFormula = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);

/**
 * The cells of a row from column 1 (exceljs's `values` begin at index 1), within the file's limits. A formula without
 * a value (`<f>B2*2</f>` with no `<v>` or an empty one: a program wrote the workbook without calculating it) refuses
 * the file, naming its cell: read as empty it would drop what the clerk sees there once the file is opened.
 */
function rowCells(file: string, row: ExcelJS.Row, sheet: string, budget: ReadBudget): RawCell[] {
  const values = row.values as unknown[];
  budget.row(sheet, row.number, Math.max(0, values.length - 1));
  const cells: RawCell[] = [];
  for (let i = 1; i < values.length; i++) {
    const cell = rawCell(values[i], () => row.getCell(i).result);
    if (cell === null && isFormula(values[i])) {
      const where = `${sheet}!${row.getCell(i).address}`;
      throw new UnreadableFileError(
        file,
        'xlsx',
        `no value of the formula in ${where}`,
        'formulaNotCalculated',
        row.number,
        where,
      );
    }
    if (typeof cell === 'string') budget.textCell(sheet, row.number, cell.length);
    cells.push(cell);
  }
  return cells;
}

/** One worksheet's rows → its RawSheet. */
async function readSheet(file: string, name: string, worksheet: SheetReader, budget: ReadBudget): Promise<RawSheet> {
  let header: RawCell[] | null = null;
  let headerRow = 0;
  const rows: RawCell[][] = [];
  // rows before a header of two cells or more: a title (`Mitgliederliste 2024`) above the header, or a sheet of one column
  const before: { number: number; cells: RawCell[] }[] = [];
  const place = (number: number, cells: RawCell[]): void => {
    // rows never written stand empty, so rows[i] is sheet row headerRow + 1 + i (the row's number is within MAX_ROWS);
    // the file's rows, those empty ones with them, are counted before they are made (MAX_FILE_ROWS)
    budget.placed(name, number - (headerRow + 1 + rows.length) + 1);
    while (headerRow + 1 + rows.length < number) rows.push([]);
    rows.push(cells);
  };
  for await (const row of worksheet) {
    const cells = rowCells(file, row, name, budget);
    if (header !== null) place(row.number, cells);
    else if (filledCells(cells) >= 2) {
      header = cells;
      headerRow = row.number;
      before.length = 0;
    } else if (filledCells(cells) === 1) before.push({ number: row.number, cells });
  }
  const [first, ...rest] = before;
  if (header === null && first) {
    header = first.cells;
    headerRow = first.number;
    for (const r of rest) place(r.number, r.cells);
  }
  return { file, sheet: name, headers: uniqueHeaders(header ?? []), rows, firstRow: headerRow + 1 };
}

/** Every worksheet of the workbook, in the workbook's order; a workbook beyond a limit or damaged is refused whole. */
export async function readXlsx(file: string, bytes: Uint8Array): Promise<RawSheet[]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = zipParts(buffer);
  const part = (name: string): ZipPart | undefined => parts.get(name);
  const rels = part('xl/_rels/workbook.xml.rels');
  const book = part('xl/workbook.xml');
  if (!rels || !book) throw new DamagedZipError('no xl/workbook.xml with its relationships (not an XLSX workbook)');
  const reader = new (await exceljs()).stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookParsers;
  await reader._parseRels(await smallPart(buffer, rels));
  await reader._parseWorkbook(await smallPart(buffer, book));
  const strings = part('xl/sharedStrings.xml');
  if (strings)
    for await (const _ of reader._parseSharedStrings(Readable.from(text(partChunks(buffer, strings))))) void _;
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(await smallPart(buffer, styles));

  const relations = new Map((reader.workbookRels ?? []).map((r) => [r.Id ?? '', r]));
  const budget = new ReadBudget();
  const sheets: RawSheet[] = [];
  // A part is one sheet's: a workbook naming it for several (9,000 sheets of one part of a million rows, 2.7 MB) would
  // be unzipped and parsed again for each, past the unzipped size its directory declares (decision 346).
  const named = new Set<string>();
  for (const [index, entry] of (reader.model?.sheets ?? []).entries()) {
    const relation = relations.get(entry.rId ?? '');
    // a chart sheet (or any sheet that is not a worksheet) holds no rows
    if (relation && !WORKSHEET.test(relation.Type ?? '')) continue;
    const name = entry.name ?? `Sheet${index + 1}`;
    const sheetPart = relation?.Target ? part(targetPart(relation.Target)) : undefined;
    if (!sheetPart) throw new DamagedZipError(`the workbook names the sheet ${name}, the file does not hold it`);
    const partName = targetPart(relation!.Target!);
    if (named.has(partName)) throw new DamagedZipError(`the sheet ${name} names the part of another sheet`);
    named.add(partName);
    const emitted = [...reader._parseWorksheet(errorsAsText(text(partChunks(buffer, sheetPart))), String(index + 1))];
    const worksheet = emitted[0]?.value;
    if (!worksheet) throw new DamagedZipError(`the sheet ${name} cannot be read`);
    sheets.push(await readSheet(file, name, worksheet, budget));
  }
  return sheets;
}
