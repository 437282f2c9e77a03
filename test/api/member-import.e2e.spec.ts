import request from 'supertest';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import type {
  ImportDryRunDto,
  ImportInspectionDto,
  ImportProblemDto,
  ImportRecordDto,
  ImportResultDto,
  MemberDto,
  TaskDto,
} from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { ended, until } from './support/tasks.js';
import {
  SHARE,
  IBAN_1,
  IBAN_2,
  BAD_IBAN,
  binary,
  csv,
  MEMBER_HEADERS,
  memberLine,
  POSTING_HEADERS,
  cleanCsv,
  upload,
  members,
} from './support/member-import.js';

/*
 * The import of a member register through the API (issue 29): templates, inspection, the dry run with its problems
 * (CSV in German formats, XLSX in English), the problems workbook, the all-or-nothing write, the same files twice,
 * administrators only, another cooperative untouched, and the tasks above IMPORT_SYNC_ROWS.
 */
describe('the import of a member register (issue 29)', () => {
  let t: TestApp;
  let other: { token: string; cooperativeId: string };
  let otherMember: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'other-eg', balanceCost: SHARE }));
    const cooperativeId = (created.body as { id: string }).id;
    other = {
      token: (await userWith(t.http, t.adminToken, 'other-admin', ['ROLE_ADMIN', 'ROLE_USER'], cooperativeId)).token,
      cooperativeId,
    };
    otherMember = await createMember(t.http, other.token, { memberNr: 1, name: 'Andere' });
  });
  afterAll(async () => t.close());

  it('hands out the templates: a workbook with a sheet per kind, and a CSV per kind in Excel dialect', async () => {
    const workbook = await request(t.http)
      .get('/api/v1/import/templates/workbook.xlsx')
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    expect(workbook.status).toBe(200);
    expect(XLSX.read(workbook.body as Buffer, { type: 'buffer' }).SheetNames).toEqual([
      'Mitglieder',
      'Buchungen',
      'Freistellungsaufträge',
      'NV-Bescheinigungen',
      'Erlaubte Werte',
    ]);
    const members = await request(t.http)
      .get('/api/v1/import/templates/members.csv')
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    expect(members.status).toBe(200);
    const text = (members.body as Buffer).toString('utf8');
    expect(text.startsWith('\ufeffMitgliedsnummer;')).toBe(true);
    expect((await request(t.http).get('/api/v1/import/templates/nothing.csv').set(auth(t.adminToken))).status).toBe(
      400,
    );
  });

  it('inspects the files: kinds, formats, headers and the guessed mapping, and the fields to map to', async () => {
    const res = await upload(t.http, t.adminToken, '/api/v1/import/inspect', cleanCsv());
    expect(res.status).toBe(200);
    const body = res.body as ImportInspectionDto;
    expect(body.checksum).toMatch(/^[0-9a-f]{64}$/);
    const [membersFile, postingsFile] = body.files;
    expect(membersFile).toMatchObject({
      file: 'mitglieder.csv',
      format: { fileType: 'csv', encoding: 'utf-8', delimiter: ';', dates: 'de' },
    });
    expect(membersFile!.sheets[0]).toMatchObject({
      kind: 'members',
      rows: 2,
      mapping: { Mitgliedsnummer: 'memberNr', IBAN: 'iban', Eintrittsdatum: 'entryDate' },
    });
    expect(postingsFile!.sheets[0]).toMatchObject({
      kind: 'postings',
      rows: 2,
      mapping: { Buchungsart: 'type', Datum: 'date' },
    });
    expect(body.fields.members).toContainEqual({ key: 'iban', required: false, de: 'IBAN', en: 'IBAN' });
    expect(body.fields.postings.find((f) => f.key === 'type')).toMatchObject({ required: true });
  });

  it('refuses an upload without files and a mapping that is no mapping', async () => {
    const none = await request(t.http).post('/api/v1/import/dry-run').set(auth(t.adminToken)).send({});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'files', template: 'importNotEmptyFile', parameters: {} }]);
    const bad = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', cleanCsv(), { sheets: 'all' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'mapping', template: 'invalidChoice', parameters: {} }]);
    const unreadable = await upload(t.http, t.adminToken, '/api/v1/import/inspect', [
      { name: 'kaputt.csv', bytes: Buffer.from('Mitgliedsnummer;Name\n1;"Müller\n', 'utf8') },
    ]);
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.errors).toEqual([
      { field: 'files', template: 'importQuoteNotClosed', parameters: { 0: 'kaputt.csv', 1: '2' } },
    ]);
  });

  it('lists every problem of a CSV in German formats with its row, column and value; writing it is refused and writes nothing', async () => {
    const files = [
      {
        name: 'mitglieder.csv',
        bytes: csv([MEMBER_HEADERS, memberLine(11, 'Müller', BAD_IBAN, 3), memberLine(12, 'Schmidt', IBAN_2, 2)]),
      },
      {
        name: 'buchungen.csv',
        bytes: csv([POSTING_HEADERS, ['12', 'T1', '3', '1', '100,00', '01.03.2021', '', '11']]),
      },
    ];
    const res = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(res.status).toBe(200);
    const body = res.body as ImportDryRunDto;
    expect(body.canWrite).toBe(false);
    expect(body.formats['mitglieder.csv']).toMatchObject({ numbers: 'de', dates: 'de', delimiter: ';' });
    expect(body.problems).toContainEqual(
      expect.objectContaining({
        file: 'mitglieder.csv',
        row: 2,
        column: 'IBAN',
        field: 'iban',
        value: BAD_IBAN,
        template: 'invalidIban',
      }),
    );
    expect(body.problems).toContainEqual(
      expect.objectContaining({ file: 'buchungen.csv', row: 2, template: 'importTransferWithoutPair' }),
    );
    expect(body.problemCount).toBe(body.problems.length);

    const head = await t.running.storage.events.headPosition();
    const write = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(write.status).toBe(400);
    expect(write.body.errors).toEqual([
      { field: null, template: 'importHasProblems', parameters: { 0: String(body.problemCount) } },
    ]);
    expect(await t.running.storage.events.headPosition()).toBe(head);
  });

  it('lists the problems of an XLSX in English: a member number twice, taken numbers of this cooperative; the problems workbook has them beside their rows', async () => {
    // Written by exceljs as Excel writes a workbook (the workbook part before its sheets); dates and numbers as typed cells.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Members');
    sheet.addRow([
      'Member number',
      'Salutation',
      'Postal salutation',
      'Surname',
      'First name',
      'Date of birth',
      'Legal form',
      'Marital status',
      'Street',
      'House number',
      'Zip code',
      'City',
      'State',
      'Bank',
      'IBAN',
      'BIC',
      'Entry date',
      'Approval date',
      'Shares',
    ]);
    const person = ['Mrs', 'female'];
    const place = ['Lindenweg', '7', '12345', 'Musterstadt', 'by', 'Musterbank'];
    sheet.addRow([
      21,
      ...person,
      'Brown',
      'Ann',
      new Date(Date.UTC(1980, 3, 12)),
      'individual',
      'single',
      ...place,
      IBAN_1,
      'COBADEFFXXX',
      new Date(Date.UTC(2020, 0, 15)),
      new Date(Date.UTC(2020, 0, 20)),
      2,
    ]);
    sheet.addRow([
      21,
      ...person,
      'Green',
      'Bea',
      new Date(Date.UTC(1975, 5, 1)),
      'individual',
      'single',
      ...place,
      IBAN_2,
      'COBADEFFXXX',
      new Date(Date.UTC(2020, 1, 3)),
      new Date(Date.UTC(2020, 1, 10)),
      1,
    ]);
    const files = [{ name: 'register.xlsx', bytes: Buffer.from(await book.xlsx.writeBuffer()) }];
    const res = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(res.status).toBe(200);
    const body = res.body as ImportDryRunDto;
    expect(body.formats['register.xlsx']).toMatchObject({ fileType: 'xlsx' });
    const twice = body.problems.find((p: ImportProblemDto) => p.template === 'importMemberNrTwice');
    expect(twice).toMatchObject({ sheet: 'Members', row: 3, column: 'Member number', parameters: { 0: '21' } });
    expect(body.canWrite).toBe(false);

    const workbook = await upload(t.http, t.adminToken, '/api/v1/import/problems.xlsx?lang=en', files)
      .buffer(true)
      .parse(binary);
    expect(workbook.status).toBe(200);
    const read = XLSX.read(workbook.body as Buffer, { type: 'buffer' });
    const problemRows = XLSX.utils.sheet_to_json<string[]>(read.Sheets[read.SheetNames[0]!]!, { header: 1 });
    expect(JSON.stringify(problemRows)).toContain('appears twice');
    expect((await upload(t.http, t.adminToken, '/api/v1/import/problems.xlsx?lang=fr', files)).status).toBe(400);
  });

  it('writes a clean import as a process (started, a chunk, ended), records it, and does nothing the second time', async () => {
    const files = cleanCsv(1);
    const dry = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      canWrite: true,
      problemCount: 0,
      alreadyImported: null,
      summary: { members: 2, shares: 7, capitalCents: 7 * SHARE },
    });

    const res = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(res.status).toBe(201);
    const result = res.body as ImportResultDto;
    expect(result).toMatchObject({
      written: true,
      checksum: (dry.body as ImportDryRunDto).checksum,
      summary: { members: 2 },
    });
    const imported = (await members(t.http, t.adminToken)).sort((a, b) => (a.memberNr ?? 0) - (b.memberNr ?? 0));
    expect(imported.map((m) => [m.memberNr, m.name, m.shareAmount])).toEqual([
      [1, 'Müller', 5],
      [2, 'Schmidt', 2],
    ]);

    const log = await t.running.storage.events.readStream(`imports-${t.cooperativeId}`);
    // Issue 40: begun, its one chunk (a few events, under IMPORT_CHUNK_EVENTS), ended.
    expect(log.map((e) => e.type)).toEqual(['RegisterImportStarted', 'RegisterImportChunkWritten', 'RegisterImported']);
    expect(log[2]!.data).toMatchObject({
      importId: result.importId,
      checksum: result.checksum,
      by: 'admin',
      files: [{ name: 'mitglieder.csv' }, { name: 'buchungen.csv' }],
    });
    const history = await request(t.http).get('/api/v1/import/history').set(auth(t.adminToken));
    expect(history.status).toBe(200);
    expect(history.body as ImportRecordDto[]).toEqual([
      expect.objectContaining({
        id: result.importId,
        checksum: result.checksum,
        by: 'admin',
        members: 2,
        postings: 3,
        files: ['mitglieder.csv', 'buchungen.csv'],
        state: 'written',
      }),
    ]);
    const running = await request(t.http).get('/api/v1/import/running').set(auth(t.adminToken));
    expect(running.body).toMatchObject({ running: false });

    // The same files again (in another order): nothing written, the earlier import named.
    const head = await t.running.storage.events.headPosition();
    const again = await upload(t.http, t.adminToken, '/api/v1/import', [...files].reverse());
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ written: false, importId: result.importId, checksum: result.checksum });
    expect(await t.running.storage.events.headPosition()).toBe(head);
    const dryAgain = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(dryAgain.body).toMatchObject({
      canWrite: false,
      alreadyImported: { importId: result.importId, by: 'admin' },
    });

    // The mapping of this import is offered for the next.
    const saved = await t.running.storage.readStore.get('import_mappings', t.cooperativeId);
    expect(saved?.mapping).toMatchObject({
      sheets: expect.arrayContaining([expect.objectContaining({ kind: 'members' })]),
    });
  });

  it("leaves another cooperative's members alone (its member number 1 is its own)", async () => {
    const theirs = await members(t.http, other.token);
    expect(theirs.map((m) => [m.id, m.memberNr, m.name])).toEqual([[otherMember.id, 1, 'Andere']]);
    expect((await request(t.http).get('/api/v1/import/history').set(auth(other.token))).body).toEqual([]);
  });

  it('is for administrators only', async () => {
    const clerk = await userWith(t.http, t.adminToken, 'clerk', ['ROLE_USER']);
    expect((await upload(t.http, clerk.token, '/api/v1/import/dry-run', cleanCsv(31))).status).toBe(403);
    expect((await upload(t.http, clerk.token, '/api/v1/import', cleanCsv(31))).status).toBe(403);
    expect((await request(t.http).get('/api/v1/import/history').set(auth(clerk.token))).status).toBe(403);
    expect((await request(t.http).get('/api/v1/import/templates/workbook.xlsx').set(auth(clerk.token))).status).toBe(
      403,
    );
  });

  it('refuses a multipart body on a route that takes none, as before', async () => {
    const res = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .attach('files', Buffer.from('x'), 'x.csv');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: 'Unsupported Media Type',
      errors: [{ field: null, template: 'requestFailed', parameters: { 0: '415' } }],
    });
  });
});

describe('the import as tasks above IMPORT_SYNC_ROWS (issue 29)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ IMPORT_SYNC_ROWS: '3' });
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
  });
  afterAll(async () => t.close());

  it('runs the dry run and the write as tasks, with their results, the problems workbook and a notification', async () => {
    const files = cleanCsv(1);
    const dry = await upload(t.http, t.adminToken, '/api/v1/import/dry-run?lang=en', files);
    expect(dry.status).toBe(202);
    const dryTask = await until(t.http, t.adminToken, (dry.body as { taskId: string }).taskId, ended);
    expect(dryTask).toMatchObject({
      kind: 'memberImportDryRun',
      state: 'completed',
      summary: { members: 2, importProblems: 0 },
    });
    const json = dryTask.files.find((f) => f.name === 'import-dry-run.json')!;
    const result = await request(t.http)
      .get(`/api/v1/tasks/${dryTask.id}/files/${json.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    expect(JSON.parse((result.body as Buffer).toString('utf8'))).toMatchObject({
      canWrite: true,
      summary: { members: 2 },
    });
    expect(dryTask.files.map((f) => f.name)).toContain('import-problems.xlsx');
    expect(await members(t.http, t.adminToken)).toEqual([]);

    const write = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(write.status).toBe(202);
    const task: TaskDto = await until(t.http, t.adminToken, (write.body as { taskId: string }).taskId, ended);
    expect(task).toMatchObject({ kind: 'memberImport', state: 'completed', summary: { written: 1, members: 2 } });
    expect((await members(t.http, t.adminToken)).map((m) => m.memberNr).sort()).toEqual([1, 2]);
    const notifications = await request(t.http).get('/api/v1/notifications').set(auth(t.adminToken));
    expect(JSON.stringify(notifications.body)).toContain('taskCompleted');

    // The uploaded files are gone once the tasks ended.
    const stored = await t.running.storage.events.readStream(`imports-${t.cooperativeId}`);
    expect(stored.map((e) => e.type)).toEqual([
      'RegisterImportStarted',
      'RegisterImportChunkWritten',
      'RegisterImported',
    ]);
    const again = await upload(t.http, t.adminToken, '/api/v1/import', files);
    const second = await until(t.http, t.adminToken, (again.body as { taskId: string }).taskId, ended);
    expect(second).toMatchObject({ state: 'completed', summary: { written: 0 } });
    expect(await t.running.storage.events.readStream(`imports-${t.cooperativeId}`)).toHaveLength(3);
  });
});
