import { exceljs } from '../../platform/xlsx/exceljs.js';
import { csvLine } from '../../kernel/csv-text.js';
import { IMPORT_KINDS, type FieldKind, type ImportKind } from '../import-types.js';
import { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';
import { ALLOWED_VALUES_SHEET, exampleCell, exampleRow, exampleText } from './template-examples.js';

/*
 * The templates of the import (issue 29): a workbook with a sheet per kind, named by the kind's first German sheet
 * name, and a CSV per kind in the Excel dialect (UTF-8 with a byte-order mark, `;`, CRLF); the header of each field is
 * its first German header, so a filled template reads back mapped by the guesses. Required fields' headers are bold in
 * the workbook; each column is formatted for its kind (dates `dd.mm.yyyy`, euros with two decimals, texts as text so a
 * zip code keeps its leading zero). Each kind carries one example row (choices in the console's German words), and the
 * workbook a sheet "Erlaubte Werte" listing every choice column's values in German and English with their codes
 * (issue 39); the import reads past that sheet.
 */

const FORMATS: Readonly<Record<FieldKind, string | undefined>> = {
  text: '@',
  integer: '0',
  money: '#,##0.00',
  date: 'dd.mm.yyyy',
  boolean: undefined,
  choice: undefined,
};

/** The template's headers of a kind: each field's first German header. */
export function templateHeaders(kind: ImportKind): string[] {
  return IMPORT_FIELDS[kind].map((f) => f.headers.de[0] ?? f.key);
}

/** The sheet name of a kind in the template workbook. */
export function templateSheetName(kind: ImportKind): string {
  return KIND_SHEETS[kind].de[0] ?? kind;
}

export async function templateWorkbook(): Promise<Buffer> {
  const workbook = new (await exceljs()).Workbook();
  workbook.creator = 'Coop Ledger';
  for (const kind of IMPORT_KINDS) {
    const sheet = workbook.addWorksheet(templateSheetName(kind), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    });
    const fields = IMPORT_FIELDS[kind];
    sheet.columns = fields.map((f) => {
      const header = f.headers.de[0] ?? f.key;
      const numFmt = FORMATS[f.kind];
      return { header, key: f.key, width: Math.max(12, header.length + 2), ...(numFmt ? { style: { numFmt } } : {}) };
    });
    fields.forEach((f, i) => {
      const cell = sheet.getRow(1).getCell(i + 1);
      cell.numFmt = '@';
      cell.font = { bold: f.required };
    });
    sheet.addRow(exampleRow(kind, exampleCell));
  }
  const allowed = workbook.addWorksheet(ALLOWED_VALUES_SHEET, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  allowed.columns = [
    { header: 'Blatt / Sheet', width: 24 },
    { header: 'Spalte / Column', width: 24 },
    { header: 'Deutsch', width: 44 },
    { header: 'English', width: 44 },
    { header: 'Code', width: 10, style: { numFmt: '@' } },
  ];
  allowed.getRow(1).font = { bold: true };
  for (const kind of IMPORT_KINDS) {
    for (const f of IMPORT_FIELDS[kind]) {
      const header = f.headers.de[0] ?? f.key;
      if (f.kind === 'boolean') {
        allowed.addRow([templateSheetName(kind), header, 'ja', 'yes', '1']);
        allowed.addRow([templateSheetName(kind), header, 'nein', 'no', '0']);
      }
      for (const a of f.choice?.allowed ?? [])
        allowed.addRow([templateSheetName(kind), header, a.de, a.en, String(a.code)]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function templateCsv(kind: ImportKind): Buffer {
  // The product's own headers and example row; guarded all the same, as every CSV the product writes (kernel/csv-text.ts).
  return Buffer.from(`\ufeff${csvLine(templateHeaders(kind))}${csvLine(exampleRow(kind, exampleText))}`, 'utf8');
}
