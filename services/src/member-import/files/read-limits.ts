/*
 * The limits of reading an import's files (issues 38 and 39; docs/security.md "Upload limits", decision 128). Each is
 * checked before or while the work it bounds is done, never after: an upload's bytes as they arrive, a workbook's sizes
 * in its zip's central directory before anything is unzipped, a row's number before the rows up to it are made, a
 * record's columns and a cell's length as the parser hands them over. The figures leave the benchmark's register
 * (100,000 members with 1,000,000 postings, bench/import.js: 25 MB and 56 MB of CSV, 10 M cells in the larger
 * file) importable with room.
 */

/** Files of one upload. */
export const MAX_FILES = 8;
/** Bytes of one file of an upload: 100 MiB. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Bytes of all files of one upload together: 160 MiB. */
export const MAX_UPLOAD_BYTES = 160 * 1024 * 1024;
/** Rows of one sheet (or CSV file), the header's included: Excel's own limit. */
export const MAX_ROWS = 1_048_576;
/**
 * Rows of all sheets of one file as read (decision 346), the rows never written between two that are (they stand empty
 * so that a row keeps its number) included: a workbook of twenty sheets each naming a cell in row 1,048,576 made twenty
 * million rows from 7 KB and, eight such files in one upload, ran the API out of memory. Room for a members sheet of
 * 400,000 and a full sheet of postings.
 */
export const MAX_FILE_ROWS = 1_500_000;
/** Columns of one row. */
export const MAX_COLUMNS = 512;
/** Characters of one cell: Excel's own limit. */
export const MAX_CELL_CHARS = 32_767;
/** Characters of one CSV record (a row with its delimiters): csv-parse refuses a longer one before it is made. */
export const MAX_RECORD_CHARS = 1024 * 1024;
/** Cells (filled or not, up to each row's last) of all sheets of one file. */
export const MAX_CELLS = 16_000_000;
/** Characters of all the text cells of one file together (a shared string counts for every cell that shows it). */
export const MAX_TEXT_CHARS = 200_000_000;
/** Bytes of a workbook unzipped: 1 GiB (the benchmark's 1,000,000 postings are about 660 MB of sheet XML). */
export const MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024;
/** Unzipped bytes per zipped byte of a part above 1 MiB (Apache POI's zip-bomb bound; real sheets are 5 to 20). */
export const MAX_RATIO = 100;
/** Parts of a workbook's zip. */
export const MAX_PARTS = 10_000;

/** What went beyond a limit: each its own translated refusal (contracts/src/import-templates.ts). */
export type ReadLimit =
  | 'rows'
  | 'columns'
  | 'cellChars'
  | 'recordChars'
  | 'cells'
  | 'textChars'
  | 'unzipped'
  | 'ratio'
  | 'parts'
  | 'time'
  | 'memory';

/**
 * A file beyond a limit of reading: refused whole (nothing of it is read on); `limit` is the figure, `where` the sheet
 * (and row) where it was found, when it was found in one.
 */
export class ReadLimitError extends Error {
  constructor(
    readonly kind: ReadLimit,
    readonly limit: number,
    readonly where: string = '',
  ) {
    super(`beyond the import's limit of ${kind}: ${limit}${where ? ` (${where})` : ''}`);
    this.name = 'ReadLimitError';
  }
}

/** Counts a file's cells and text as they are read, refusing the file the moment a limit is passed. */
export class ReadBudget {
  private cells = 0;
  private text = 0;
  private rows = 0;

  /** `count` rows placed in `sheet` (a row read and the empty rows before it): refused beyond MAX_FILE_ROWS. */
  placed(sheet: string, count: number): void {
    this.rows += count;
    if (this.rows > MAX_FILE_ROWS) throw new ReadLimitError('rows', MAX_FILE_ROWS, sheet);
  }

  /** A row of `columns` cells at sheet row `row` of `sheet`. */
  row(sheet: string, row: number, columns: number): void {
    if (row > MAX_ROWS) throw new ReadLimitError('rows', MAX_ROWS, sheet);
    if (columns > MAX_COLUMNS) throw new ReadLimitError('columns', MAX_COLUMNS, `${sheet}, row ${row}`);
    this.cells += columns;
    if (this.cells > MAX_CELLS) throw new ReadLimitError('cells', MAX_CELLS, sheet);
  }

  /** A text cell of `chars` characters at sheet row `row` of `sheet`. */
  textCell(sheet: string, row: number, chars: number): void {
    if (chars > MAX_CELL_CHARS) throw new ReadLimitError('cellChars', MAX_CELL_CHARS, `${sheet}, row ${row}`);
    this.text += chars;
    if (this.text > MAX_TEXT_CHARS) throw new ReadLimitError('textChars', MAX_TEXT_CHARS, sheet);
  }
}
