/**
 * Issue 39, "the file is read completely, the same way, every time": one workbook of each origin read 200 times (100
 * one after the other, 100 at once), every cell compared with what the workbook holds. The origins: the product's own
 * register workbook (exceljs's streaming writer: sheets first, inline strings, styles last), an Excel-like workbook
 * (shared strings, styles, the parts in Excel's order: sheets before styles and shared strings; formulas giving an
 * error, 0 and a text, and plain error cells, every fourth row each), two LibreOffice
 * workbooks (`soffice --headless --convert-to xlsx` of a German CSV, and of the register workbook: 20 reads of that
 * larger one; test/fixtures/import),
 * workbooks without styles, of inline strings and of shared strings (issue 39 asks for both with and without styles);
 * and the register and Excel-like workbooks with their parts in other
 * orders (20 reads each): the sheet before the workbook, the sheet before the styles, and six shuffles of each. Its text cells are dense with letters of two and three bytes (`Weiß-Müller Ærøskøbing €`) and its
 * postings sheet is larger than a read chunk, so a letter cut between two chunks shows.
 */
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { RawCell, RawSheet } from '../import-types.js';
import { REGISTER_SHEETS } from '../register-workbook/register-rows.js';
import { writeRegisterWorkbook, type RegisterRows } from '../register-workbook/register-workbook.js';
import { readXlsx } from './read-xlsx.js';

const READS = 100;
const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../../../../test/fixtures/import/${name}`, import.meta.url)));
const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** The register's rows, every field filled by its kind (text with umlauts, dates, money, integers, yes/no). */
function registerRows(members: number, postings: number): RegisterRows {
  const rows = (kind: (typeof REGISTER_SHEETS)[number], n: number) =>
    Array.from({ length: n }, (_, i) =>
      Object.fromEntries(
        kind.fields.map((f, j) => [
          f.key,
          f.kind === 'date'
            ? `20${10 + (i % 15)}-0${1 + (j % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`
            : f.kind === 'money'
              ? (i * 137 + j) * 100 + (i % 100)
              : f.kind === 'integer'
                ? i + j
                : f.kind === 'boolean'
                  ? (i + j) % 2 === 0
                  : (i + j) % 11 === 0
                    ? null
                    : `${f.key} ${i} Weiß-Müller Ærøskøbing €`,
        ]),
      ),
    );
  const [m, p, o, c] = REGISTER_SHEETS as unknown as [
    (typeof REGISTER_SHEETS)[number],
    (typeof REGISTER_SHEETS)[number],
    (typeof REGISTER_SHEETS)[number],
    (typeof REGISTER_SHEETS)[number],
  ];
  return {
    members: rows(m, members),
    postings: rows(p, postings),
    exemptionOrders: rows(o, 12),
    nonAssessments: rows(c, 12),
  };
}

/** What the register workbook's sheets hold, as the reader types it: dates as Dates, money in euros, the rest as written. */
function registerCells(rows: RegisterRows): Record<string, RawCell[][]> {
  const out: Record<string, RawCell[][]> = {};
  for (const sheet of REGISTER_SHEETS) {
    out[sheet.name] = rows[sheet.kind].map((row) => {
      const cells = sheet.fields.map((f): RawCell => {
        const v = row[f.key] ?? null;
        if (v === null) return null;
        if (f.kind === 'date') return day(String(v));
        if (f.kind === 'money') return Number(v) / 100;
        return v;
      });
      // a row's trailing empty cells are not written
      while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
      return cells.map((c) => (c === null ? null : c));
    });
  }
  return out;
}

async function registerWorkbook(rows: RegisterRows): Promise<Uint8Array> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => sink.on('end', resolve));
  await writeRegisterWorkbook(rows, sink);
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The same parts in another order (stored as they were read, deflated again). */
async function repacked(bytes: Uint8Array, order: (names: string[]) => string[]): Promise<Uint8Array> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((n) => !source.files[n]!.dir);
  const out = new JSZip();
  for (const name of order(names)) out.file(name, await source.file(name)!.async('uint8array'));
  return new Uint8Array(await out.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

/** Excel's order of a workbook's parts: the workbook and the sheets first, theme, styles and shared strings after them. */
const EXCEL_ORDER = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/worksheets/',
  'xl/theme/',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
  'docProps/',
];
const excelOrder = (names: string[]): string[] => [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const rank = (name: string): number => {
  const i = EXCEL_ORDER.findIndex((p) => (p.endsWith('/') ? name.startsWith(p) : name === p));
  return i < 0 ? EXCEL_ORDER.length : i;
};

/** A seeded shuffle (a fixed series of orders). */
function shuffled(seed: number): (names: string[]) => string[] {
  return (names) => {
    const out = [...names];
    let s = seed;
    for (let i = out.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
}

const EXCEL_HEADERS = ['Mitgliedsnummer', 'Name / Firma', 'Eintrittsdatum', 'Geschäftsguthaben', 'Ausland', 'Formel'];
/** Formula cells as Excel writes them (an error of type `e`, a result of 0, a text) and a plain error; what each shows. */
const FORMULAS: readonly [ExcelJS.CellValue, RawCell][] = [
  [{ formula: 'D2/0', result: { error: '#DIV/0!' } }, '#DIV/0!'],
  [{ formula: 'D2*0', result: 0 }, 0],
  [{ formula: 'B2', result: 'Groß-Öztürk' }, 'Groß-Öztürk'],
  [{ error: '#N/A' }, '#N/A'],
];

/** An Excel-like workbook written by exceljs's whole-file writer: shared strings and styles (a date format). */
async function excelLike(): Promise<{ bytes: Uint8Array; cells: RawCell[][] }> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Mitglieder');
  const cells: RawCell[][] = [];
  sheet.addRow(EXCEL_HEADERS);
  for (let i = 1; i <= 400; i++) {
    const row: RawCell[] = [
      i,
      `Groß-Öztürk ${i % 37} ß`,
      day(`20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`),
      i * 12.5,
      i % 3 === 0,
    ];
    const [formula, shown] = FORMULAS[i % FORMULAS.length]!;
    sheet.addRow([...row, formula]);
    cells.push([...row, shown]);
  }
  sheet.getColumn(3).numFmt = 'dd.mm.yyyy';
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  return { bytes: await repacked(bytes, excelOrder), cells };
}

/**
 * A workbook without a styles part, as small writers make it: its texts inline, or shared (a sharedStrings part, listed
 * after the sheet in the zip, as Excel lists it).
 */
async function withoutStyles(strings: 'inline' | 'shared'): Promise<{ bytes: Uint8Array; cells: RawCell[][] }> {
  const cells: RawCell[][] = [];
  const shared: string[] = [];
  const text = (ref: string, t: string): string => {
    if (strings === 'inline') return `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
    shared.push(t);
    return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
  };
  const xmlRows: string[] = [`<row r="1">${text('A1', 'Mitgliedsnummer')}${text('B1', 'Ort')}</row>`];
  for (let i = 1; i <= 300; i++) {
    cells.push([i, `Köln-Mülheim ${i}`]);
    xmlRows.push(`<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c>${text(`B${i + 1}`, `Köln-Mülheim ${i}`)}</row>`);
  }
  const zip = new JSZip();
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${xmlRows.join('')}</sheetData></worksheet>`,
  );
  const sharedPart =
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>';
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${strings === 'shared' ? sharedPart : ''}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  );
  const sharedRel =
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>';
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${strings === 'shared' ? sharedRel : ''}</Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Orte" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  if (strings === 'shared') {
    const items = shared.map((t) => `<si><t>${t}</t></si>`).join('');
    zip.file(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}" uniqueCount="${shared.length}">${items}</sst>`,
    );
  }
  return { bytes: new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })), cells };
}

/** Every sheet's name, header, first row and cells. */
const plain = (sheets: readonly RawSheet[]) =>
  sheets.map((s) => ({ sheet: s.sheet, headers: s.headers, firstRow: s.firstRow, rows: s.rows }));
const outcome = (bytes: Uint8Array): Promise<unknown> =>
  readXlsx('file.xlsx', bytes).then(
    (sheets) => plain(sheets),
    (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
  );

/** Reads the bytes `reads` times one after the other and `reads` times at once; every read equal to `expected`. */
async function readsAlike(bytes: Uint8Array, expected: unknown, reads = READS): Promise<void> {
  const differing: number[] = [];
  for (let i = 0; i < reads; i++) if (!equal(await outcome(bytes), expected)) differing.push(i);
  const atOnce = await Promise.all(Array.from({ length: reads }, () => outcome(bytes)));
  atOnce.forEach((o, i) => !equal(o, expected) && differing.push(reads + i));
  if (differing.length > 0)
    expect({
      differing: differing.length,
      first: atOnce.find((o) => !equal(o, expected)) ?? (await outcome(bytes)),
    }).toEqual({ differing: 0, first: expected });
}

const equal = (a: unknown, b: unknown): boolean => {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
};

// 200 reads of the larger workbooks took over 240 s at a load average of 33 on the two shared cores (2026-11-28)
const TIMEOUT_MS = 600_000;

describe('import: an XLSX workbook reads the same on every read, whatever its origin and the order of its parts', () => {
  const rows = registerRows(30, 120);
  const expectedRegister = REGISTER_SHEETS.map((s) => ({
    sheet: s.name,
    headers: s.fields.map((f) => f.headers.de[0]),
    firstRow: 2,
    rows: registerCells(rows)[s.name],
  }));

  it(
    'the register workbook the product writes (sheets before the workbook and its styles)',
    async () => {
      await readsAlike(await registerWorkbook(rows), expectedRegister);
    },
    TIMEOUT_MS,
  );

  it(
    'the register workbook and a workbook of shared strings with their parts in other orders (shared strings and relationships before the workbook, styles last, …)',
    async () => {
      const bytes = await registerWorkbook(rows);
      for (const seed of [1, 2, 3, 4, 5, 6])
        await readsAlike(await repacked(bytes, shuffled(seed)), expectedRegister, 10);
      const { bytes: shared, cells } = await excelLike();
      const expected = [
        {
          sheet: 'Mitglieder',
          headers: EXCEL_HEADERS,
          firstRow: 2,
          rows: cells,
        },
      ];
      const first = (names: readonly string[]) => (all: string[]) => [
        ...names,
        ...all.filter((n) => !names.includes(n)),
      ];
      // the sheet before the workbook (a streaming read parses it without the workbook: an error); the sheet before the
      // styles (a streaming read gives its dates as numbers); then shuffles
      await readsAlike(
        await repacked(
          shared,
          first(['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml']),
        ),
        expected,
        10,
      );
      await readsAlike(
        await repacked(
          shared,
          first(['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
        ),
        expected,
        10,
      );
      for (const seed of [7, 8, 9, 10, 11, 12]) await readsAlike(await repacked(shared, shuffled(seed)), expected, 10);
    },
    TIMEOUT_MS,
  );

  it(
    'an Excel-like workbook: shared strings and styles after the sheets',
    async () => {
      const { bytes, cells } = await excelLike();
      await readsAlike(bytes, [
        {
          sheet: 'Mitglieder',
          headers: EXCEL_HEADERS,
          firstRow: 2,
          rows: cells,
        },
      ]);
    },
    TIMEOUT_MS,
  );

  it(
    'a workbook of inline strings without a styles part',
    async () => {
      const { bytes, cells } = await withoutStyles('inline');
      await readsAlike(bytes, [{ sheet: 'Orte', headers: ['Mitgliedsnummer', 'Ort'], firstRow: 2, rows: cells }]);
    },
    TIMEOUT_MS,
  );

  it(
    'a workbook of shared strings without a styles part (the shared strings after the sheet)',
    async () => {
      const { bytes, cells } = await withoutStyles('shared');
      await readsAlike(bytes, [{ sheet: 'Orte', headers: ['Mitgliedsnummer', 'Ort'], firstRow: 2, rows: cells }]);
    },
    TIMEOUT_MS,
  );

  it(
    'LibreOffice workbooks: a German CSV converted, and the register workbook saved again',
    async () => {
      const csv = readFileSync(
        new URL('../../../../test/fixtures/import/libreoffice-mitglieder.csv', import.meta.url),
        'utf8',
      )
        .trim()
        .split('\n');
      const converted = fixture('libreoffice-mitglieder.xlsx');
      const [sheet] = (await readXlsx('lo.xlsx', converted)) as [RawSheet];
      expect(sheet.headers).toEqual(csv[0]!.split(';'));
      expect(sheet.rows).toHaveLength(csv.length - 1);
      // the CSV's text cells as LibreOffice kept them: names and places with their umlauts, member numbers as numbers
      sheet.rows.forEach((r, i) => {
        const source = csv[i + 1]!.split(';');
        expect([r[0], r[1], r[2], r[8]]).toEqual([Number(source[0]), source[1], source[2], source[8]]);
      });
      await readsAlike(converted, plain([sheet]));
      const resaved = fixture('libreoffice-register.xlsx');
      const register = await readXlsx('lo-register.xlsx', resaved);
      expect(register.map((s) => [s.sheet, s.rows.length])).toEqual([
        ['Mitglieder', 120],
        ['Buchungen', 400],
        ['Freistellungsaufträge', 15],
        ['NV-Bescheinigungen', 15],
      ]);
      await readsAlike(resaved, plain(register), 10);
    },
    TIMEOUT_MS,
  );
});
