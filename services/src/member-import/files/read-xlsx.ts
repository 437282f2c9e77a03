import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { RawCell, RawSheet } from '../import-types.js';
import { uniqueHeaders } from './sheet-headers.js';

/*
 * An XLSX workbook → one RawSheet per worksheet (import, issue 29), read with exceljs's streaming `WorkbookReader`
 * (`load` builds an object per cell with its style: a sheet of a million postings would not fit). Styles are read so a
 * number formatted as a date comes as a Date; numbers stay numbers, booleans booleans; rich text, formulas (their
 * result), hyperlinks (their text) and errors (`#N/A`) come as what the cell shows. The header is the sheet's first
 * row of two cells or more (a title above it is passed over; in a sheet of one column, its first row that holds
 * anything); rows missing from the file (never written) are empty rows, so row numbers stay the sheet's.
 */

/** The value of a cell as exceljs reads it. */
function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; result?: unknown; formula?: unknown; sharedFormula?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return rawCell(v.result);
    if (v.text !== undefined) return rawCell(v.text);
    if (v.error !== undefined) return String(v.error);
  }
  return String(value);
}

interface SheetReader {
  readonly id?: number | string;
  readonly name?: string;
  [Symbol.asyncIterator](): AsyncGenerator<ExcelJS.Row>;
}

/** How many cells of a row hold something. */
function filledCells(cells: readonly RawCell[]): number {
  let n = 0;
  for (const c of cells) if (c !== null && !(typeof c === 'string' && c.trim() === '')) n++;
  return n;
}

/** The cells of a row from column 1 (exceljs's `values` begin at index 1). */
function rowCells(row: ExcelJS.Row): RawCell[] {
  const values = row.values as unknown[];
  const cells: RawCell[] = [];
  for (let i = 1; i < values.length; i++) cells.push(rawCell(values[i]));
  return cells;
}

/** Every worksheet of the workbook, in the workbook's order. */
export async function readXlsx(file: string, bytes: Uint8Array): Promise<RawSheet[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: { order: number; sheet: RawSheet }[] = [];
  let index = 0;
  for await (const worksheet of reader as AsyncIterable<unknown> as AsyncIterable<SheetReader>) {
    let header: RawCell[] | null = null;
    let headerRow = 0;
    const rows: RawCell[][] = [];
    // rows before a header of two cells or more: a title (`Mitgliederliste 2024`) above the header, or a sheet of one column
    const before: { number: number; cells: RawCell[] }[] = [];
    const place = (number: number, cells: RawCell[]): void => {
      // rows never written stand empty, so rows[i] is sheet row headerRow + 1 + i
      while (headerRow + 1 + rows.length < number) rows.push([]);
      rows.push(cells);
    };
    for await (const row of worksheet) {
      const cells = rowCells(row);
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
    // a worksheet without a name in the workbook (never with exceljs or Excel) is named as exceljs does
    const name = worksheet.name ?? `Sheet${index + 1}`;
    const order = Number(worksheet.id ?? index);
    sheets.push({ order, sheet: { file, sheet: name, headers: uniqueHeaders(header ?? []), rows, firstRow: headerRow + 1 } });
    index++;
  }
  return sheets.sort((a, b) => a.order - b.order).map((s) => s.sheet);
}
