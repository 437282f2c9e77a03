import { stringify } from 'csv-stringify/sync';
import type { MemberDto } from '@coop/contracts';
import { neutraliseFormula } from '../../kernel/csv-text.js';
import { euros, germanDate } from '../../kernel/german-format.js';
import { MEMBER_COLUMNS, yieldToLoop, type CellKind, type CellValue, type CsvDialect } from '../member-columns.js';

/*
 * The member list as CSV (`csv-stringify`), in one of two dialects (docs/exports.md):
 * - `excel` (default): what a German Excel opens right by a double click: UTF-8 with a byte-order mark, `;` between
 *   cells, CRLF, amounts `1.234,56`, dates `31.12.2025`;
 * - `rfc4180`: for machines: `,`, CRLF, no byte-order mark, amounts `1234.56`, dates `2025-12-31`.
 * Text cells that a spreadsheet would take as a formula (beginning with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) are prefixed with a single quote, as OWASP's "CSV Injection" advises (the product's one guard,
 * kernel/csv-text.ts); numbers and dates the export writes itself are never prefixed.
 */

const plainEuros = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

function cell(kind: CellKind, value: CellValue, dialect: CsvDialect): string {
  if (value === null) return '';
  if (kind === 'text') return neutraliseFormula(String(value));
  if (kind === 'integer') return String(value);
  if (kind === 'date') return dialect === 'excel' ? germanDate(String(value)) : String(value);
  return dialect === 'excel' ? euros(Number(value)) : plainEuros(Number(value));
}

/** The rows of one batch of members, as the dialect writes them. */
export function memberCsvRows(members: readonly MemberDto[], dialect: CsvDialect): string[][] {
  return members.map((m) => MEMBER_COLUMNS.map((c) => cell(c.kind, c.value(m), dialect)));
}

/** The whole file from batches of members; yields to the event loop after every batch. */
export async function memberCsv(
  batches: AsyncIterable<readonly MemberDto[]>,
  dialect: CsvDialect,
  progress?: (done: number) => void,
): Promise<Buffer> {
  const options = { delimiter: dialect === 'excel' ? ';' : ',', record_delimiter: 'windows' as const };
  const parts: Buffer[] = [];
  const head = stringify([MEMBER_COLUMNS.map((c) => c.header)], options);
  parts.push(Buffer.from(dialect === 'excel' ? `\ufeff${head}` : head, 'utf8'));
  let done = 0;
  for await (const batch of batches) {
    if (batch.length > 0) parts.push(Buffer.from(stringify(memberCsvRows(batch, dialect), options), 'utf8'));
    done += batch.length;
    progress?.(done);
    await yieldToLoop();
  }
  return Buffer.concat(parts);
}
