import ExcelJS from 'exceljs';
import { errorsAsText, readXlsx } from './read-xlsx.js';

/*
 * Formula cells as Excel writes them (exceljs writes the same XML): `<c t="e"><f>1/0</f><v>#DIV/0!</v></c>` for an
 * error, `<c t="e"><f t="shared" si="0"/><v>#DIV/0!</v></c>` for a formula filled down, `<c><f>…</f><v>0</v></c>`.
 */

const bytesOf = async (wb: ExcelJS.Workbook): Promise<Uint8Array> => new Uint8Array(await wb.xlsx.writeBuffer());
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
