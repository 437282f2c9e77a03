import ExcelJS from 'exceljs';
import type { ImportMapping, ImportProblem } from '../import-types.js';
import { problemsWorkbook } from './problems-workbook.js';
import { readImport } from './read-import.js';

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const files = [
  file(
    'mitglieder.csv',
    'Mitgliedsnummer;Name;Eintrittsdatum;Notiz\n1;Meier;01.02.2024;a\n2;Schulz;31.02.2024;b\n3;;01.03.2024;c\n',
  ),
  file('notizen.csv', 'Text\nhallo\n'),
];
const mapping: ImportMapping = {
  sheets: [
    {
      sheet: 'mitglieder.csv',
      kind: 'members',
      columns: { Mitgliedsnummer: 'memberNr', Name: 'name', Eintrittsdatum: 'entryDate', Notiz: null },
    },
  ],
};
const text = (p: ImportProblem): string => `${p.template}(${p.column ?? '-'})`;

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}
const values = (ws: ExcelJS.Worksheet | undefined, row: number): unknown[] =>
  ((ws?.getRow(row).values ?? []) as unknown[]).slice(1);

describe('import: the problems workbook', () => {
  it('holds every sheet’s rows as read with the texts of each row’s problems beside it, and the problems of no row', async () => {
    const read = await readImport(files, mapping);
    // a problem the replay found on row 2, beside the cell problems
    const problems: ImportProblem[] = [
      ...read.problems,
      {
        file: 'mitglieder.csv',
        sheet: 'mitglieder.csv',
        row: 2,
        column: 'Mitgliedsnummer',
        field: 'memberNr',
        value: '1',
        template: 'importMemberNrTaken',
        parameters: {},
      },
    ];
    const wb = await load(await problemsWorkbook(files, mapping, problems, text, 'de'));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['mitglieder.csv', 'notizen.csv', 'Probleme ohne Zeile']);
    const members = wb.getWorksheet('mitglieder.csv');
    expect(values(members, 1)).toEqual(['Problem', 'Zeile', 'Mitgliedsnummer', 'Name', 'Eintrittsdatum', 'Notiz']);
    expect(values(members, 2)).toEqual(['importMemberNrTaken(Mitgliedsnummer)', 2, '1', 'Meier', '01.02.2024', 'a']);
    expect(values(members, 3)).toEqual(['invalidDate(Eintrittsdatum)', 3, '2', 'Schulz', '31.02.2024', 'b']);
    expect(values(members, 4)).toEqual(['mustNotBeEmpty(Name)', 4, '3', undefined, '01.03.2024', 'c']);
    // the cell a problem names is shaded; the others are not
    expect(members?.getRow(3).getCell(5).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFFFC7CE' } });
    expect(members?.getRow(3).getCell(4).fill).toBeUndefined();
    const others = wb.getWorksheet('Probleme ohne Zeile');
    expect(values(others, 1)).toEqual(['Problem', 'Datei', 'Blatt', 'Zeile', 'Spalte', 'Wert']);
    expect(values(others, 2)).toEqual(['importUnknownKind(-)', 'notizen.csv', 'notizen.csv']);
    expect(others?.rowCount).toBe(2);
  });

  it('leaves empty rows out, each row keeping its number in its file (a row numbered 1,048,576 wrote a million)', async () => {
    const gaps = [
      file(
        'mitglieder.csv',
        'Mitgliedsnummer;Name;Eintrittsdatum;Notiz\n1;Meier;01.02.2024;a\n;;;\n\n  ;;;\n2;Schulz;31.02.2024;b\n',
      ),
    ];
    const read = await readImport(gaps, mapping);
    const wb = await load(await problemsWorkbook(gaps, mapping, read.problems, text, 'de'));
    const members = wb.getWorksheet('mitglieder.csv');
    expect(members?.rowCount).toBe(3);
    expect(values(members, 2)).toEqual([undefined, 2, '1', 'Meier', '01.02.2024', 'a']);
    expect(values(members, 3)).toEqual(['invalidDate(Eintrittsdatum)', 6, '2', 'Schulz', '31.02.2024', 'b']);
  });

  it('speaks English when asked and joins several problems of a row, one per line', async () => {
    const problems: ImportProblem[] = [
      {
        file: 'mitglieder.csv',
        sheet: 'mitglieder.csv',
        row: 3,
        column: 'Name',
        field: 'name',
        value: 'Schulz',
        template: 'a',
        parameters: {},
      },
      {
        file: 'mitglieder.csv',
        sheet: 'mitglieder.csv',
        row: 3,
        column: null,
        field: null,
        value: null,
        template: 'b',
        parameters: {},
      },
      {
        file: 'mitglieder.csv',
        sheet: 'mitglieder.csv',
        row: 99,
        column: null,
        field: null,
        value: null,
        template: 'c',
        parameters: {},
      },
    ];
    const wb = await load(await problemsWorkbook(files, mapping, problems, text, 'en'));
    expect(values(wb.getWorksheet('mitglieder.csv'), 1)[0]).toBe('Problems');
    expect(values(wb.getWorksheet('mitglieder.csv'), 3)[0]).toBe('a(Name)\nb(-)');
    // a row that is not in the file goes with the problems of no row
    expect(values(wb.getWorksheet('Problems of no row'), 2)).toEqual(['c(-)', 'mitglieder.csv', 'mitglieder.csv', 99]);
  });

  it('keeps a workbook’s sheets by name with their typed cells, the problem beside its sheet row', async () => {
    const source = new ExcelJS.Workbook();
    const m = source.addWorksheet('Mitglieder');
    m.addRow(['Mitgliedsnummer', 'Name', 'Eintrittsdatum']);
    m.addRow([1, 'Meier', new Date(Date.UTC(2024, 1, 1))]).getCell(3).numFmt = 'dd.mm.yyyy';
    const b = source.addWorksheet('Buchungen');
    b.addRow(['Mitgliedsnummer', 'Buchungsart', 'Datum']);
    b.addRow([1, 1, '01.02.2024']);
    b.addRow([7, 1, '01.02.2024']);
    const xlsx = [{ name: 'register.xlsx', bytes: new Uint8Array(await source.xlsx.writeBuffer()) }];
    const problem: ImportProblem = {
      file: 'register.xlsx',
      sheet: 'Buchungen',
      row: 3,
      column: 'Mitgliedsnummer',
      field: 'memberNr',
      value: '7',
      template: 'importMemberUnknown',
      parameters: { 0: '7' },
    };
    const wb = await load(await problemsWorkbook(xlsx, { sheets: [] }, [problem], text, 'de'));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Mitglieder', 'Buchungen', 'Probleme ohne Zeile']);
    expect(values(wb.getWorksheet('Mitglieder'), 2)).toEqual([
      undefined,
      2,
      1,
      'Meier',
      new Date(Date.UTC(2024, 1, 1)),
    ]);
    expect(values(wb.getWorksheet('Buchungen'), 3)).toEqual([
      'importMemberUnknown(Mitgliedsnummer)',
      3,
      7,
      1,
      '01.02.2024',
    ]);
    expect(wb.getWorksheet('Buchungen')?.getRow(3).getCell(3).fill).toMatchObject({ fgColor: { argb: 'FFFFC7CE' } });
  });
});
