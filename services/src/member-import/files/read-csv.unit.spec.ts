import { UnreadableFileError } from './file-read.js';
import { decodeCsv, detectDelimiter, readCsv } from './read-csv.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
/** Windows-1252 bytes of a text of Latin-1 letters and the euro sign (0x80). */
const HIGH: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93 };
const cp1252 = (text: string): Uint8Array => Uint8Array.from([...text].map((c) => HIGH[c] ?? c.charCodeAt(0)));

describe('import: reading CSV', () => {
  it('reads UTF-8 without and with a byte-order mark, the mark not in the first header', async () => {
    const plain = await readCsv('m.csv', utf8('Straße;Betrag\nGroßweg;5 €\n'));
    expect(plain.encoding).toBe('utf-8');
    expect(plain.sheet.headers).toEqual(['Straße', 'Betrag']);
    expect(plain.sheet.rows).toEqual([['Großweg', '5 €']]);
    const bom = await readCsv('m.csv', utf8('\ufeffStraße;Betrag\nÄußere Str.;5 €\n'));
    expect(bom.encoding).toBe('utf-8');
    expect(bom.sheet.headers[0]).toBe('Straße');
    expect(bom.sheet.rows[0]).toEqual(['Äußere Str.', '5 €']);
  });

  it('reads UTF-16 by its byte-order mark, little- and big-endian (Excel’s “Unicode text”), as the same text in UTF-8', async () => {
    const text = 'Mitgliedsnummer\tName\tStraße\n1\tMüller\tGroßweg 5 €\n';
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const be = Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
    const asUtf8 = await readCsv('m.csv', utf8(text));
    for (const bytes of [le, be]) {
      const read = await readCsv('m.csv', bytes);
      expect(read.encoding).toBe('utf-16');
      expect(read.sheet).toEqual(asUtf8.sheet);
      expect(decodeCsv(bytes)).toEqual({ text, encoding: 'utf-16' });
    }
  });

  it('reads Windows-1252 when the bytes are not UTF-8: ä, ß and € (0x80)', async () => {
    const bytes = cp1252('Straße;Betrag\nMärzweg;5 €\n');
    expect(bytes[bytes.length - 2]).toBe(0x80);
    const read = await readCsv('m.csv', bytes);
    expect(read.encoding).toBe('windows-1252');
    expect(read.sheet.headers).toEqual(['Straße', 'Betrag']);
    expect(read.sheet.rows).toEqual([['Märzweg', '5 €']]);
    expect(decodeCsv(cp1252('„Genossenschaft“ ÄÖÜäöüß €')).text).toBe('„Genossenschaft“ ÄÖÜäöüß €');
  });

  it('takes the delimiter the header line holds most of: ; , or tab (quoted ones not counted)', async () => {
    expect(detectDelimiter('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectDelimiter('a,b,c\n1;2;3')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1,5\t2\t3')).toBe('\t');
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',');
    expect(detectDelimiter('Name\nMeier')).toBe(';');
    expect((await readCsv('t.csv', utf8('Name\tVorname\nMeier\tAnna\n'))).sheet.rows).toEqual([['Meier', 'Anna']]);
    expect((await readCsv('c.csv', utf8('Name,Betrag\n"Meier, Anna","1,234.50"\n'))).sheet.rows).toEqual([
      ['Meier, Anna', '1,234.50'],
    ]);
  });

  it('keeps every record so a row number is the record number, rows of any length, headers unique', async () => {
    const read = await readCsv(
      'm.csv',
      utf8('Name;Datum;Datum;\r\nMeier;1;2\r\n\r\n"Zwei\r\nZeilen";3;4;5;6\r\nLast\r\n'),
    );
    expect(read.sheet.headers).toEqual(['Name', 'Datum', 'Datum (2)']);
    expect(read.sheet.firstRow).toBe(2);
    expect(read.sheet.rows).toEqual([['Meier', '1', '2'], [''], ['Zwei\r\nZeilen', '3', '4', '5', '6'], ['Last']]);
  });

  it('follows Excel’s hint line `sep=`, the header then being row 2', async () => {
    const read = await readCsv('m.csv', utf8('sep=,\r\nName;Vorname,Ort\r\nMeier;Anna,Köln\r\n'));
    expect(read.delimiter).toBe(',');
    expect(read.sheet.headers).toEqual(['Name;Vorname', 'Ort']);
    expect(read.sheet.firstRow).toBe(3);
    expect(read.sheet.rows).toEqual([['Meier;Anna', 'Köln']]);
  });

  it('reads an empty file as a sheet without headers or rows', async () => {
    const read = await readCsv('leer.csv', new Uint8Array());
    expect(read.sheet.headers).toEqual([]);
    expect(read.sheet.rows).toEqual([]);
  });

  // Decision 348 (a review's probe): read as Windows-1252, the mark stood in the first header, the UTF-8 letters doubled.
  it('refuses a UTF-8 byte-order mark followed by bytes that are not UTF-8, every time', async () => {
    const mixed = Uint8Array.from([...utf8('\ufeffMitgliedsnummer;Name\n1;Müller\n'), ...cp1252('2;J\u00fcrgen\n')]);
    const refusals = await Promise.all(
      [1, 2, 3].map(() =>
        readCsv('gemischt.csv', mixed).then(
          () => 'read',
          (e: unknown) => (e instanceof UnreadableFileError ? [e.file, e.why] : e),
        ),
      ),
    );
    expect(refusals).toEqual([1, 2, 3].map(() => ['gemischt.csv', 'bomNotUtf8']));
  });
});
