import { ValidationError, type FieldError } from '@coop/contracts';
import type { ImportTemplate } from '@coop/contracts';
import type { ImportProblem, ImportRow } from '../import-types.js';

/** A row's `cells[field]` (its column and text), without making the row's other cells where the row can. */
export const cellOf = (
  row: ImportRow,
  field: string,
): { readonly column: string; readonly text: string } | undefined => (row.cell ? row.cell(field) : row.cells[field]);

/**
 * A problem of the import on a row: the column is the one mapped to the field (`row.cells[field].column`), the value
 * that cell's text. A field no column maps to (a default, or a value the replay filled in) gives a problem without a
 * column; a problem of the whole row names no field.
 */
export function problemAt(
  row: ImportRow,
  field: string | null,
  template: string,
  parameters: Readonly<Record<string, string>> = {},
): ImportProblem {
  const cell = field === null ? undefined : cellOf(row, field);
  const value = field === null ? null : (cell?.text ?? textOf(row.values[field]));
  return {
    file: row.file,
    sheet: row.sheet,
    row: row.row,
    column: cell?.column ?? null,
    field,
    value,
    template,
    parameters,
  };
}

/** An import template's problem with numbered parameters (`{0}`, `{1}`). */
export function importProblem(
  row: ImportRow,
  field: string | null,
  template: ImportTemplate,
  ...parameters: readonly string[]
): ImportProblem {
  return problemAt(row, field, template, Object.fromEntries(parameters.map((p, i) => [String(i), p])));
}

/**
 * The field of a decider's error as the import names it: the deciders speak the API's fields (`annulPeer`,
 * `transferTo`, `spouse`, `member`), the import its catalogue's keys (`annulRef`, `transferMemberNr`, …).
 */
export type FieldNames = Readonly<Record<string, string>>;

/** Where each field of a command came from: the row (and its field) of the file; absent fields are the `fallback` row's. */
export interface FieldSources {
  readonly fallback: ImportRow;
  readonly names?: FieldNames;
  readonly rows?: Readonly<Record<string, { readonly row: ImportRow; readonly field: string }>>;
}

/**
 * One problem per FieldError of a decider's refusal, each on the row and column its field came from; but none on a
 * cell the files part could not read (a date `bald`, an error `#DIV/0!`): it reported that cell already, and the
 * decider, given no value for it, would report it a second time (`mustNotBeEmpty` beside `invalidDate`).
 */
export function problemsOf(error: ValidationError, sources: FieldSources): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const e of error.errors) {
    const { row, field } = placeOf(e, sources);
    if (field === null || !isUnreadCell(row, field)) problems.push(problemAt(row, field, e.template, e.parameters));
  }
  return problems;
}

/** The row and field a FieldError of a decider is on. */
function placeOf(e: FieldError, sources: FieldSources): { row: ImportRow; field: string | null } {
  if (e.field === null) return { row: sources.fallback, field: null };
  const source = sources.rows?.[e.field];
  if (source) return source;
  return { row: sources.fallback, field: sources.names?.[e.field] ?? e.field };
}

/** A cell that holds text but gave no value: one the files part could not read, and reported (type-cells.ts). */
function isUnreadCell(row: ImportRow, field: string): boolean {
  return row.values[field] === null && (cellOf(row, field)?.text.trim() ?? '') !== '';
}

/**
 * Runs a decision: a ValidationError becomes problems (appended to `problems`) and the answer undefined; any other
 * error is a bug and is thrown.
 */
export function attempt<T>(decide: () => T, sources: FieldSources, problems: ImportProblem[]): T | undefined {
  try {
    return decide();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...problemsOf(error, sources));
    return undefined;
  }
}

function textOf(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
