import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ValidationError } from '@coop/contracts';
import { unreadableAsRefusal } from '../commands/import-parts.js';
import { foreignKind } from './file-kind.js';
import { UnreadableFileError, type UploadedFile } from './file-read.js';
import { readFileHere } from './read-file-here.js';

/*
 * A file the import does not read is told by what it is, and an unreadable one by why (decision 300): before, an
 * OpenDocument spreadsheet was "no xl/workbook.xml" in English, an Excel 97-2003 workbook or a PDF rows of garbage.
 */

/** An OpenDocument spreadsheet as LibreOffice and ODF lay it out: `mimetype` first, stored. */
async function ods(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/vnd.oasis.opendocument.spreadsheet', { compression: 'STORE' });
  zip.file('content.xml', '<?xml version="1.0" encoding="UTF-8"?><office:document-content/>');
  zip.file('META-INF/manifest.xml', '<manifest:manifest/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The head of an OLE compound file (an `.xls`, or a workbook saved with a password), then its sectors. */
const ole = (): Buffer =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0x41)]);

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Mitglieder').addRow(['Mitgliedsnummer', 'Name']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const utf16 = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** The refusal of a file as the API answers it: its template and parameters. */
async function answered(file: UploadedFile): Promise<{ template: string; parameters: Record<string, string> }> {
  const refused = unreadableAsRefusal(
    await readFileHere(file).then(
      () => new Error('read'),
      (e: unknown) => e,
    ),
  );
  if (!(refused instanceof ValidationError)) throw refused as Error;
  const [error] = refused.errors;
  return { template: error!.template, parameters: { ...error!.parameters } };
}

describe('the import: a file of another kind, or one that cannot be read, told by what it is (decision 300)', () => {
  it('tells an OpenDocument spreadsheet, an OLE file and bytes that are no text; reads XLSX, CSV and UTF-16', async () => {
    expect(foreignKind(await ods())).toBe('ods');
    expect(foreignKind(ole())).toBe('xls');
    expect(foreignKind(Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'))).toBe('notText');
    expect(foreignKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('notText');
    expect(foreignKind(await xlsx())).toBeNull();
    expect(foreignKind(Buffer.from('Mitgliedsnummer;Name\n1;Müller\n'))).toBeNull();
    expect(foreignKind(Buffer.from('Nr;Name\n1;M\xfcller\n', 'latin1'))).toBeNull();
    expect(foreignKind(utf16('Mitgliedsnummer\tName\r\n1\tMüller\r\n'))).toBeNull();
    expect(foreignKind(new Uint8Array(0))).toBeNull();
  });

  it('answers each with its own template, translated, and no reader’s English', async () => {
    expect(await answered({ name: 'register.ods', bytes: await ods() })).toEqual({
      template: 'importFileIsOds',
      parameters: { 0: 'register.ods' },
    });
    expect(await answered({ name: 'register.xls', bytes: ole() })).toEqual({
      template: 'importFileIsXls',
      parameters: { 0: 'register.xls' },
    });
    expect(await answered({ name: 'scan.pdf', bytes: Buffer.from('%PDF-1.4\n') })).toEqual({
      template: 'importFileNotText',
      parameters: { 0: 'scan.pdf' },
    });
    const cut = (await xlsx()).subarray(0, 200);
    expect(await answered({ name: 'cut.xlsx', bytes: cut })).toEqual({
      template: 'importWorkbookDamaged',
      parameters: { 0: 'cut.xlsx' },
    });
    const docx = await new JSZip().file('word/document.xml', '<w:document/>').generateAsync({ type: 'nodebuffer' });
    expect((await answered({ name: 'brief.docx', bytes: docx })).template).toBe('importWorkbookDamaged');
  });

  it('names the row a CSV file’s unclosed quotation mark opens in (records counted as the rows are)', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${i + 1};Name ${i + 1}`);
    const text = `Mitgliedsnummer;Name\n${rows.join('\n')}\n7;"Müller\n8;Schmidt\n`;
    expect(await answered({ name: 'mitglieder.csv', bytes: Buffer.from(text) })).toEqual({
      template: 'importQuoteNotClosed',
      parameters: { 0: 'mitglieder.csv', 1: '5002' },
    });
    const error = await readFileHere({ name: 'a.csv', bytes: Buffer.from('a;b\n"x;y\n1;2\n') }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect(error).toMatchObject({ why: 'quoteNotClosed', row: 2 });
  });

  it('gives the same answer for the same bytes every time, also read side by side', async () => {
    const files: UploadedFile[] = [
      { name: 'a.ods', bytes: await ods() },
      { name: 'b.xls', bytes: ole() },
      { name: 'c.csv', bytes: Buffer.from('a;b\n1;2\n"3;4\n') },
      { name: 'd.xlsx', bytes: (await xlsx()).subarray(0, 300) },
    ];
    const first = await Promise.all(files.map(answered));
    for (let round = 0; round < 5; round++)
      expect(await Promise.all([...files, ...files].map(answered))).toEqual([...first, ...first]);
  });
});
