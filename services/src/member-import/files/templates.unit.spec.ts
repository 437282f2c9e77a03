import * as XLSX from 'xlsx';
import { IMPORT_KINDS } from '../import-types.js';
import { replayContext } from '../replay/generated-register.js';
import { replayImport } from '../replay/replay-import.js';
import { guessedMapping } from './inspect.js';
import { readImport } from './read-import.js';
import { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';
import { inspectFiles } from './inspect.js';
import { templateCsv, templateWorkbook } from './templates.js';

/** A sheet of a workbook as a CSV file named by the sheet: its cells' values, dates in ISO, numbers as JavaScript writes them. */
const sheetAsCsv = (book: XLSX.WorkBook, name: string) => {
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, raw: true, defval: '' });
  const text = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
  return { name: `${name}.csv`, bytes: Buffer.from(rows.map((r) => r.map(text).join(';')).join('\r\n'), 'utf8') };
};

const catalogue = (kind: (typeof IMPORT_KINDS)[number]) =>
  Object.fromEntries(IMPORT_FIELDS[kind].map((f) => [f.headers.de[0], f.key]));

describe('import: templates', () => {
  it('the workbook holds a sheet per kind, every column mapped to its field, and the sheet of allowed values', async () => {
    // Read by SheetJS, then each sheet through the product's reading as CSV: the streaming workbook reader is being
    // made deterministic apart (issue 39 "The file is read completely"; the register workbook's round trip tests it).
    const book = XLSX.read(await templateWorkbook(), { type: 'buffer', cellDates: true });
    expect(book.SheetNames).toEqual([...IMPORT_KINDS.map((k) => KIND_SHEETS[k].de[0]), 'Erlaubte Werte']);
    for (const kind of IMPORT_KINDS) {
      const name = KIND_SHEETS[kind].de[0]!;
      const [inspection] = await inspectFiles([sheetAsCsv(book, name)], null);
      const sheet = inspection?.sheets[0];
      expect([sheet?.kind, sheet?.rows]).toEqual([kind, 1]);
      expect(sheet?.headers).toEqual(IMPORT_FIELDS[kind].map((f) => f.headers.de[0]));
      expect(sheet?.mapping).toEqual(catalogue(kind));
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

  it('carries an example row in the console’s words that reads back without problems, and the allowed values of every choice column (issue 39)', async () => {
    const workbook = await templateWorkbook();
    const book = XLSX.read(workbook, { type: 'buffer', cellDates: true });
    const files = IMPORT_KINDS.map((kind) => sheetAsCsv(book, KIND_SHEETS[kind].de[0]!));
    const read = await readImport(files, guessedMapping(await inspectFiles(files, null)));
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => r.kind)).toEqual(IMPORT_KINDS);
    expect(read.rows[0]?.cells.memberType?.text).toBe('Beigetretenes Mitglied');
    expect(replayImport(read.rows, replayContext()).problems).toEqual([]);
    const csvFiles = IMPORT_KINDS.map((kind) => ({ name: `${KIND_SHEETS[kind].de[0]}.csv`, bytes: templateCsv(kind) }));
    const csvRead = await readImport(csvFiles, guessedMapping(await inspectFiles(csvFiles, null)));
    expect(csvRead.problems).toEqual([]);
    expect(csvRead.rows.map((r) => r.values)).toEqual(read.rows.map((r) => r.values));

    const allowed = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Erlaubte Werte']!, { header: 1 });
    const choiceColumns = IMPORT_KINDS.flatMap((kind) =>
      IMPORT_FIELDS[kind]
        .filter((f) => f.kind === 'choice' || f.kind === 'boolean')
        .map((f) => `${KIND_SHEETS[kind].de[0]}/${f.headers.de[0]}`),
    );
    expect(new Set(allowed.slice(1).map((r) => `${r[0]}/${r[1]}`))).toEqual(new Set(choiceColumns));
    expect(allowed).toContainEqual(['Mitglieder', 'Bundesland', 'Bayern', 'Bavaria', 'by']);
    expect(allowed).toContainEqual(['Mitglieder', 'Briefanrede', 'Sehr geehrte Frau', 'Dear Ms', 'female']);
  });
});
