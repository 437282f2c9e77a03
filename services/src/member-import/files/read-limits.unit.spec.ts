/**
 * Issue 38, the limits of reading checked before the work (read-limits.ts), on the readers themselves; and issue 39, a
 * sheet with a header and no rows said as a problem. The attacks through the API: test/api/import-limits.e2e.spec.ts.
 */
import { deflateRawSync } from 'node:zlib';
import { entry, farRowWorkbook, zip } from '../../../../test/api/support/hostile-files.js';
import type { ImportMapping } from '../import-types.js';
import { FileBeyondLimitError, UnreadableFileError } from './file-read.js';
import { readCsv } from './read-csv.js';
import { readFileHere } from './read-file-here.js';
import { readImport } from './read-import.js';
import { MAX_CELL_CHARS, MAX_COLUMNS, MAX_ROWS, ReadLimitError } from './read-limits.js';
import { readXlsx } from './read-xlsx.js';
import { DamagedZipError, partBytes, zipParts } from './zip-parts.js';

const csv = (text: string): Uint8Array => new TextEncoder().encode(text);
const limitOf = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => 'read',
    (e: unknown) => (e instanceof ReadLimitError ? [e.kind, e.limit] : e instanceof Error ? e.name : String(e)),
  );

/** A workbook of one sheet whose rows are the given XML (after the header row). */
const workbook = (rows: string): Buffer => {
  const [types, rels, bookRels, book] = [
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    entry(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    ),
    entry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    entry(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Mitglieder" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
  ];
  const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Mitgliedsnummer</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>${rows}</sheetData></worksheet>`;
  return zip([types!, rels!, bookRels!, book!, entry('xl/worksheets/sheet1.xml', sheet)]);
};

describe('import: the limits of reading, checked before the work', () => {
  it('a CSV: a row of more columns, a cell of more characters, a record longer than the parser takes', async () => {
    expect(await limitOf(readCsv('a.csv', csv(`${'x;'.repeat(MAX_COLUMNS)}x\r\n`)))).toEqual(['columns', MAX_COLUMNS]);
    expect(await limitOf(readCsv('a.csv', csv(`Nr;Name\r\n1;${'x'.repeat(MAX_CELL_CHARS + 1)}\r\n`)))).toEqual([
      'cellChars',
      MAX_CELL_CHARS,
    ]);
    expect(await limitOf(readCsv('a.csv', csv(`Nr;Name\r\n1;"${'x'.repeat(2 * 1024 * 1024)}`)))).toEqual([
      'recordChars',
      1024 * 1024,
    ]);
    expect(await limitOf(readCsv('a.csv', csv(`Nr;Name\r\n1;${'x'.repeat(MAX_CELL_CHARS)}\r\n`)))).toBe('read');
  });

  it('a workbook: a row numbered beyond the sheet limit (refused without making the rows between), a cell far right, a long cell', async () => {
    expect(await limitOf(readXlsx('a.xlsx', farRowWorkbook(MAX_ROWS + 1)))).toEqual(['rows', MAX_ROWS]);
    expect(await limitOf(readXlsx('a.xlsx', farRowWorkbook(200_000_000)))).toEqual(['rows', MAX_ROWS]);
    expect(
      await limitOf(readXlsx('a.xlsx', workbook('<row r="2"><c r="A2"><v>1</v></c><c r="XFD2"><v>2</v></c></row>'))),
    ).toEqual(['columns', MAX_COLUMNS]);
    expect(
      await limitOf(
        readXlsx(
          'a.xlsx',
          workbook(
            `<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>${'y'.repeat(MAX_CELL_CHARS + 1)}</t></is></c></row>`,
          ),
        ),
      ),
    ).toEqual(['cellChars', MAX_CELL_CHARS]);
    const sheets = await readXlsx('a.xlsx', farRowWorkbook(5));
    expect(sheets[0]?.rows).toEqual([[], [], [], [1, 'Meier']]);
  });

  it('a zip bomb: a part above 1 MiB packed more than 100 times is refused on the directory; a part that unzips to more than it says stops there', async () => {
    const tight = entry('xl/worksheets/sheet1.xml', 'z'.repeat(8 * 1024 * 1024));
    expect(() => zipParts(zip([tight]))).toThrow(ReadLimitError);
    // a part that says 1,000 bytes and unzips to 5 MB
    const lying = zip([
      { name: 'xl/sharedStrings.xml', packed: deflateRawSync(Buffer.alloc(5 * 1024 * 1024, 0x41)), size: 1000, crc: 0 },
    ]);
    const part = zipParts(lying).get('xl/sharedStrings.xml')!;
    await expect(partBytes(lying, part)).rejects.toThrow(DamagedZipError);
    // through the reader: damaged, not read in part
    await expect(readFileHere({ name: 'l.xlsx', bytes: workbook('') })).resolves.toMatchObject({
      sheets: [{ sheet: 'Mitglieder', rows: [] }],
    });
    const cut = workbook('<row r="2"><c r="A2"><v>1</v></c></row>').subarray(0, 300);
    await expect(readFileHere({ name: 'c.xlsx', bytes: cut })).rejects.toThrow(UnreadableFileError);
  });

  it('a limit passed is the file’s refusal, naming the file, the figure and where', async () => {
    const error = await readFileHere({ name: 'breit.csv', bytes: csv(`${'x;'.repeat(MAX_COLUMNS)}x\r\n`) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileBeyondLimitError);
    expect(error).toMatchObject({ file: 'breit.csv', kind: 'columns', limit: MAX_COLUMNS, where: 'breit.csv, row 1' });
  });
});

describe('import: a sheet with a header and no rows', () => {
  const mapping = (sheet: string, kind: 'members' | 'exemptionOrders'): ImportMapping => ({
    sheets: [
      {
        sheet,
        kind,
        columns: kind === 'members' ? { Mitgliedsnummer: 'memberNr', Name: 'name' } : { Mitgliedsnummer: 'memberNr' },
      },
    ],
  });

  it('is a problem for a CSV file and a workbook’s members sheet, not for a workbook’s sheet of orders', async () => {
    const headerOnly = await readImport(
      [{ name: 'mitglieder.csv', bytes: csv('Mitgliedsnummer;Name\r\n\r\n') }],
      mapping('mitglieder.csv', 'members'),
    );
    const without = (
      problems: readonly { sheet: string | null; template: string; parameters: Readonly<Record<string, string>> }[],
    ) => problems.filter((p) => p.template === 'importSheetWithoutRows').map((p) => [p.sheet, p.parameters]);
    expect(without(headerOnly.problems)).toEqual([['mitglieder.csv', { 0: 'mitglieder.csv' }]]);
    const members = await readImport(
      [{ name: 'register.xlsx', bytes: workbook('') }],
      mapping('Mitglieder', 'members'),
    );
    expect(without(members.problems)).toEqual([['Mitglieder', { 0: 'Mitglieder' }]]);
    const orders = await readImport(
      [{ name: 'register.xlsx', bytes: workbook('') }],
      mapping('Mitglieder', 'exemptionOrders'),
    );
    expect(orders.problems.map((p) => p.template)).not.toContain('importSheetWithoutRows');
  });
});
