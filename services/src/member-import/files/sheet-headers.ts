import type { RawCell } from '../import-types.js';

/*
 * The header row of a sheet → the column names a mapping is keyed by: trimmed, an empty header named by its column's
 * letter (`C`), a repeated header numbered (`Datum (2)`), so every column has a name of its own.
 */

/** The spreadsheet letter of a 0-based column index (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A cell of the header row as text. */
export function headerText(cell: RawCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

export function uniqueHeaders(cells: readonly RawCell[]): string[] {
  // trailing empty header cells (a row padded by the writer) are no columns
  let end = cells.length;
  while (end > 0 && headerText(cells[end - 1]) === '') end--;
  const seen = new Set<string>();
  const headers: string[] = [];
  for (let i = 0; i < end; i++) {
    const base = headerText(cells[i]) || columnLetter(i);
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base} (${n})`;
    seen.add(name);
    headers.push(name);
  }
  return headers;
}

/** Whether a row holds nothing (no cell, or only empty text). */
export function isEmptyRow(row: readonly RawCell[]): boolean {
  for (const cell of row) {
    if (cell === null || cell === undefined) continue;
    if (typeof cell === 'string' && cell.trim() === '') continue;
    return false;
  }
  return true;
}
