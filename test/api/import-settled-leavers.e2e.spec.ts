import request from 'supertest';
import type { App } from 'supertest/types.js';
import * as XLSX from 'xlsx';
import type { DashboardDto, ImportDryRunDto, ImportProblemDto, SettlementDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { setTerms } from './support/members.js';
import { binary, csv, MEMBER_HEADERS, memberLine, SHARE, upload } from './support/member-import.js';

/*
 * Issue 42: the import of a register carries leavers whose settlement was paid before the product (the end's row gives
 * the payout day and the amount), so that the migrated register lists them as paid, not as due; the rows that cannot
 * carry one are refused with the problem's column.
 */

const POSTING_HEADERS = [
  'Mitgliedsnummer',
  'Buchungsart',
  'Anzahl',
  'Datum',
  'Zulassungsdatum',
  'Kündigungsdatum',
  'Auseinandersetzung ausgezahlt am',
  'Auseinandersetzungsguthaben (EUR)',
];

/** The year's settlements once the lists show `count` of them (the import's write answers before the lists may). */
async function settlements(http: App, token: string, year: number, count: number): Promise<SettlementDto[]> {
  const end = Date.now() + 10_000;
  for (;;) {
    const res = await request(http).get(`/api/v1/settlements?year=${year}`).set(auth(token));
    const list = res.status === 200 ? (res.body as SettlementDto[]) : [];
    if (list.length >= count || Date.now() > end) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the import of settled leavers of the past (issue 42)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, SHARE, 1);
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a settlement on a row that is no end, above the holding, in the future, or with half its columns', async () => {
    const files = [
      {
        name: 'mitglieder.csv',
        bytes: csv([
          MEMBER_HEADERS,
          memberLine(1, 'Alt', 'DE89370400440532013000', 0),
          memberLine(2, 'Bleibt', 'DE02120300000000202051', 2),
        ]),
      },
      {
        name: 'buchungen.csv',
        bytes: csv([
          POSTING_HEADERS,
          ['1', '0', '3', '15.01.2020', '20.01.2020', '', '', ''],
          ['1', '2', '1', '31.12.2021', '01.06.2021', '01.06.2021', '20.06.2022', '150,00'],
          ['1', '8', '', '31.12.2022', '01.06.2022', '01.06.2022', '20.06.2099', '200,00'],
          ['2', '0', '2', '15.01.2020', '20.01.2020', '', '', ''],
          ['2', '1', '1', '01.03.2021', '01.03.2021', '', '20.06.2022', ''],
          ['2', '2', '1', '31.12.2022', '01.06.2022', '01.06.2022', '20.06.2023', ''],
        ]),
      },
    ];
    const dry = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(dry.status).toBe(200);
    const problems = (dry.body as ImportDryRunDto).problems.map((p: ImportProblemDto) => [
      p.row,
      p.field,
      p.template,
      p.parameters,
    ]);
    expect(problems).toEqual([
      [3, 'settlementAmount', 'settlementAboveHolding', { 0: '150,00', 1: '100,00' }],
      [4, 'settlementPayoutDate', 'dateInFuture', { 0: '2099-06-20' }],
      [6, 'settlementPayoutDate', 'importSettlementNotAnEnd', {}],
      [7, 'settlementAmount', 'mustNotBeEmpty', {}],
    ]);
    expect((dry.body as ImportDryRunDto).canWrite).toBe(false);
  });

  it('writes a leaver settled before the product as paid (imported, the loss share what the amount falls short), the others stay due', async () => {
    const files = [
      {
        name: 'mitglieder.csv',
        bytes: csv([
          MEMBER_HEADERS,
          memberLine(11, 'Müller', 'DE89370400440532013000', 0),
          memberLine(12, 'Schmidt', 'DE02120300000000202051', 0),
        ]),
      },
      {
        name: 'buchungen.csv',
        bytes: csv([
          POSTING_HEADERS,
          ['11', '0', '3', '15.01.2020', '20.01.2020', '', '', ''],
          ['11', '8', '', '31.12.2022', '01.06.2022', '01.06.2022', '20.06.2023', '280,00'],
          ['12', '0', '2', '15.01.2020', '20.01.2020', '', '', ''],
          ['12', '8', '', '31.12.2023', '01.06.2023', '01.06.2023', '', ''],
        ]),
      },
    ];
    const dry = await upload(t.http, t.adminToken, '/api/v1/import/dry-run', files);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ canWrite: true, problemCount: 0 });
    const write = await upload(t.http, t.adminToken, '/api/v1/import', files);
    expect(write.status).toBe(201);

    const [muller] = await settlements(t.http, t.adminToken, 2022, 1);
    expect(muller).toMatchObject({
      memberNr: 11,
      reason: 'exit',
      endDate: '2022-12-31',
      shares: 3,
      holding: 30_000,
      status: 'paid',
      imported: true,
      payoutDate: '2023-06-20',
      amount: 28_000,
      lossShare: 2_000,
      overdue: false,
    });
    const [schmidt] = await settlements(t.http, t.adminToken, 2023, 1);
    expect(schmidt).toMatchObject({ memberNr: 12, status: 'due', imported: false, overdue: true, amount: 20_000 });

    // The dashboard counts only the one not settled.
    const dashboard = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200))
      .body as DashboardDto;
    expect(dashboard).toMatchObject({ settlementsDue: 1, settlementsOverdue: 1 });

    // The register workbook carries the settlement on its end's row, so that it imports back paid.
    const register = await request(t.http)
      .get('/api/v1/import/register.xlsx')
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    expect(register.status).toBe(200);
    const sheet = XLSX.read(register.body as Buffer, { type: 'buffer', cellDates: true }).Sheets['Buchungen']!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    const ends = rows
      .filter((r) => String(r['Buchungsart']) === '8')
      .map((r) => [
        r['Mitgliedsnummer'],
        r['Auseinandersetzung ausgezahlt am'] ?? null,
        r['Auseinandersetzungsguthaben (EUR)'] ?? null,
      ]);
    expect(ends).toEqual([
      [11, new Date('2023-06-20T00:00:00Z'), 280],
      [12, null, null],
    ]);
  });
});
