import { germanDate } from '../../kernel/german-format.js';
import { collectGarbage } from '../../platform/runtime/collect-garbage.js';
import type { ImportProblem, ImportRow, RawCell, RawSheet } from '../import-types.js';
import { typeSheetInto } from './type-cells.js';

/*
 * What typed rows hold (issue 40, decision 280): at 100,000 members an import kept about 8 million copies of the same few
 * thousand texts (a cell read from a file is a string of its own, even when the column above had the same text), and
 * each member's values fell back to a dictionary of about 1.6 kB (seen in a heap snapshot). Now a repeated text of a
 * typed column is kept once and the values keep the fast layout. Measured on the heap after a full collection: what
 * typing the rows of 20,000 members (25 columns, each cell a string of its own) adds to the cells as read.
 */

const ROWS = 20_000;

/** The day `i` days after 2000-01-01 (`YYYY-MM-DD`). */
const day = (i: number): string => new Date(Date.UTC(2000, 0, 1 + (i % 3000))).toISOString().slice(0, 10);

/** The members' sheet's columns: each field with its cell in row `i`, as a German register writes it. */
const COLUMNS: readonly (readonly [field: string, cell: (i: number) => string | number])[] = [
  ['memberNr', (i) => i + 1],
  ['memberType', () => 'Beitritt'],
  ['position', () => 'Mitglied'],
  ['salutation', () => 'Herr'],
  ['postalSalutation', () => 'male'],
  ['title', () => 'keiner'],
  ['name', (i) => `Name${i}`],
  ['givenName', () => 'Hans'],
  ['birthDate', (i) => germanDate(day(i * 7))],
  ['legalForm', () => 'natürliche Person'],
  ['civilStatus', () => 'verheiratet'],
  ['street', () => 'Hauptstraße'],
  ['streetHomeNumber', (i) => i % 90],
  ['zipCode', () => 83022],
  ['city', () => 'Rosenheim'],
  ['state', () => 'by'],
  ['isForeign', () => 'nein'],
  ['privateEmail', (i) => `m${i}@example.org`],
  ['bankname', () => 'Musterbank'],
  ['iban', () => 'DE78765906034446208379'],
  ['bic', () => 'COBADEFFXXX'],
  ['entryDate', (i) => germanDate(day(i))],
  ['approvalDate', (i) => germanDate(day(i + 10))],
  ['interestBegin', (i) => germanDate(day(i + 31))],
  ['manualTaxId', () => ''],
];

/** A members' sheet as the CSV reader hands it: each line split into cells, so equal texts are strings of their own. */
function sheetOf(rows: number): RawSheet {
  const data: RawCell[][] = [];
  for (let i = 0; i < rows; i++)
    data.push(
      COLUMNS.map(([, cell]) => cell(i))
        .join(';')
        .split(';'),
    );
  const headers = COLUMNS.map(([field]) => field);
  return { file: 'mitglieder.csv', sheet: 'mitglieder.csv', headers, rows: data, firstRow: 2 };
}

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe('typed rows in memory', () => {
  it('hold a repeated text of a typed column once (bytes a row, after a full collection)', async () => {
    const columns = Object.fromEntries(COLUMNS.map(([field]) => [field, field]));
    const sheet = sheetOf(ROWS);
    const out: { rows: ImportRow[]; problems: ImportProblem[] } = { rows: [], problems: [] };
    const before = heapUsed();
    await typeSheetInto(sheet, { sheet: sheet.sheet, kind: 'members', columns }, { numbers: 'de', dates: 'de' }, out);
    const perRow = (heapUsed() - before) / ROWS;
    expect(out.rows).toHaveLength(ROWS);
    expect(out.problems).toEqual([]);
    // The values and the cells as read are unchanged by keeping a text once.
    const row = out.rows[ROWS - 1]!;
    expect(row.values['entryDate']).toBe(day(ROWS - 1));
    expect(row.cells['entryDate']?.text).toBe(germanDate(day(ROWS - 1)));
    expect(row.values['memberNr']).toBe(ROWS);
    // Before: about 380 bytes a row more than the cells as read (every repeated text kept apart); now nearly none.
    expect(perRow).toBeLessThan(150);
    expect(sheet.rows).toHaveLength(ROWS);
  });
});
