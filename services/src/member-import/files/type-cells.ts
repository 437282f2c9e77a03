import type {
  DateFormat,
  ImportField,
  ImportProblem,
  ImportRow,
  ImportValue,
  NumberFormat,
  RawCell,
  RawSheet,
  SheetMapping,
} from '../import-types.js';
import { IMPORT_FIELDS } from '../replay/import-fields.js';
import {
  dateFromDate,
  dateFromSerial,
  moneyFromNumber,
  parseBooleanText,
  parseDateText,
  parseIntegerText,
  parseMoneyText,
  spreadsheetError,
} from './parse-values.js';
import { memo } from './memo.js';
import { isEmptyRow } from './sheet-headers.js';
import { allowedText, BOOLEAN_ALLOWED, choiceValue } from '../replay/choice-words.js';

/*
 * A sheet's rows → typed import rows (import, issue 29): each mapped column's cell read as its field's kind in the
 * file's formats. A cell that does not read is a problem at its row and column (`invalidNumber`, `invalidDate`,
 * `importInvalidChoice` listing what is allowed, also for yes/no; in a column of any kind an error the spreadsheet
 * shows, `#DIV/0!`, is `importCellError`), a required field's empty cell `mustNotBeEmpty`, a required field no column
 * maps to `importUnmappedRequired` (once for the sheet). Rows entirely empty are skipped. A row keeps its raw cells
 * and reads `cells` (column and text per field) from them when asked: a million rows need not carry a second copy of
 * their texts.
 */

export interface CellFormats {
  readonly numbers: NumberFormat;
  readonly dates: DateFormat;
}

/** A mapped column: its index, header and field. */
interface Column {
  readonly index: number;
  readonly header: string;
  readonly field: ImportField;
}

/** What a cell shows, as text (for problems and `cells`): typed dates as `YYYY-MM-DD`, numbers as JavaScript writes them. */
export function cellText(cell: RawCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return dateFromDate(cell) ?? '';
  if (typeof cell === 'string') return cell.trim();
  return String(cell);
}

/**
 * An import row whose `cells` are read from its raw cells on demand (a getter of the class, written out by `toJSON`).
 * Its own enumerable properties are those of ImportRow but `cells`: a spread (`{...row}`) or `structuredClone` loses
 * them; use `toJSON()` for a plain copy.
 */
class TypedRow implements ImportRow {
  readonly #raw: readonly RawCell[];
  readonly #columns: readonly Column[];

  constructor(
    readonly kind: ImportRow['kind'],
    readonly file: string,
    readonly sheet: string,
    readonly row: number,
    readonly values: Readonly<Record<string, ImportValue>>,
    raw: readonly RawCell[],
    columns: readonly Column[],
  ) {
    this.#raw = raw;
    this.#columns = columns;
  }

  get cells(): Record<string, { column: string; text: string }> {
    const cells: Record<string, { column: string; text: string }> = {};
    for (const c of this.#columns) cells[c.field.key] = { column: c.header, text: cellText(this.#raw[c.index]) };
    return cells;
  }

  /** `cells[field]`, made alone (the last column mapped to the field, as in `cells`). */
  cell(field: string): { column: string; text: string } | undefined {
    const columns = this.#columns;
    for (let i = columns.length - 1; i >= 0; i--) {
      const c = columns[i]!;
      if (c.field.key === field) return { column: c.header, text: cellText(this.#raw[c.index]) };
    }
    return undefined;
  }

  toJSON(): ImportRow {
    return {
      kind: this.kind,
      file: this.file,
      sheet: this.sheet,
      row: this.row,
      values: this.values,
      cells: this.cells,
    };
  }
}

type Typed =
  | { value: ImportValue }
  | {
      template: 'invalidNumber' | 'invalidDate' | 'importInvalidChoice' | 'importCellError';
      parameters?: Record<string, string>;
    };

const BAD_NUMBER = { template: 'invalidNumber' } as const;
const BAD_DATE = { template: 'invalidDate' } as const;
/** A refused choice lists what is allowed ({1}): the console's words in German and English with their codes. */
const badChoice = (text: string, allowed: string): Typed => ({
  template: 'importInvalidChoice',
  parameters: { 0: text, 1: allowed },
});

/** One non-empty cell → its value or the reason it does not read (an error the cell shows, in a column of any kind). */
export function typeCell(field: ImportField, cell: Exclude<RawCell, null>, formats: CellFormats): Typed {
  const error = typeof cell === 'string' ? spreadsheetError(cell) : null;
  if (error !== null) return { template: 'importCellError', parameters: { 0: error } };
  switch (field.kind) {
    case 'text':
      return { value: cellText(cell) };
    case 'integer': {
      if (typeof cell === 'number') return Number.isSafeInteger(cell) ? { value: cell } : BAD_NUMBER;
      if (typeof cell !== 'string') return BAD_NUMBER;
      const n = parseIntegerText(cell, formats.numbers);
      return n === null ? BAD_NUMBER : { value: n };
    }
    case 'money': {
      const cents =
        typeof cell === 'number'
          ? moneyFromNumber(cell)
          : typeof cell === 'string'
            ? parseMoneyText(cell, formats.numbers)
            : null;
      return cents === null ? BAD_NUMBER : { value: cents };
    }
    case 'date': {
      const date =
        cell instanceof Date
          ? dateFromDate(cell)
          : typeof cell === 'number'
            ? dateFromSerial(cell)
            : typeof cell === 'string'
              ? parseDateText(cell, formats.dates)
              : null;
      return date === null ? BAD_DATE : { value: date };
    }
    case 'boolean': {
      const b =
        typeof cell === 'boolean'
          ? cell
          : typeof cell === 'number'
            ? cell === 1
              ? true
              : cell === 0
                ? false
                : null
            : typeof cell === 'string'
              ? parseBooleanText(cell)
              : null;
      return b === null ? badChoice(cellText(cell), BOOLEAN_ALLOWED) : { value: b };
    }
    case 'choice': {
      const text = cellText(cell);
      const choice = field.choice;
      const c = choice ? choiceValue(choice, text) : undefined;
      return c === undefined ? badChoice(text, choice ? allowedText(choice) : '') : { value: c };
    }
  }
}

const isEmptyCell = (cell: RawCell | undefined): cell is null | undefined =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** The columns a mapping takes, in the sheet's order; a field mapped twice is taken from its first column. */
export function mappedColumns(sheet: RawSheet, mapping: SheetMapping): Column[] {
  const fields = new Map(IMPORT_FIELDS[mapping.kind].map((f) => [f.key, f]));
  const taken = new Set<string>();
  const columns: Column[] = [];
  sheet.headers.forEach((header, index) => {
    const key = mapping.columns[header];
    const field = key ? fields.get(key) : undefined;
    if (!field || taken.has(field.key)) return;
    taken.add(field.key);
    columns.push({ index, header, field });
  });
  return columns;
}

const problem = (
  sheet: RawSheet,
  row: number | null,
  column: string | null,
  field: string | null,
  value: string | null,
  template: string,
  parameters: Record<string, string> = {},
): ImportProblem => ({
  file: sheet.file,
  sheet: sheet.sheet,
  row,
  column,
  field,
  value,
  template,
  parameters,
});

/** Rows typed between two turns of the event loop. */
const SLICE = 20_000;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The typed rows of one sheet and the problems of its cells, appended to `out` (a million rows are not spread into
 * another array), a turn of the event loop given every 20,000 rows.
 */
export async function typeSheetInto(
  sheet: RawSheet,
  mapping: SheetMapping,
  formats: CellFormats,
  out: { rows: ImportRow[]; problems: ImportProblem[] },
): Promise<void> {
  const { rows, problems } = out;
  const columns = mappedColumns(sheet, mapping);
  const mapped = new Set(columns.map((c) => c.field.key));
  for (const f of IMPORT_FIELDS[mapping.kind]) {
    if (f.required && !mapped.has(f.key))
      problems.push(
        problem(sheet, null, null, f.key, null, 'importUnmappedRequired', {
          0: f.headers.de[0] ?? f.key,
          1: f.headers.en[0] ?? f.key,
        }),
      );
  }
  // Texts of a column read once each (a register's dates, amounts and types repeat); plain texts need no reading. The
  // first cell of a text is kept and the row's later equal cells point at it (issue 40): a million rows kept about
  // 8 million copies of the same few thousand texts, about 200 MB at 100,000 members.
  const readText = columns.map((c) =>
    c.field.kind === 'text' ? null : memo((t: string) => ({ typed: typeCell(c.field, t, formats), text: t })),
  );
  // Every row's values have the same fields, each a copy of one object made with them all: in the heap snapshot of a
  // 100,000-member import, values given their fields one by one were dictionaries of about 1.6 kB; copies were not.
  const blank: Readonly<Record<string, ImportValue>> = Object.fromEntries(columns.map((c) => [c.field.key, null]));
  for (let i = 0; i < sheet.rows.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    const raw = sheet.rows[i] as RawCell[];
    if (isEmptyRow(raw)) continue;
    const rowNumber = sheet.firstRow + i;
    const values: Record<string, ImportValue> = { ...blank };
    for (let ci = 0; ci < columns.length; ci++) {
      const c = columns[ci] as Column;
      const cell = raw[c.index];
      if (isEmptyCell(cell)) {
        values[c.field.key] = null;
        if (c.field.required) problems.push(problem(sheet, rowNumber, c.header, c.field.key, '', 'mustNotBeEmpty'));
        continue;
      }
      const reader = readText[ci];
      let typed: Typed;
      if (typeof cell === 'string' && reader) {
        const read = reader(cell);
        raw[c.index] = read.text;
        typed = read.typed;
      } else typed = typeCell(c.field, cell, formats);
      if ('value' in typed) values[c.field.key] = typed.value;
      else {
        values[c.field.key] = null;
        problems.push(
          problem(sheet, rowNumber, c.header, c.field.key, cellText(cell), typed.template, typed.parameters),
        );
      }
    }
    rows.push(new TypedRow(mapping.kind, sheet.file, sheet.sheet, rowNumber, values, raw, columns));
  }
}
