import ExcelJS from 'exceljs';
import type { ImportMapping } from '../import-types.js';
import { guessedMapping, inspectFiles } from './inspect.js';
import { readImport } from './read-import.js';
import { readXlsx } from './read-xlsx.js';

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** A workbook as a clerk's spreadsheet: typed dates and numbers on one sheet, dates and amounts as text on the other. */
async function register(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const members = wb.addWorksheet('Mitglieder');
  // the header on row 3 (rows 1 and 2 empty), a gap at row 5
  members.getRow(3).values = ['Mitgliedsnummer', 'Name', 'Eintrittsdatum', 'Geschäftsguthaben', 'Ausland', 'PLZ'];
  members.getRow(4).values = [
    1,
    { richText: [{ text: 'Mei' }, { font: { bold: true }, text: 'er' }] },
    day('2024-02-01'),
    1.005,
    false,
    1234,
  ];
  members.getRow(6).values = [2, 'Schulz', day('2023-12-31'), { formula: 'B1*2', result: 1000.5 }, true, '01067'];
  members.getRow(7).values = [3, 'Krause', 'irgendwann', 'viel', 'x', null];
  members.getColumn(3).numFmt = 'dd.mm.yyyy';
  const postings = wb.addWorksheet('Buchungen');
  postings.addRow(['Mitgliedsnummer', 'Buchungsart', 'Anzahl', 'Betrag', 'Datum']);
  postings.addRow([1, 1, 3, '1.500,00', '01.02.2024']);
  postings.addRow([2, '4', 2, 1000, '2024-12-31']);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const guessed = async (bytes: Uint8Array): Promise<ImportMapping> =>
  guessedMapping(await inspectFiles([{ name: 'register.xlsx', bytes }], null));

describe('import: reading XLSX', () => {
  it('reads every sheet in order with typed cells, the header being the first row that holds anything', async () => {
    const sheets = await readXlsx('register.xlsx', await register());
    expect(sheets.map((s) => s.sheet)).toEqual(['Mitglieder', 'Buchungen']);
    const [members] = sheets;
    expect(members?.headers).toEqual([
      'Mitgliedsnummer',
      'Name',
      'Eintrittsdatum',
      'Geschäftsguthaben',
      'Ausland',
      'PLZ',
    ]);
    expect(members?.firstRow).toBe(4);
    expect(members?.rows[0]).toEqual([1, 'Meier', day('2024-02-01'), 1.005, false, 1234]);
    expect(members?.rows[1]).toEqual([]);
    expect(members?.rows[2]).toEqual([2, 'Schulz', day('2023-12-31'), 1000.5, true, '01067']);
  });

  it('types dates and numbers from typed cells and from text, and names the cells that do not read at their sheet row', async () => {
    const bytes = await register();
    const read = await readImport([{ name: 'register.xlsx', bytes }], await guessed(bytes));
    expect(read.formats['register.xlsx']).toEqual({
      fileType: 'xlsx',
      encoding: null,
      delimiter: null,
      numbers: 'de',
      dates: 'de',
    });
    const members = read.rows.filter((r) => r.kind === 'members');
    expect(members.map((r) => r.row)).toEqual([4, 6, 7]);
    expect(members[0]?.values).toEqual({
      memberNr: 1,
      name: 'Meier',
      entryDate: '2024-02-01',
      capital: 101,
      isForeign: false,
      zipCode: '1234',
    });
    expect(members[1]?.values).toEqual({
      memberNr: 2,
      name: 'Schulz',
      entryDate: '2023-12-31',
      capital: 100050,
      isForeign: true,
      zipCode: '01067',
    });
    expect(members[0]?.cells.entryDate).toEqual({ column: 'Eintrittsdatum', text: '2024-02-01' });
    const postings = read.rows.filter((r) => r.kind === 'postings');
    expect(postings.map((r) => [r.row, r.values])).toEqual([
      [2, { memberNr: 1, type: 1, quantity: 3, amount: 150000, date: '2024-02-01' }],
      [3, { memberNr: 2, type: 4, quantity: 2, amount: 100000, date: '2024-12-31' }],
    ]);
    expect(read.problems.map((p) => [p.sheet, p.row, p.column, p.value, p.template])).toEqual([
      ['Mitglieder', 7, 'Eintrittsdatum', 'irgendwann', 'invalidDate'],
      ['Mitglieder', 7, 'Geschäftsguthaben', 'viel', 'invalidNumber'],
    ]);
  });

  it('reads dates written as English text in a workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Postings');
    ws.addRow(['Member number', 'Type', 'Date', 'Amount']);
    ws.addRow([1, 1, '02/13/2024', '1,000.00']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const read = await readImport([{ name: 'p.xlsx', bytes }], await guessed(bytes));
    expect(read.formats['p.xlsx']).toMatchObject({ numbers: 'en', dates: 'en' });
    expect(read.rows[0]?.values).toEqual({ memberNr: 1, type: 1, date: '2024-02-13', amount: 100000 });
  });

  it('passes over a title above the header; a sheet of one column has its first row as header', async () => {
    const wb = new ExcelJS.Workbook();
    const titled = wb.addWorksheet('Mitglieder');
    titled.getRow(1).values = ['Mitgliederliste 2024'];
    titled.getRow(3).values = ['Nr', 'Name'];
    titled.getRow(4).values = [1, 'Meier'];
    const single = wb.addWorksheet('Notizen');
    single.getRow(2).values = ['Text'];
    single.getRow(3).values = ['eins'];
    single.getRow(5).values = ['zwei'];
    const [a, b] = await readXlsx('t.xlsx', new Uint8Array(await wb.xlsx.writeBuffer()));
    expect([a?.headers, a?.firstRow, a?.rows]).toEqual([['Nr', 'Name'], 4, [[1, 'Meier']]]);
    expect([b?.headers, b?.firstRow, b?.rows]).toEqual([['Text'], 3, [['eins'], [], ['zwei']]]);
  });
});
