import { collectGarbage } from '../../platform/runtime/collect-garbage.js';
import type { ImportProblem, ImportRow, RawCell, RawSheet } from '../import-types.js';
import { typeSheetInto } from './type-cells.js';

/*
 * What typed rows hold (issue 40, decision 280): at 100,000 members an import kept about 8 million copies of the same few
 * thousand texts (a cell read from a file is a string of its own, even when the column above had the same text), and
 * each member's values, given 26 fields one by one, fell back to a dictionary of about 1.6 kB. Now a repeated text of a
 * typed column is kept once and the values keep the fast layout. Measured on the heap after a full collection: what
 * typing the rows of 20,000 members (25 columns, each cell a string of its own) adds to the cells as read.
 */

const ROWS = 20_000;
const FIELDS = [
  'memberNr',
  'memberType',
  'position',
  'salutation',
  'postalSalutation',
  'title',
  'name',
  'givenName',
  'birthDate',
  'legalForm',
  'civilStatus',
  'street',
  'streetHomeNumber',
  'zipCode',
  'city',
  'state',
  'isForeign',
  'privateEmail',
  'bankname',
  'iban',
  'bic',
  'entryDate',
  'approvalDate',
  'interestBegin',
  'manualTaxId',
];

/** The day `i` days after 2000-01-01 as a German file writes it. */
function germanDay(i: number): string {
  const d = new Date(Date.UTC(2000, 0, 1 + (i % 3000)));
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

/** A members' sheet as the CSV reader hands it: each line split into cells, so equal texts are strings of their own. */
function sheetOf(rows: number): RawSheet {
  const data: RawCell[][] = [];
  for (let i = 0; i < rows; i++) {
    const line = [
      i + 1,
      'Beitritt',
      'Mitglied',
      'Herr',
      'male',
      'keiner',
      `Name${i}`,
      'Hans',
      germanDay(i * 7),
      'natürliche Person',
      'verheiratet',
      'Hauptstraße',
      i % 90,
      83022,
      'Rosenheim',
      'by',
      'nein',
      `m${i}@example.org`,
      'Musterbank',
      'DE78765906034446208379',
      'COBADEFFXXX',
      germanDay(i),
      germanDay(i + 10),
      germanDay(i + 31),
      '',
    ].join(';');
    data.push(line.split(';'));
  }
  return { file: 'mitglieder.csv', sheet: 'mitglieder.csv', headers: FIELDS, rows: data, firstRow: 2 };
}

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe('typed rows in memory', () => {
  it('hold a repeated text of a typed column once (bytes a row, after a full collection)', async () => {
    const columns = Object.fromEntries(FIELDS.map((key) => [key, key]));
    const sheet = sheetOf(ROWS);
    const out: { rows: ImportRow[]; problems: ImportProblem[] } = { rows: [], problems: [] };
    const before = heapUsed();
    await typeSheetInto(sheet, { sheet: sheet.sheet, kind: 'members', columns }, { numbers: 'de', dates: 'de' }, out);
    const perRow = (heapUsed() - before) / ROWS;
    expect(out.rows).toHaveLength(ROWS);
    expect(out.problems.filter((p) => p.row !== null)).toEqual([]); // the sheet maps no entry date
    // The values and the cells as read are unchanged by keeping a text once.
    const row = out.rows[ROWS - 1]!;
    const entry = germanDay(ROWS - 1);
    expect(row.values['entryDate']).toBe(`${entry.slice(6)}-${entry.slice(3, 5)}-${entry.slice(0, 2)}`);
    expect(row.cells['entryDate']?.text).toBe(entry);
    expect(row.values['memberNr']).toBe(ROWS);
    // Before: about 380 bytes a row more than the cells as read (every repeated text kept apart); now nearly none.
    expect(perRow).toBeLessThan(150);
    expect(sheet.rows).toHaveLength(ROWS);
  });
});
