/*
 * The one guard against CSV injection (formula injection, CWE-1236) of every CSV file the product writes: the member
 * list export, the FSA control report, the KapESt return, the KiStAM request file and the import templates
 * (docs/security.md "Files the product writes"; decision 134). Pure.
 *
 * A spreadsheet opening a CSV file takes a cell beginning with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`
 * sends the neighbouring cells to a server when clicked, `@SUM(…)`, DDE calls), and some also after a leading tab or
 * carriage return. OWASP's "CSV Injection" advice: prefix such a cell with a single quote, which the spreadsheet shows
 * as text. Only text is guarded: the numbers and dates a writer formats itself (`-12,50`) are never prefixed.
 */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP: `=`, `+`, `-`, `@`, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet must read it: as text, never as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A value of a writer's own (a number it formatted, a code): written as it is. */
export interface CsvRaw {
  readonly raw: string;
}

/** Marks a value the writer made itself (an amount, a date, a record type) as not to be guarded. */
export const csvRaw = (value: string | number): CsvRaw => ({ raw: String(value) });

/** One cell: text guarded (a `CsvRaw` as it is, null empty). */
export function csvCellText(value: string | CsvRaw | null): string {
  if (value === null) return '';
  return typeof value === 'string' ? neutraliseFormula(value) : value.raw;
}

/** One field of a `separator`-separated line: the cell's text, enclosed in `"` when it holds the separator, a `"` or a line break. */
export function csvField(value: string | CsvRaw | null, separator = ';'): string {
  const text = csvCellText(value);
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, ended by CR LF. */
export function csvLine(fields: readonly (string | CsvRaw | null)[], separator = ';'): string {
  return `${fields.map((f) => csvField(f, separator)).join(separator)}\r\n`;
}
