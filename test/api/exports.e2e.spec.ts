import request from 'supertest';
import type { App } from 'supertest/types.js';
import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { businessToday, type MemberDto, type TaskDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, member, posted } from './support/members.js';

/*
 * The member list exports through the API (issue 26; GenG § 30, DOMAIN.md 9.1): every file is read back with another
 * library than the one that wrote it (CSV written by csv-stringify, read by csv-parse; XLSX written by exceljs and ODS
 * assembled with jszip, both read by SheetJS) and every cell is compared with the register as of the date
 * (`GET /members/{id}?date=`). A past date hides a later posting and a later exit; a later entry is left out; another
 * cooperative's members never appear; a bad date or format is 400; above `EXPORT_SYNC_LIMIT` (4 here) the list is
 * written by the `memberExport` task and downloaded from it.
 */
const PAST = '2023-12-31';
const TODAY = businessToday();
const SHARE = 10_000;

const HEADERS = [
  'Mitgliedsnummer',
  'Anrede',
  'Titel',
  'Name / Firma',
  'Vorname',
  'Straße',
  'Hausnummer',
  'PLZ',
  'Ort',
  'Land',
  'Geburtsdatum',
  'Eintrittsdatum',
  'Zulassungsdatum',
  'Austrittsdatum',
  'Austrittsgrund',
  'Anzahl Anteile',
  'Nennbetrag der Anteile (EUR)',
];
const DATE_COLUMNS = new Set([10, 11, 12, 13]);
const TEXT_COLUMNS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 14]);
const REASONS: Record<string, string> = {
  death: 'Tod',
  exclusion: 'Ausschluss',
  exit: 'Kündigung',
  dissolution: 'Auflösung',
};

/** A member's row as typed values (text, whole numbers, ISO dates, euros as a number), from the register's answer. */
type Cell = string | number | null;
function expectedRow(m: MemberDto): Cell[] {
  const t = (v: string | null): string | null => (v === null || v === '' ? null : v);
  return [
    m.memberNr,
    t(m.salutation),
    m.title === 'Dr' ? 'Dr.' : m.title === 'Prof' ? 'Prof.' : null,
    t(m.name),
    t(m.givenName),
    t(m.street),
    t(m.streetHomeNumber),
    t(m.zipCode),
    t(m.city),
    m.isForeign ? t(m.country) : 'DE',
    t(m.birthDate),
    t(m.entryDate),
    t(m.approvalDate),
    t(m.exitDate),
    m.exitReason ? REASONS[m.exitReason]! : null,
    m.shareAmount,
    m.shareTotalEUR / 100,
  ];
}

const german = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const isoToGerman = (d: string): string => d.split('-').reverse().join('.');
/** The same row as the CSV's text in a dialect. */
function csvRow(row: Cell[], dialect: 'excel' | 'rfc4180'): string[] {
  return row.map((v, i) => {
    if (v === null) return '';
    if (i === 16) return dialect === 'excel' ? german.format(v as number) : (v as number).toFixed(2);
    if (DATE_COLUMNS.has(i)) return dialect === 'excel' ? isoToGerman(v as string) : (v as string);
    const s = String(v);
    return TEXT_COLUMNS.has(i) && /^[=+\-@]/.test(s) ? `'${s}` : s;
  });
}

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const download = (http: App, token: string, path: string): request.Test =>
  request(http).get(path).set(auth(token)).buffer(true).parse(binary);

const serialToIso = (serial: number): string =>
  new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);

/** Every row of the first sheet as typed values, read by SheetJS; dates must be date cells, numbers numeric cells. */
function sheetRows(bytes: Buffer): { rows: Cell[][]; sheet: XLSX.WorkSheet } {
  const book = XLSX.read(bytes, { type: 'buffer', cellDates: false, cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  const rows: Cell[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: Cell[] = [];
    for (let c = 0; c < HEADERS.length; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell === undefined || cell.t === 'z' || cell.v === undefined || cell.v === '') row.push(null);
      else if (r > 0 && DATE_COLUMNS.has(c)) {
        expect(['n', 'd']).toContain(cell.t);
        row.push(cell.t === 'd' ? (cell.v as Date).toISOString().slice(0, 10) : serialToIso(cell.v as number));
      } else if (r > 0 && !TEXT_COLUMNS.has(c)) {
        expect(cell.t).toBe('n');
        row.push(cell.v as number);
      } else {
        expect(cell.t).toBe('s');
        row.push(cell.v as string);
      }
    }
    rows.push(row);
  }
  return { rows, sheet };
}

describe('member list exports (CSV, XLSX, ODS) as of a date', () => {
  let t: TestApp;
  let other: { token: string };
  let noMembers: string;
  const m: Record<string, MemberDto> = {};
  let exitDate = '';

  beforeAll(async () => {
    t = await startApp({ EXPORT_SYNC_LIMIT: '4' });
    const terms = await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'Bürger-Energie Süd', balanceCost: SHARE, minimumShares: 1 }));
    expect(terms.status).toBe(200);
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'other-eg' }));
    expect(created.status).toBe(201);
    const otherCoop = (created.body as { id: string }).id;
    other = await userWith(t.http, t.adminToken, 'exports-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], otherCoop);
    noMembers = (await userWith(t.http, t.adminToken, 'exports-user-admin', ['ROLE_EDIT_USERS'])).token;
    await createMember(t.http, other.token, {
      name: 'Fremd',
      givenName: 'Otto',
      entryDate: '2020-01-01',
      approvalDate: '2020-01-01',
      interestBegin: '2020-01-01',
      shareAmount: 1,
    });

    const since = (entryDate: string): Record<string, string> => ({
      entryDate,
      approvalDate: entryDate,
      interestBegin: entryDate,
    });
    // A name a spreadsheet would take for a formula, a doctor, a later posting.
    m.a = await createMember(t.http, t.adminToken, {
      ...since('2020-01-15'),
      name: '=SUMME(A1)',
      givenName: 'Jürgen; "Jo"',
      salutation: 'Herr',
      postalSalutation: 'maleDr',
      title: 'Dr',
      zipCode: '01067',
      city: 'Dresden',
      shareAmount: 4,
    });
    await posted(t.http, t.adminToken, {
      member: m.a.id,
      type: 1,
      quantity: 3,
      date: '2024-03-01',
      approvalDate: '2024-03-01',
      interestBegin: '2024-04-01',
    });
    // Gave notice in 2024: member until the end of 2024.
    m.b = await createMember(t.http, t.adminToken, {
      ...since('2021-05-01'),
      name: 'Berg',
      givenName: 'Bea',
      birthDate: '1975-12-31',
      shareAmount: 2,
    });
    exitDate = (
      await posted(t.http, t.adminToken, {
        member: m.b.id,
        type: 8,
        date: '2024-06-30',
        approvalDate: '2024-06-30',
        interestBegin: '2024-07-01',
        noticeDate: '2024-06-30',
      })
    ).date;
    // Declared before PAST, admitted after it (§ 15 GenG: declaration and admission): no member on PAST (decision 314).
    m.c = await createMember(t.http, t.adminToken, {
      entryDate: '2023-12-20',
      approvalDate: '2024-02-01',
      interestBegin: '2024-02-01',
      name: 'Clausen',
      givenName: 'Carl',
      street: 'Am Hang',
      streetHomeNumber: '12 b',
      shareAmount: 1,
    });
    m.d = await createMember(t.http, t.adminToken, {
      ...since('2022-07-01'),
      name: 'Dietz',
      givenName: 'Dora',
      shareAmount: 7,
    });
  }, 90_000);
  afterAll(async () => t.close());

  /** The register as of a date for the given members, in member-number order. */
  async function register(date: string, keys: string[]): Promise<Cell[][]> {
    const dtos = await Promise.all(keys.map((k) => member(t.http, t.adminToken, m[k]!.id, date)));
    return dtos.sort((x, y) => x.memberNr! - y.memberNr!).map(expectedRow);
  }

  it('the register behind the tests: a past date hides the later posting and the later exit', async () => {
    expect(exitDate).toBe('2024-12-31');
    const past = await register(PAST, ['a', 'b', 'd']);
    expect(past.map((r) => [r[3], r[13], r[15], r[16]])).toEqual([
      ['=SUMME(A1)', null, 4, 400],
      ['Berg', null, 2, 200],
      ['Dietz', null, 7, 700],
    ]);
    // The member declared before PAST is one from the admission on.
    for (const [date, status] of [
      [PAST, 404],
      ['2024-01-31', 404],
      ['2024-02-01', 200],
    ] as const)
      await request(t.http).get(`/api/v1/members/${m.c!.id}?date=${date}`).set(auth(t.adminToken)).expect(status);
  });

  it('CSV (default dialect) as of a past date: BOM, `;`, German formats, formula guard, every cell as the register', async () => {
    const res = await download(t.http, t.adminToken, `/api/v1/export/members?date=${PAST}`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mitglieder-buerger-energie-sued-${PAST}.csv"; filename*=UTF-8''mitglieder-buerger-energie-sued-${PAST}.csv`,
    );
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes, { bom: true, delimiter: ';', relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1)).toEqual((await register(PAST, ['a', 'b', 'd'])).map((r) => csvRow(r, 'excel')));
    expect(rows[1]![3]).toBe("'=SUMME(A1)");
    expect(rows[1]![16]).toBe('400,00');
    // The same through members.csv.
    const same = await download(t.http, t.adminToken, `/api/v1/export/members.csv?date=${PAST}`).expect(200);
    expect(Buffer.compare(same.body as Buffer, bytes)).toBe(0);
  });

  it('CSV dialect rfc4180 as of the exit date: `,`, ISO dates, `1234.56`, no BOM; the exited member is gone, the later one in', async () => {
    const res = await download(
      t.http,
      t.adminToken,
      `/api/v1/export/members.csv?date=${exitDate}&dialect=rfc4180`,
    ).expect(200);
    const bytes = res.body as Buffer;
    expect(bytes[0]).toBe('M'.charCodeAt(0));
    const rows = parseCsv(bytes, { delimiter: ',' }) as string[][];
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1)).toEqual((await register(exitDate, ['a', 'c', 'd'])).map((r) => csvRow(r, 'rfc4180')));
    expect(rows.slice(1).map((r) => r[16])).toEqual(['700.00', '100.00', '700.00']);
  });

  it('CSV the day before the exit: the member is still in with the pending exit and the shares', async () => {
    const res = await download(t.http, t.adminToken, '/api/v1/export/members.csv?date=2024-12-30').expect(200);
    const rows = parseCsv(res.body as Buffer, { bom: true, delimiter: ';' }) as string[][];
    expect(rows.slice(1)).toEqual((await register('2024-12-30', ['a', 'b', 'c', 'd'])).map((r) => csvRow(r, 'excel')));
    const berg = rows.find((r) => r[3] === 'Berg')!;
    expect([berg[13], berg[14], berg[15]]).toEqual(['31.12.2024', 'Kündigung', '2']);
  }, 30_000);

  it('XLSX as of a past date: typed cells (dates, euros, whole numbers), frozen header, widths, autofilter', async () => {
    const res = await download(t.http, t.adminToken, `/api/v1/export/members.xlsx?date=${PAST}`).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mitglieder-buerger-energie-sued-${PAST}.xlsx"; filename*=UTF-8''mitglieder-buerger-energie-sued-${PAST}.xlsx`,
    );
    const { rows, sheet } = sheetRows(res.body as Buffer);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1)).toEqual(await register(PAST, ['a', 'b', 'd']));
    expect(sheet['!autofilter']).toEqual({ ref: 'A1:Q1' });
    expect((sheet['B2'] as XLSX.CellObject).v).toBe('Herr');
    expect((sheet['Q2'] as XLSX.CellObject).z).toContain('€');
    expect((sheet['K2'] as XLSX.CellObject).z).toBe('dd.mm.yyyy');
    const files = XLSX.CFB.read(res.body as Buffer, { type: 'buffer' });
    const xml = Buffer.from(XLSX.CFB.find(files, '/xl/worksheets/sheet1.xml')!.content as Uint8Array).toString('utf8');
    expect(xml).toMatch(/<pane[^>]*ySplit="1"[^>]*state="frozen"/);
    expect(xml).toMatch(/<col [^>]*width="/);
  });

  it('ODS as of today: mimetype first and stored, typed cells, every cell as the register', async () => {
    const res = await download(t.http, t.adminToken, '/api/v1/export/members.ods').expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mitglieder-buerger-energie-sued-${TODAY}.ods"; filename*=UTF-8''mitglieder-buerger-energie-sued-${TODAY}.ods`,
    );
    const bytes = res.body as Buffer;
    // The first local file header: method 0 (stored), name `mimetype`, then the media type itself.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    expect(bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(bytes.subarray(38, 38 + 46).toString('latin1')).toBe('application/vnd.oasis.opendocument.spreadsheet');
    const { rows } = sheetRows(bytes);
    expect(rows[0]).toEqual(HEADERS);
    const keys = TODAY >= exitDate ? ['a', 'c', 'd'] : ['a', 'b', 'c', 'd'];
    expect(rows.slice(1)).toEqual(await register(TODAY, keys));
    const files = XLSX.CFB.read(bytes, { type: 'buffer' });
    const content = Buffer.from(XLSX.CFB.find(files, '/content.xml')!.content as Uint8Array).toString('utf8');
    expect(content).toContain('office:value-type="currency" office:currency="EUR" office:value="700.00"');
    expect(content).toContain('office:value-type="date" office:date-value="2020-01-15"');
    expect(content).toContain('office:value-type="float" office:value="7"');
    expect(XLSX.CFB.find(files, '/META-INF/manifest.xml')).toBeTruthy();
  });

  it('another cooperative sees only its own members', async () => {
    const res = await download(t.http, other.token, '/api/v1/export/members.csv?dialect=rfc4180').expect(200);
    const rows = parseCsv(res.body as Buffer, { delimiter: ',' }) as string[][];
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([['Fremd', 'Otto']]);
    expect(res.headers['content-disposition']).toContain('mitglieder-other-eg-');
  });

  it('refuses a bad date, format or dialect with 400, and a user without members:read with 403', async () => {
    const bad = await request(t.http)
      .get('/api/v1/export/members.xlsx?date=2024-02-30')
      .set(auth(t.adminToken))
      .expect(400);
    expect(bad.body).toEqual({ errors: [{ field: 'date', template: 'invalidDate', parameters: { 0: '2024-02-30' } }] });
    const format = await request(t.http).get('/api/v1/export/members.pdf').set(auth(t.adminToken)).expect(400);
    expect(format.body).toEqual({ errors: [{ field: 'format', template: 'invalidChoice', parameters: { 0: 'pdf' } }] });
    const dialect = await request(t.http)
      .get('/api/v1/export/members.csv?dialect=tsv')
      .set(auth(t.adminToken))
      .expect(400);
    expect(dialect.body).toEqual({
      errors: [{ field: 'dialect', template: 'invalidChoice', parameters: { 0: 'tsv' } }],
    });
    await request(t.http).get('/api/v1/export/members.csv').set(auth(noMembers)).expect(403);
  });

  it('writes a list above EXPORT_SYNC_LIMIT in the memberExport task: 202, progress, then the file from the task', async () => {
    m.e = await createMember(t.http, t.adminToken, {
      entryDate: '2019-01-01',
      approvalDate: '2019-01-01',
      interestBegin: '2019-01-01',
      name: 'Ebert',
      givenName: 'Emil',
      shareAmount: 2,
    });
    const date = '2024-12-30';
    const queued = await request(t.http)
      .get(`/api/v1/export/members.xlsx?date=${date}`)
      .set(auth(t.adminToken))
      .expect(202);
    const task = queued.body as TaskDto;
    expect(task.kind).toBe('memberExport');
    expect(task.params).toEqual({ format: 'xlsx', date, dialect: null });
    let done: TaskDto = task;
    for (let i = 0; i < 100 && done.state !== 'completed' && done.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = (await request(t.http).get(`/api/v1/tasks/${task.id}`).set(auth(t.adminToken)).expect(200))
        .body as TaskDto;
    }
    expect(done.state).toBe('completed');
    expect(done.summary).toEqual({ format: 'xlsx', date, members: 5 });
    const file = done.files[0]!;
    expect(file.name).toBe(`mitglieder-buerger-energie-sued-${date}.xlsx`);
    const res = await download(t.http, t.adminToken, `/api/v1/tasks/${task.id}/files/${file.fileId}`).expect(200);
    const { rows } = sheetRows(res.body as Buffer);
    expect(rows.slice(1)).toEqual(await register(date, ['a', 'b', 'c', 'd', 'e']));
  }, 60_000);
});
