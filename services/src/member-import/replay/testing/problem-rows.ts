import type { ImportProblem, ImportRow, ImportValue } from '../../import-types.js';
import { importRow, replayContext } from '../generated-register.js';
import { replayImport } from '../replay-import.js';

/** The replay's problem specs share these: rows of a sheet as the reader gives them, and where a problem points. */
export const context = replayContext;

export const sheet = (kind: ImportRow['kind'], rows: readonly Record<string, ImportValue>[]): ImportRow[] =>
  rows.map((values, i) => importRow(kind, i + 2, values));
export const members = (...rows: Record<string, ImportValue>[]): ImportRow[] => sheet('members', rows);
export const postings = (...rows: Record<string, ImportValue>[]): ImportRow[] => sheet('postings', rows);
export const subscription = (nr: number, quantity: number, date = '2015-01-01'): Record<string, ImportValue> => ({
  memberNr: nr,
  ref: `S${nr}`,
  type: 0,
  quantity,
  date,
  approvalDate: date,
});
export const problems = (rows: readonly ImportRow[], ctx = context()): ImportProblem[] =>
  replayImport(rows, ctx).problems;
/** Where a problem is and what it says. */
export const at = (
  p: ImportProblem,
): Pick<ImportProblem, 'sheet' | 'row' | 'column' | 'value' | 'template' | 'parameters'> => ({
  sheet: p.sheet,
  row: p.row,
  column: p.column,
  value: p.value,
  template: p.template,
  parameters: p.parameters,
});
