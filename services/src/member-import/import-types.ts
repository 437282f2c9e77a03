import type { ImportedSummary } from '@coop/contracts';

/*
 * The import of an existing member register (issue 29): the shapes its parts agree on. Pure types, no framework.
 *
 *   files/   (bytes → detected format, sheets, header guesses; rows mapped to typed values with cell problems;
 *             templates; the problems workbook)
 *   replay/  (typed rows → the same deciders as the console, in date order, in memory: problems, summary, decisions)
 *   commands/, http/, queries/  (the import register stream, dry run and all-or-nothing write, routes, task, CLI)
 */

/** What a sheet or file holds. */
export type ImportKind = 'members' | 'postings' | 'exemptionOrders' | 'nonAssessments';
export const IMPORT_KINDS: readonly ImportKind[] = ['members', 'postings', 'exemptionOrders', 'nonAssessments'];

/** How a field's cell is read: text, a whole number, euros (to cents), a business date, yes/no, or one of fixed choices. */
export type FieldKind = 'text' | 'integer' | 'money' | 'date' | 'boolean' | 'choice';

/** One importable field of a kind (the field catalogue, `replay/import-fields.ts`). */
export interface ImportField {
  /** The field's key (the API's field name where there is one, e.g. `givenName`, `iban`). */
  readonly key: string;
  readonly kind: FieldKind;
  /** A row without it is refused (`mustNotBeEmpty`). */
  readonly required: boolean;
  /** Headers it is recognised by, compared ignoring case, spaces, dots, dashes and underscores; the first German one is the template's header. */
  readonly headers: { readonly de: readonly string[]; readonly en: readonly string[] };
  /** For `choice`: the codes with the console's words for them, and further spellings (replay/choice-words.ts). */
  readonly choice?: ImportChoice;
}

/** A code of a choice column and the console's word for it in German and English. */
export interface AllowedChoice {
  readonly code: string | number;
  readonly de: string;
  readonly en: string;
}

/**
 * What a choice column accepts (issue 39): its codes, the console's words for them in German and English, and further
 * spellings a register may hold; compared ignoring case, spacing and a trailing dot. `open`: any other text is kept as
 * written (the church's code: the tax office knows more than the console names).
 */
export interface ImportChoice {
  readonly allowed: readonly AllowedChoice[];
  /** Spellings (as `choiceKey` folds them) → the stored code. */
  readonly spellings: ReadonlyMap<string, string | number>;
  readonly open: boolean;
}

/** A typed cell: text, a whole number (cents for money), a boolean, a business date `YYYY-MM-DD` (as text), or empty. */
export type ImportValue = string | number | boolean | null;

/** Number formats: German `1.234,56`, English `1,234.56`. Date formats: German `31.12.2024`, English `12/31/2024`, ISO `2024-12-31`. */
export type NumberFormat = 'de' | 'en';
export type DateFormat = 'de' | 'en' | 'iso';

/** What was detected in one file (shown to the clerk, who may override numbers and dates). */
export interface DetectedFormat {
  readonly fileType: 'csv' | 'xlsx';
  /** CSV only: `utf-8` (with or without BOM), `utf-16` (with its BOM: Excel's "Unicode text") or `windows-1252`; null for XLSX. */
  readonly encoding: 'utf-8' | 'utf-16' | 'windows-1252' | null;
  /** CSV only: the field delimiter. */
  readonly delimiter: ',' | ';' | '\t' | null;
  readonly numbers: NumberFormat;
  readonly dates: DateFormat;
}

/** A sheet of a workbook or a CSV file as read: its headers and raw rows (text as shown in the file). */
export interface RawSheet {
  readonly file: string;
  /** The worksheet's name (XLSX) or the file's name (CSV). */
  readonly sheet: string;
  readonly headers: readonly string[];
  /** Data rows (the header row excluded); each cell as text (XLSX dates and numbers are typed and read as such by the mapper). */
  readonly rows: readonly (readonly RawCell[])[];
  /** The file row number of `rows[0]` (1-based; the header is the row before). */
  readonly firstRow: number;
}

/** A cell as read: text, or (XLSX) a number, a date or a boolean already typed by the file. */
export type RawCell = string | number | boolean | Date | null;

/** Which field each column of a sheet goes to (by the column's header text; null: the column is not imported). */
export interface SheetMapping {
  readonly sheet: string;
  readonly kind: ImportKind;
  readonly columns: Readonly<Record<string, string | null>>;
}

/** The clerk's choices for a whole import: the mapping of each sheet, and number/date formats where overridden. */
export interface ImportMapping {
  readonly sheets: readonly SheetMapping[];
  readonly numbers?: NumberFormat;
  readonly dates?: DateFormat;
}

/** One data row of a kind, its values typed by field key; `cells` keeps each mapped column's text for problem reports. */
export interface ImportRow {
  readonly kind: ImportKind;
  readonly file: string;
  readonly sheet: string;
  /** The row's number in its file (1-based, the header row counted). */
  readonly row: number;
  readonly values: Readonly<Record<string, ImportValue>>;
  /** field key → { column header, the cell's text } */
  readonly cells: Readonly<Record<string, { readonly column: string; readonly text: string }>>;
  /**
   * One field's entry of `cells` without making the others (a row read from a file makes `cells` anew on every read:
   * the replay asks of a million postings whether their settlement cells are filled; decision 249). Absent: `cells`.
   */
  cell?(field: string): { readonly column: string; readonly text: string } | undefined;
}

/**
 * A problem: where (sheet, row, column), the value, and a message template with parameters in the API's style
 * (`ValidationTemplate` of contracts, or an import template `import…`), translated for the clerk (console, problems workbook, CLI).
 */
export interface ImportProblem {
  readonly file: string | null;
  readonly sheet: string | null;
  /** The row number in its file; null for a problem of the whole import (e.g. a sheet without a kind). */
  readonly row: number | null;
  /** The column's header as in the file; null when the problem is not one cell's. */
  readonly column: string | null;
  /** The field key; null when the problem is the row's or the import's. */
  readonly field: string | null;
  readonly value: string | null;
  readonly template: string;
  readonly parameters: Readonly<Record<string, string>>;
}

/** What a dry run found (and what a write wrote): the counts `RegisterImported` records. Money in cents. */
export type ImportSummary = ImportedSummary;

/** A member already in the cooperative as the duplicates compare it (from the members read model; erased ones left out). */
export interface ExistingPerson {
  readonly memberNr: number | null;
  /** "Name, Given name" as the member list shows it. */
  readonly label: string;
  /** The hand-entered tax id's digits, when the member has not left (a former member may join again). */
  readonly taxIdKey: string | null;
  readonly iban: string | null;
  readonly nameKey: string | null;
  readonly birthDate: string | null;
}
