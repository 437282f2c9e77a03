import {
  IMPORT_KINDS,
  isImportKind,
  type DateFormat,
  type FileInspection,
  type ImportFieldDto,
  type ImportInspectionDto,
  type ImportKind,
  type ImportMapping,
  type NumberFormat,
} from './dto';

/*
 * The column mapping the clerk edits in step 2 (pure state, no React): one entry per sheet of every uploaded file, with
 * the kind, each column's field (null: not imported), and the import-wide number and date formats when overridden.
 * The server's guesses come preselected; a kind chosen by the clerk re-guesses the columns from the fields' headers.
 */

/** One sheet (a CSV file is one sheet named as the file) and the clerk's choices for it. */
export interface SheetState {
  readonly file: string;
  readonly sheet: string;
  readonly kind: ImportKind | null;
  readonly headers: readonly string[];
  readonly rows: number;
  readonly preview: readonly (readonly string[])[];
  /** column header → field key, or null (not imported). */
  readonly columns: Readonly<Record<string, string | null>>;
  /** The server's guess, kept so that choosing its kind again brings its columns back. */
  readonly guessed: { readonly kind: ImportKind | null; readonly columns: Readonly<Record<string, string | null>> };
}

export interface MappingState {
  readonly sheets: readonly SheetState[];
  /** null: as detected per file. */
  readonly numbers: NumberFormat | null;
  readonly dates: DateFormat | null;
}

export type FieldCatalogue = ImportInspectionDto['fields'];

/** The state of a fresh inspection: every sheet with the server's guesses, no format overridden. */
export function initialMapping(files: readonly FileInspection[]): MappingState {
  const sheets = files.flatMap((f) =>
    f.sheets.map((s): SheetState => ({
      file: f.file,
      sheet: s.sheet,
      kind: isImportKind(s.kind) ? s.kind : null,
      headers: s.headers,
      rows: s.rows,
      preview: s.preview,
      columns: completeColumns(s.headers, s.mapping),
      guessed: { kind: isImportKind(s.kind) ? s.kind : null, columns: completeColumns(s.headers, s.mapping) },
    })),
  );
  return { sheets, numbers: null, dates: null };
}

/** Every header of the sheet present in the columns (a header the guess left out is not imported). */
function completeColumns(
  headers: readonly string[],
  mapping: Readonly<Record<string, string | null>>,
): Record<string, string | null> {
  return Object.fromEntries(headers.map((h) => [h, mapping[h] ?? null]));
}

/** A header compared as the server compares it: ignoring case, spaces, dots, dashes and underscores. */
export function normalHeader(header: string): string {
  return header.toLowerCase().replace(/[\s._-]+/g, '');
}

/** Columns guessed for a kind from the catalogue's German and English headers (each field at most once). */
export function guessColumns(
  headers: readonly string[],
  fields: readonly ImportFieldDto[],
): Record<string, string | null> {
  const used = new Set<string>();
  const out: Record<string, string | null> = {};
  for (const header of headers) {
    const n = normalHeader(header);
    const field = fields.find((f) => !used.has(f.key) && (normalHeader(f.de) === n || normalHeader(f.en) === n));
    if (field) used.add(field.key);
    out[header] = field?.key ?? null;
  }
  return out;
}

const replaceSheet = (state: MappingState, index: number, change: (s: SheetState) => SheetState): MappingState => ({
  ...state,
  sheets: state.sheets.map((s, i) => (i === index ? change(s) : s)),
});

/** The clerk chose the kind of sheet `index` (null: not imported): its columns are the server's guess for the guessed kind, else guessed anew. */
export function chooseKind(
  state: MappingState,
  index: number,
  kind: ImportKind | null,
  fields: FieldCatalogue,
): MappingState {
  return replaceSheet(state, index, (s) => {
    if (kind === s.kind) return s;
    const columns =
      kind === null
        ? Object.fromEntries(s.headers.map((h) => [h, null]))
        : kind === s.guessed.kind
          ? s.guessed.columns
          : guessColumns(s.headers, fields[kind] ?? []);
    return { ...s, kind, columns };
  });
}

/** The clerk mapped a column to a field (null: not imported); a field takes one column, so another column holding it lets go. */
export function chooseField(state: MappingState, index: number, header: string, field: string | null): MappingState {
  return replaceSheet(state, index, (s) => {
    const columns: Record<string, string | null> = {};
    for (const h of s.headers)
      columns[h] = h === header ? field : field !== null && s.columns[h] === field ? null : (s.columns[h] ?? null);
    return { ...s, columns };
  });
}

/** The import-wide number and date formats (null: as detected). */
export function chooseFormats(
  state: MappingState,
  change: { numbers?: NumberFormat | null; dates?: DateFormat | null },
): MappingState {
  return { ...state, ...change };
}

/** The required fields of the sheet's kind no column maps to. */
export function unmappedRequired(sheet: SheetState, fields: FieldCatalogue): ImportFieldDto[] {
  if (!sheet.kind) return [];
  const mapped = new Set(Object.values(sheet.columns).filter((f): f is string => f !== null));
  return (fields[sheet.kind] ?? []).filter((f) => f.required && !mapped.has(f.key));
}

/** The mapping sent with the dry run and the write: the sheets with a kind, the formats where overridden. */
export function toImportMapping(state: MappingState): ImportMapping {
  return {
    sheets: state.sheets.flatMap((s) => (s.kind ? [{ sheet: s.sheet, kind: s.kind, columns: { ...s.columns } }] : [])),
    ...(state.numbers ? { numbers: state.numbers } : {}),
    ...(state.dates ? { dates: state.dates } : {}),
  };
}

/** The field's header in the clerk's language (the catalogue's first header of that language), else its key. */
export function fieldLabel(fields: FieldCatalogue, kind: ImportKind, key: string, locale: string): string {
  const field = (fields[kind] ?? []).find((f) => f.key === key);
  if (!field) return key;
  return locale === 'de' ? field.de : field.en;
}

/** True while nothing of the mapping would be imported (no sheet has a kind): the dry run has nothing to check. */
export function importsNothing(state: MappingState): boolean {
  return state.sheets.every((s) => s.kind === null);
}

/**
 * The mapping after the files were read again (a file added or removed): a sheet of the same file, name and headers
 * keeps the clerk's kind and columns; the formats chosen stay. Nothing the clerk chose is lost by adding a file.
 */
export function carryOver(previous: MappingState | null, next: MappingState): MappingState {
  if (!previous) return next;
  const same = (a: SheetState, b: SheetState) =>
    a.file === b.file && a.sheet === b.sheet && a.headers.join('\u0000') === b.headers.join('\u0000');
  return {
    sheets: next.sheets.map((s) => {
      const before = previous.sheets.find((p) => same(p, s));
      return before ? { ...s, kind: before.kind, columns: before.columns } : s;
    }),
    numbers: previous.numbers,
    dates: previous.dates,
  };
}

/**
 * What a problem's "Column" cell shows: the file's column header, or, for a field the file has no column for (a
 * required field left unmapped), the field's label in the clerk's language, from the kind of the problem's sheet (else
 * the first kind naming the field), so "Must not be empty" says what is missing.
 */
export function problemColumn(
  problem: {
    readonly file: string | null;
    readonly sheet: string | null;
    readonly column: string | null;
    readonly field: string | null;
  },
  state: MappingState | null,
  fields: FieldCatalogue | null,
  locale: string,
): string {
  if (problem.column) return problem.column;
  if (!problem.field) return '';
  const key = problem.field;
  const sheet = state?.sheets.find((s) => s.file === problem.file && s.sheet === (problem.sheet ?? problem.file));
  const kinds = sheet?.kind ? [sheet.kind, ...IMPORT_KINDS] : IMPORT_KINDS;
  const kind = kinds.find((k) => (fields?.[k] ?? []).some((f) => f.key === key));
  return kind && fields ? fieldLabel(fields, kind, key, locale) : key;
}
