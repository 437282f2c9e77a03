import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/*
 * Hostile import files made in the test (issue 38's attacks), small to hold however large they unzip: an XLSX workbook
 * is a zip of XML parts, written here part by part (deflated, with a central directory), a large part deflated from a
 * generator of chunks so the test never holds it unzipped.
 */

export interface ZipEntry {
  readonly name: string;
  /** The deflated bytes. */
  readonly packed: Buffer;
  readonly size: number;
  readonly crc: number;
}

/** A part from its text. */
export function entry(name: string, text: string): ZipEntry {
  const bytes = Buffer.from(text, 'utf8');
  return { name, packed: deflateRawSync(bytes, { level: 9 }), size: bytes.length, crc: crc32(bytes) };
}

/** A part from chunks of text (deflated as they come: the whole is never held). */
export async function streamedEntry(name: string, chunks: Iterable<string>): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (c: Buffer) => packed.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  let crc = 0;
  for (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { name, packed: Buffer.concat(packed), size, crc };
}

/** The zip of the parts, in their order, with its central directory. */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.packed.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.packed);
    directory.push(central, name);
    offset += 30 + name.length + e.packed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has besides its sheet (and shared strings, when `sharedStrings`). */
function frame(sharedStrings: boolean): ZipEntry[] {
  return [
    entry(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    entry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    ),
    entry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Mitglieder" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  ];
}

const HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Mitgliedsnummer</t></is></c><c r="B1" t="inlineStr"><is><t>Name / Firma</t></is></c></row>';
const sheet = (rows: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${HEADER_ROW}${rows}</sheetData></worksheet>`;

/** A header row, then one row numbered `row` (issue 38: 200,000,000 ran the process out of memory). */
export function farRowWorkbook(row: number): Buffer {
  return zip([
    ...frame(false),
    entry(
      'xl/worksheets/sheet1.xml',
      sheet(`<row r="${row}"><c r="A${row}"><v>1</v></c><c r="B${row}" t="inlineStr"><is><t>Meier</t></is></c></row>`),
    ),
  ]);
}

/** One cell of `megabytes` MB of text, deflated to about a thousandth. */
export async function hugeCellWorkbook(megabytes: number): Promise<Buffer> {
  const mb = 'a'.repeat(1024 * 1024);
  function* chunks(): Generator<string> {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>`;
    for (let i = 0; i < megabytes; i++) yield mb;
    yield '</t></is></c></row></sheetData></worksheet>';
  }
  return zip([...frame(false), await streamedEntry('xl/worksheets/sheet1.xml', chunks())]);
}

/** Shared strings of `megabytes` MB (strings of 32,000 letters), every one shown by a cell of the sheet. */
export async function sharedStringsBomb(megabytes: number): Promise<Buffer> {
  const text = 'b'.repeat(32_000);
  const count = Math.ceil((megabytes * 1024 * 1024) / text.length);
  function* strings(): Generator<string> {
    yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`;
    for (let i = 0; i < count; i++) yield `<si><t>${text}</t></si>`;
    yield '</sst>';
  }
  function* rows(): Generator<string> {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${HEADER_ROW}`;
    for (let i = 0; i < count; i++)
      yield `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c><c r="B${i + 2}" t="s"><v>${i}</v></c></row>`;
    yield '</sheetData></worksheet>';
  }
  return zip([
    ...frame(true),
    await streamedEntry('xl/sharedStrings.xml', strings()),
    await streamedEntry('xl/worksheets/sheet1.xml', rows()),
  ]);
}

/** A CSV file of a header of `columns` columns (and one row), delimited by `;`. */
export function wideCsv(columns: number): Buffer {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(';');
  return Buffer.from(`${header}\r\n${';'.repeat(columns - 1)}\r\n`, 'utf8');
}

/**
 * A workbook of `count` sheets, each a header and one row numbered `row` (decision 346: twenty sheets to row 1,048,576
 * made twenty million empty rows from 7 KB); with `onePart` every sheet names the first sheet's part.
 */
export function manySheetsWorkbook(count: number, row: number, onePart = false): Buffer {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const partOf = (i: number): number => (onePart ? 1 : i);
  const [types, rels] = frame(false);
  return zip([
    types!,
    rels!,
    entry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}">${ids
        .map((i) => `<Relationship Id="rId${i}" Type="${OFFICE}/worksheet" Target="worksheets/sheet${partOf(i)}.xml"/>`)
        .join('')}</Relationships>`,
    ),
    entry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets>${ids
        .map((i) => `<sheet name="Blatt${i}" sheetId="${i}" r:id="rId${i}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    ...[...new Set(ids.map(partOf))].map((p) =>
      entry(`xl/worksheets/sheet${p}.xml`, sheet(`<row r="${row}"><c r="A${row}"><v>1</v></c></row>`)),
    ),
  ]);
}
