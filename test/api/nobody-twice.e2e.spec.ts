import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  type DuplicateCandidate,
  type ImportDryRunDto,
  type ImportRecordDto,
  type ImportResultDto,
  type MemberDto,
} from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms, validMember } from './support/members.js';

/*
 * Issue 39 "In the words clerks use" and "Nobody twice" through the API: a register typed in the console's own German
 * words imports; the dry run's and the write's counts agree; a tax id belongs to one person (admission, change, import);
 * the duplicate check and the import compare names with umlauts and their transcriptions alike; the import's possible
 * duplicates are warnings the write needs confirmed.
 */

const SHARE = 10_000;
/** Valid Steuer-IdNrs (check digit and digit structure). */
const TAX_A = '86095742719';
const TAX_B = '47036892816';
const IBAN_1 = 'DE89370400440532013000';
const IBAN_2 = 'DE02120300000000202051';
const IBAN_3 = 'DE44500105175407324931';

const csv = (rows: readonly (readonly string[])[]): Buffer =>
  Buffer.from(rows.map((r) => r.join(';')).join('\r\n') + '\r\n', 'utf8');
const upload = (
  http: App,
  token: string,
  path: string,
  files: readonly { name: string; bytes: Buffer }[],
  fields: Record<string, string> = {},
): request.Test => {
  let req = request(http).post(path).set(auth(token));
  for (const f of files) req = req.attach('files', f.bytes, f.name);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req;
};

const HEADERS = [
  'Mitgliedsnummer',
  'Mitgliedsart',
  'Funktion',
  'Anrede',
  'Briefanrede',
  'Name / Firma',
  'Vorname',
  'Geburtsdatum',
  'Rechtsform',
  'Familienstand',
  'Straße',
  'Hausnummer',
  'PLZ',
  'Ort',
  'Bundesland',
  'Bank',
  'IBAN',
  'BIC',
  'Eintrittsdatum',
  'Zulassungsdatum',
  'Steuer-ID',
  'Anzahl Anteile',
];
const person = (nr: number, name: string, given: string, birth: string, iban: string, tax: string): string[] => [
  String(nr),
  'Beigetreten',
  'Mitglied',
  'Frau',
  'Sehr geehrte Frau',
  name,
  given,
  birth,
  'Natürliche Person',
  'ledig',
  'Lindenweg',
  '7',
  '80331',
  'München',
  'Bayern',
  'Musterbank',
  iban,
  'COBADEFFXXX',
  '15.01.2020',
  '20.01.2020',
  tax,
  '2',
];
const postings = (nrs: readonly number[]): { name: string; bytes: Buffer } => ({
  name: 'buchungen.csv',
  bytes: csv([
    ['Mitgliedsnummer', 'Buchungsart', 'Anzahl', 'Datum', 'Zulassungsdatum'],
    ...nrs.map((nr) => [String(nr), 'Erstzeichnung', '2', '15.01.2020', '20.01.2020']),
  ]),
});

describe('in the words clerks use, and nobody twice (issue 39)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
  });
  afterAll(async () => t.close());

  it('imports a register typed in the console’s German words, and the write counts the entries the dry run counted', async () => {
    const files = [
      { name: 'mitglieder.csv', bytes: csv([HEADERS, person(101, 'Huber', 'Hanna', '03.03.1971', IBAN_1, '')]) },
      postings([101]),
    ];
    const dry = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(dry.status).toBe(200);
    const checked = dry.body as ImportDryRunDto;
    expect(checked.problems).toEqual([]);
    expect(checked).toMatchObject({ canWrite: true, warningCount: 0, summary: { members: 1, shares: 2 } });
    const written = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(written.status).toBe(201);
    expect((written.body as ImportResultDto).summary.events).toBe(checked.summary.events);
    const history = (await request(t.http).get('/api/v1/import/history').set(auth(t.adminToken)))
      .body as ImportRecordDto[];
    expect(history[0]?.events).toBe(checked.summary.events);
    const member = (
      (await request(t.http).get('/api/v1/members?search=Huber').set(auth(t.adminToken))).body as MemberDto[]
    )[0];
    expect(member).toMatchObject({ memberType: 1, postalSalutation: 'female', civilStatus: 0, state: 'by' });
  });

  it('refuses a CSV separated by another character, naming it', async () => {
    const res = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', [
      { name: 'mitglieder.csv', bytes: Buffer.from('Mitgliedsnummer|Name|Vorname\n1|Meier|Anna\n', 'utf8') },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'files', template: 'importUnsupportedDelimiter', parameters: { 0: 'mitglieder.csv', 1: '"|"' } },
    ]);
  });

  it('refuses a second member with the same tax id, on admission and on change; another cooperative is apart', async () => {
    const first = await createMember(t.http, t.adminToken, {
      name: 'Steuer',
      givenName: 'Erste',
      manualTaxId: TAX_A,
      iban: IBAN_2,
    });
    const second = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(
        validMember({
          name: 'Steuer',
          givenName: 'Zweite',
          manualTaxId: TAX_A.replace(/(\d{2})(\d{3})/, '$1 $2'),
          iban: IBAN_3,
        }),
      );
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual([
      { field: 'manualTaxId', template: 'taxIdTaken', parameters: { 0: String(first.memberNr), 1: 'Steuer, Erste' } },
    ]);

    const other = await createMember(t.http, t.adminToken, {
      name: 'Steuer',
      givenName: 'Dritte',
      manualTaxId: TAX_B,
      iban: IBAN_3,
    });
    const change = await request(t.http)
      .put(`/api/v1/members/${other.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Steuer', givenName: 'Dritte', manualTaxId: TAX_A, iban: IBAN_3 }));
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual([
      { field: 'manualTaxId', template: 'taxIdTaken', parameters: { 0: String(first.memberNr), 1: 'Steuer, Erste' } },
    ]);
    // the member keeps its own tax id when changing other fields
    expect(
      (
        await request(t.http)
          .put(`/api/v1/members/${first.id}`)
          .set(auth(t.adminToken))
          .send(validMember({ name: 'Steuer', givenName: 'Erste', manualTaxId: TAX_A, iban: IBAN_2, city: 'Augsburg' }))
      ).status,
    ).toBe(200);

    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'steuer-eg', balanceCost: SHARE }));
    const otherAdmin = await userWith(
      t.http,
      t.adminToken,
      'tax-other-admin',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (coop.body as { id: string }).id,
    );
    expect(
      (
        await request(t.http)
          .post('/api/v1/members')
          .set(auth(otherAdmin.token))
          .send(validMember({ manualTaxId: TAX_A }))
      ).status,
    ).toBe(201);
  });

  it('finds "Schoenberger" beside "Schönberger" (and case and spacing) in the duplicate check', async () => {
    const m = await createMember(t.http, t.adminToken, {
      name: 'Schönberger',
      givenName: 'Jürgen',
      birthDate: '1966-06-06',
      iban: IBAN_3,
    });
    for (const [name, givenName] of [
      ['Schoenberger', 'Juergen'],
      ['SCHÖNBERGER', ' jürgen '],
      ['Schön berger', 'Jürgen'],
    ] as const) {
      const res = await request(t.http)
        .get(
          `/api/v1/members/duplicates?${new URLSearchParams({ name, givenName, birthDate: '1966-06-06' }).toString()}`,
        )
        .set(auth(t.adminToken));
      expect(res.body as DuplicateCandidate[]).toEqual([
        { id: m.id, memberNr: m.memberNr, label: 'Schönberger, Jürgen', reason: 'nameAndBirthDate' },
      ]);
    }
  });

  it('in the import: a member’s tax id is a problem; the same IBAN or name and birth date a warning the write needs confirmed', async () => {
    const members = csv([
      HEADERS,
      person(201, 'Steuer', 'Vierte', '01.01.1980', 'DE12500105170648489890', TAX_A),
      person(202, 'Schoenberger', 'Juergen', '06.06.1966', 'DE75512108001245126199', ''),
      person(203, 'Neu', 'Nina', '02.02.1982', IBAN_1, ''),
      person(204, 'Neu', 'Nora', '02.02.1983', IBAN_1, ''),
      person(205, 'Alt', 'Olga', '03.03.1950', 'DE12500105170648489890', ''),
    ]);
    const withTax = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', [
      { name: 'mitglieder.csv', bytes: members },
    ]);
    const dry = withTax.body as ImportDryRunDto;
    expect(dry.problems).toContainEqual(
      expect.objectContaining({
        row: 2,
        column: 'Steuer-ID',
        template: 'importTaxIdOfMember',
        parameters: { 0: expect.any(String), 1: 'Steuer, Erste' },
      }),
    );
    expect(dry.canWrite).toBe(false);
    expect(dry.warnings.map((w) => [w.row, w.column, w.template])).toEqual([
      [3, 'Name / Firma', 'importNameOfMember'],
      [4, 'IBAN', 'importIbanOfMember'],
      [5, 'IBAN', 'importIbanOfMember'],
      [6, 'IBAN', 'importIbanTwice'],
    ]);

    const files = [
      {
        name: 'mitglieder2.csv',
        bytes: csv([HEADERS, person(202, 'Schoenberger', 'Juergen', '06.06.1966', 'DE75512108001245126199', '')]),
      },
    ];
    const checked = (await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files)).body as ImportDryRunDto;
    expect(checked).toMatchObject({ canWrite: true, problemCount: 0, warningCount: 1 });
    const head = await t.running.storage.events.headPosition();
    const refused = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'confirmWarnings', template: 'importWarningsNotConfirmed', parameters: { 0: '1' } },
    ]);
    expect(await t.running.storage.events.headPosition()).toBe(head);
    const written = await upload(t.http, t.adminToken, '/api/v1/import', files, { confirmWarnings: 'true' });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ written: true, summary: { members: 1 } });
  });
});
