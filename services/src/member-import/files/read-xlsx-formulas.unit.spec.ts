import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ValidationError } from '@coop/contracts';
import type { ImportProblem } from '../import-types.js';
import { templateText } from '../problem-texts.js';
import { personValues, replayContext } from '../replay/generated-register.js';
import { IMPORT_FIELDS } from '../replay/import-fields.js';
import { replayImport } from '../replay/replay-import.js';
import { unreadableAsRefusal } from '../commands/import-parts.js';
import { UnreadableFileError } from './file-read.js';
import { guessedMapping, inspectFiles } from './inspect.js';
import { readImport } from './read-import.js';
import { errorsAsText, readXlsx } from './read-xlsx.js';

/*
 * Formula cells as Excel writes them (exceljs writes the same XML): `<c t="e"><f>1/0</f><v>#DIV/0!</v></c>` for an
 * error, `<c t="e"><f t="shared" si="0"/><v>#DIV/0!</v></c>` for a formula filled down, `<c><f>…</f><v>0</v></c>`.
 */

const bytesOf = async (wb: ExcelJS.Workbook): Promise<Uint8Array> => new Uint8Array(await wb.xlsx.writeBuffer());
const guessed = async (bytes: Uint8Array) => guessedMapping(await inspectFiles([{ name: 'r.xlsx', bytes }], null));
const where = (p: ImportProblem) => [p.row, p.column, p.value, p.template, p.parameters];
const divided = { error: '#DIV/0!' } as ExcelJS.CellErrorValue;

describe('import: formula cells of a workbook', () => {
  it('reads the error a formula gives as the cell shows it, as a plain error cell; a result of 0 as 0', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Werte');
    ws.addRow(['Nr', 'A', 'B', 'C', 'D']);
    ws.getCell('A2').value = 1;
    // the first cell of a formula filled down (B2:B3): `<f t="shared" ref="B2:B3" si="0">`, exceljs's own fields
    const filled: ExcelJS.CellFormulaValue & { shareType: string; ref: string } = {
      formula: '1/0',
      result: divided,
      shareType: 'shared',
      ref: 'B2:B3',
    };
    ws.getCell('B2').value = filled;
    ws.getCell('C2').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
    ws.getCell('D2').value = { formula: 'A2-1', result: 0 };
    ws.getCell('E2').value = { formula: 'NA()', result: { error: '#N/A' } as ExcelJS.CellErrorValue };
    ws.getCell('A3').value = 2;
    ws.getCell('B3').value = { sharedFormula: 'B2', result: divided };
    ws.getCell('C3').value = { formula: '"x"', result: 'x' };
    ws.getCell('D3').value = { sharedFormula: 'D2', result: 0 };
    // exceljs writes a result it cannot give a number as `<v>Infinity</v>`: Excel's name for it is #NUM!
    ws.getCell('E3').value = { formula: '10^400', result: Infinity };
    const [sheet] = await readXlsx('w.xlsx', await bytesOf(wb));
    expect(sheet?.rows).toEqual([
      [1, '#DIV/0!', '#N/A', 0, '#N/A'],
      [2, '#DIV/0!', 'x', 0, '#NUM!'],
    ]);
  });

  it('makes an error a cell shows one problem naming it, whatever the column; 0 and false from a formula are values', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Mitglieder');
    ws.addRow(['Mitgliedsnummer', 'Name / Firma', 'Eintrittsdatum', 'Geschäftsguthaben', 'Ausland']);
    const day = new Date('2024-02-01T00:00:00Z');
    ws.addRow([1, { formula: 'Alt!B2', result: { error: '#REF!' } }, day, 100, false]);
    ws.addRow([2, 'Schulz', { formula: '1/0', result: divided }, 100, false]);
    ws.addRow([3, 'Krause', day, { error: '#N/A' }, { formula: 'NA()', result: { error: '#N/A' } }]);
    ws.addRow([4, 'Weber', day, { formula: 'D2-D2', result: 0 }, { formula: '1=0', result: false }]);
    ws.getColumn(3).numFmt = 'dd.mm.yyyy';
    const bytes = await bytesOf(wb);
    const read = await readImport([{ name: 'r.xlsx', bytes }], await guessed(bytes));
    expect(read.problems.map(where)).toEqual([
      [2, 'Name / Firma', '#REF!', 'importCellError', { 0: '#REF!' }],
      [3, 'Eintrittsdatum', '#DIV/0!', 'importCellError', { 0: '#DIV/0!' }],
      [4, 'Geschäftsguthaben', '#N/A', 'importCellError', { 0: '#N/A' }],
      [4, 'Ausland', '#N/A', 'importCellError', { 0: '#N/A' }],
    ]);
    expect(read.rows[3]?.values).toMatchObject({ memberNr: 4, capital: 0, isForeign: false });
  });

  it('takes an error a CSV file holds (as a spreadsheet program exports it) as the same problem', async () => {
    const csv = 'Mitgliedsnummer;Name;Eintrittsdatum\n1;#BEZUG!;01.02.2024\n2;Schulz;#DIV/0!\n3;Err:502;#NV\n';
    const files = [{ name: 'm.csv', bytes: new TextEncoder().encode(csv) }];
    const read = await readImport(files, guessedMapping(await inspectFiles(files, null)));
    expect(read.problems.map((p) => [p.row, p.column, p.template, p.parameters[0]])).toEqual([
      [2, 'Name', 'importCellError', '#BEZUG!'],
      [3, 'Eintrittsdatum', 'importCellError', '#DIV/0!'],
      [4, 'Name', 'importCellError', 'Err:502'],
      [4, 'Eintrittsdatum', 'importCellError', '#NV'],
    ]);
  });

  it('reports a cell it cannot read once: not again as empty when the rules meet the field without a value', async () => {
    const keys = [...Object.keys(personValues(1, '2020-01-01')), 'shareAmount'];
    const headers = keys.map((k) => IMPORT_FIELDS.members.find((f) => f.key === k)!.headers.de[0]!);
    const row = (nr: number, over: Record<string, unknown>): unknown[] => {
      const values: Record<string, unknown> = {
        ...personValues(nr, '01.02.2020', { birthDate: '17.05.1970', approvalDate: '01.02.2020' }),
        isForeign: 'nein',
        shareAmount: 1,
        ...over,
      };
      return keys.map((k) => values[k]);
    };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Mitglieder');
    ws.addRow(headers);
    ws.addRow(row(1, {}));
    ws.addRow(row(2, { entryDate: { formula: '"bald"', result: 'bald' } }));
    ws.addRow(row(3, { birthDate: { formula: 'TEXT(A1;"x")', result: 'unbekannt' } }));
    ws.addRow(row(4, { approvalDate: { formula: '1/0', result: divided } }));
    const bytes = await bytesOf(wb);
    const read = await readImport([{ name: 'r.xlsx', bytes }], await guessed(bytes));
    const replayed = replayImport(read.rows, replayContext());
    expect([...read.problems, ...replayed.problems].map(where)).toEqual([
      [3, 'Eintrittsdatum', 'bald', 'invalidDate', {}],
      [4, 'Geburtsdatum', 'unbekannt', 'invalidDate', {}],
      [5, 'Zulassungsdatum', '#DIV/0!', 'importCellError', { 0: '#DIV/0!' }],
    ]);
  });
});
describe('import: a worksheet read with its error cells as text', () => {
  const sheet =
    '<sheetData><row r="1"><c r="A1" s="2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="B1" t=\'e\'><v>#N/A</v></c>' +
    '<c r="C1" t="s"><v>0</v></c><c r="D1"\tt = "e"><f t="shared" si="0"/><v>#REF!</v></c></row></sheetData>';
  const expected = sheet
    .replace('s="2" t="e"', 's="2" t="str"')
    .replace("t='e'", 't="str"')
    .replace('\tt = "e"', '\tt="str"');

  async function* pieces(...texts: string[]): AsyncGenerator<string> {
    for (const t of texts) yield t;
  }
  const whole = async (texts: AsyncIterable<string>): Promise<string> => {
    let out = '';
    for await (const t of texts) out += t;
    return out;
  };

  it('gives every `<c>` of type e the type str, wherever the text is cut into pieces, and nothing else changed', async () => {
    expect(expected).not.toContain('"e"');
    for (let cut = 0; cut <= sheet.length; cut++)
      expect(await whole(errorsAsText(pieces(sheet.slice(0, cut), sheet.slice(cut))))).toBe(expected);
    expect(await whole(errorsAsText(pieces(...sheet.split(''))))).toBe(expected);
  });
});
describe('import: a workbook whose formulas were never calculated', () => {
  /** exceljs's workbook with `sheet1.xml`'s text changed: a program that writes formulas without calculating them. */
  async function rewritten(wb: ExcelJS.Workbook, change: (xml: string) => string): Promise<Uint8Array> {
    const zip = await JSZip.loadAsync(await bytesOf(wb));
    const part = 'xl/worksheets/sheet1.xml';
    zip.file(part, change(await zip.file(part)!.async('string')));
    return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  }
  const register = (): ExcelJS.Workbook => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Mitglieder');
    ws.addRow(['Mitgliedsnummer', 'Name / Firma', 'Anteile']);
    ws.addRow([1, 'Schulz', 2]);
    ws.addRow([2, 'Krause', { formula: 'C2*2', result: 4 }]);
    return wb;
  };
  const refusal = async (bytes: Uint8Array) => {
    const error: unknown = await readXlsx('r.xlsx', bytes).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnreadableFileError);
    const { why, row, cell } = error as UnreadableFileError;
    return { why, row, cell };
  };

  it('refuses the file naming the cell, for a formula with no value (exceljs, openpyxl: `<v/>`) instead of reading it empty', async () => {
    const calculated = await rewritten(register(), (xml) => xml);
    expect((await readXlsx('r.xlsx', calculated))[0]?.rows).toEqual([
      [1, 'Schulz', 2],
      [2, 'Krause', 4],
    ]);
    const withoutValue = await rewritten(register(), (xml) => xml.replace('</f><v>4</v>', '</f>'));
    const emptyValue = await rewritten(register(), (xml) => xml.replace('</f><v>4</v>', '</f><v/>'));
    expect(await refusal(withoutValue)).toEqual({ why: 'formulaNotCalculated', row: 3, cell: 'Mitglieder!C3' });
    expect(await refusal(emptyValue)).toEqual({ why: 'formulaNotCalculated', row: 3, cell: 'Mitglieder!C3' });
  });

  it('tells the clerk which cell and what to do, in German and English', async () => {
    const bytes = await rewritten(register(), (xml) => xml.replace('</f><v>4</v>', '</f>'));
    const files = [{ name: 'r.xlsx', bytes }];
    const error: unknown = await inspectFiles(files, null).then(
      () => null,
      (e: unknown) => unreadableAsRefusal(e),
    );
    expect(error).toBeInstanceOf(ValidationError);
    const [field] = (error as ValidationError).errors;
    expect([field?.template, field?.parameters]).toEqual([
      'importFormulaNotCalculated',
      { 0: 'r.xlsx', 1: 'Mitglieder!C3' },
    ]);
    expect(templateText(field!.template, field!.parameters, 'de')).toContain('Zelle Mitglieder!C3 keinen berechneten');
    expect(templateText(field!.template, field!.parameters, 'en')).toContain('cell Mitglieder!C3 has no calculated');
  });
});
