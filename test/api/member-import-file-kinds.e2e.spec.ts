import JSZip from 'jszip';
import request from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { binary, SHARE, upload } from './support/member-import.js';

/*
 * A file the import does not read, told by what it is (decision 300): the clerk's own cooperative's member list saved
 * as ODS by this product, an Excel 97-2003 workbook, a PDF, a workbook cut short and a CSV file with an unclosed
 * quotation mark, each refused on `files` with its own translated template, never the reader's English; before, the
 * ODS was "no xl/workbook.xml with its relationships" and the others were read as rows of Windows-1252 garbage.
 */
describe('the import refuses a file of another kind by what it is (decision 300)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
    await createMember(t.http, t.adminToken, { memberNr: 1, name: 'Müller' });
  });
  afterAll(async () => t.close());

  const refusal = async (name: string, bytes: Buffer): Promise<unknown> => {
    const res = await upload(t.http, t.adminToken, '/api/v1/import/inspect', [{ name, bytes }]);
    expect(res.status).toBe(400);
    return res.body.errors;
  };

  const download = async (path: string): Promise<Buffer> =>
    (await request(t.http).get(path).set(auth(t.adminToken)).buffer(true).parse(binary).expect(200)).body as Buffer;

  it('answers each kind with its template on files', async () => {
    const ods = await download('/api/v1/export/members.ods');
    expect(await refusal('mitglieder.ods', ods)).toEqual([
      { field: 'files', template: 'importFileIsOds', parameters: { 0: 'mitglieder.ods' } },
    ]);
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(8192, 0x20)]);
    expect(await refusal('mitglieder.xls', xls)).toEqual([
      { field: 'files', template: 'importFileIsXls', parameters: { 0: 'mitglieder.xls' } },
    ]);
    expect(await refusal('scan.pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'))).toEqual([
      { field: 'files', template: 'importFileNotText', parameters: { 0: 'scan.pdf' } },
    ]);
    const cut = (await download('/api/v1/import/templates/workbook.xlsx')).subarray(0, 400);
    expect(await refusal('register.xlsx', cut)).toEqual([
      { field: 'files', template: 'importWorkbookDamaged', parameters: { 0: 'register.xlsx' } },
    ]);
    // a workbook a program wrote with a formula it never calculated (openpyxl writes `<v/>`; decision 313)
    const zip = await JSZip.loadAsync(await download('/api/v1/export/members.xlsx'));
    const sheet = Object.keys(zip.files).find((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))!;
    const xml = await zip.file(sheet)!.async('string');
    zip.file(sheet, xml.replace(/<c r="A2"([^>]*)>.*?<\/c>/, '<c r="A2"$1><f>1+1</f><v/></c>'));
    expect(await refusal('generiert.xlsx', await zip.generateAsync({ type: 'nodebuffer' }))).toEqual([
      {
        field: 'files',
        template: 'importFormulaNotCalculated',
        parameters: { 0: 'generiert.xlsx', 1: 'Mitglieder!A2' },
      },
    ]);
    const quote = Buffer.from('Mitgliedsnummer;Name\n1;Müller\n2;"Schmidt\n3;Meier\n', 'utf8');
    expect(await refusal('mitglieder.csv', quote)).toEqual([
      { field: 'files', template: 'importQuoteNotClosed', parameters: { 0: 'mitglieder.csv', 1: '3' } },
    ]);
  });

  it('refuses the dry run and the write the same way, and writes nothing', async () => {
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024, 0)]);
    for (const path of ['/api/v1/import/dry-run', '/api/v1/import']) {
      const res = await upload(t.http, t.adminToken, path, [{ name: 'alt.xls', bytes: xls }], { sheets: [] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'files', template: 'importFileIsXls', parameters: { 0: 'alt.xls' } }]);
    }
    const list = await request(t.http).get('/api/v1/members').set(auth(t.adminToken)).expect(200);
    expect((list.body as unknown[]).length).toBe(1);
  });
});
