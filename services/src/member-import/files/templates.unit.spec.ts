import { IMPORT_KINDS } from '../import-types.js';
import { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';
import { inspectFiles } from './inspect.js';
import { templateCsv, templateWorkbook } from './templates.js';

const catalogue = (kind: (typeof IMPORT_KINDS)[number]) => Object.fromEntries(IMPORT_FIELDS[kind].map((f) => [f.headers.de[0], f.key]));

describe('import: templates', () => {
  it('the workbook reads back as a sheet per kind, every column mapped to its field', async () => {
    const [inspection] = await inspectFiles([{ name: 'vorlage.xlsx', bytes: await templateWorkbook() }], null);
    expect(inspection?.format.fileType).toBe('xlsx');
    expect(inspection?.sheets.map((s) => [s.sheet, s.kind, s.rows])).toEqual(IMPORT_KINDS.map((k) => [KIND_SHEETS[k].de[0], k, 0]));
    for (const sheet of inspection?.sheets ?? []) {
      const kind = sheet.kind ?? 'members';
      expect(sheet.headers).toEqual(IMPORT_FIELDS[kind].map((f) => f.headers.de[0]));
      expect(sheet.mapping).toEqual(catalogue(kind));
    }
  });

  it('each CSV is UTF-8 with a byte-order mark and `;`, and reads back as its kind with every column mapped', async () => {
    for (const kind of IMPORT_KINDS) {
      const bytes = templateCsv(kind);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8')).toMatch(/;.*\r\n$/);
      const [inspection] = await inspectFiles([{ name: `${KIND_SHEETS[kind].de[0]}.csv`, bytes }], null);
      expect(inspection?.format).toMatchObject({ encoding: 'utf-8', delimiter: ';' });
      expect(inspection?.sheets[0]?.kind).toBe(kind);
      expect(inspection?.sheets[0]?.mapping).toEqual(catalogue(kind));
      // the headers alone say the kind too
      const [unnamed] = await inspectFiles([{ name: 'export.csv', bytes }], null);
      expect(unnamed?.sheets[0]?.kind).toBe(kind);
    }
  });
});
