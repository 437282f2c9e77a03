/**
 * Issue 29, the round trip: the demo cooperative's register downloaded as an import workbook (`GET /import/register.xlsx`)
 * and imported into an EMPTY store (a fresh data directory, first start, the cooperative given the same share terms)
 * reads back the same: every field of every member, the holdings, every posting of the register (type, quantity, amount,
 * dates, transfers and annulations, the payment), exemption orders and certificates, to the cent. The same again with
 * the workbook's sheets saved as CSV files in German formats (`;`, `31.12.2024`, `1.234,56`), one file per kind.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { BalanceDto, ExemptionOrderDto, MemberDto, NonAssessmentDto, ShareDto } from '@coop/contracts';
import { fillDemo } from '../../services/src/demo/demo.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { binary } from './support/member-import.js';
import { emptyStoreLike } from './support/register-workbook.js';
import { allPages as all } from './support/pages.js';

const TIMEOUT_MS = 240_000;

/** The register as the API shows it, every member named by member number instead of its id (ids are the store's own). */
async function registerOf(t: TestApp): Promise<Record<string, unknown>> {
  const members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
  const nr = new Map(members.map((m) => [m.id, m.memberNr]));
  const byNr = <T extends { memberNr?: number | null }>(a: T, b: T): number => (a.memberNr ?? 0) - (b.memberNr ?? 0);
  const balances = await all<BalanceDto>(t.http, t.adminToken, '/api/v1/balances');
  const shares = new Map((await all<ShareDto>(t.http, t.adminToken, '/api/v1/shares')).map((s) => [s.id, s]));
  const postingIds = new Map(balances.map((b) => [b.id, `${nr.get(b.member)}/${b.type}/${b.date}/${b.quantity}`]));
  const postings = balances
    .map((b) => ({
      memberNr: nr.get(b.member),
      type: b.type,
      quantity: b.quantity,
      amount: b.amount,
      shareCost: b.shareCost,
      date: b.date,
      approvalDate: b.approvalDate,
      interestBegin: b.interestBegin,
      transferMemberNr: b.transferMemberNr,
      transferTo: b.transferTo ? nr.get(b.transferTo) : null,
      transferFrom: b.transferFrom ? nr.get(b.transferFrom) : null,
      transferPeer: b.transferPeer ? postingIds.get(b.transferPeer) : null,
      annulPeer: b.annulPeer ? postingIds.get(b.annulPeer) : null,
      annulated: b.annulated,
      rueckpfleinzahlung: shares.get(b.id)?.rueckpfleinzahlung,
      interestEnd: shares.get(b.id)?.interestEnd,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const orders = (await all<ExemptionOrderDto>(t.http, t.adminToken, '/api/v1/exemptionorders'))
    .map(({ id: _id, member, spouse, cooperative: _c, ...o }) => ({
      ...o,
      member: nr.get(member),
      spouse: spouse ? nr.get(spouse) : null,
    }))
    .sort(byNr);
  const certificates = (await all<NonAssessmentDto>(t.http, t.adminToken, '/api/v1/nonassessments'))
    .map(({ id: _id, member, cooperative: _c, ...n }) => ({ ...n, member: nr.get(member) }))
    .sort(byNr);
  return {
    members: members
      .map(({ id: _id, cooperative: _c, spouse, ...m }) => ({ ...m, spouse: spouse ? nr.get(spouse) : null }))
      .sort(byNr),
    postings,
    orders,
    certificates,
  };
}

/** Dry run, then the write; fails with the problems listed when the dry run finds any. */
async function importInto(target: TestApp, files: readonly { name: string; bytes: Buffer }[]): Promise<void> {
  const attach = (req: request.Test): request.Test => files.reduce((r, f) => r.attach('files', f.bytes, f.name), req);
  const dry = await attach(request(target.http).post('/api/v1/import/dry-run').set(auth(target.adminToken)));
  expect(dry.status).toBe(200);
  expect({ problems: (dry.body as { problems: unknown[] }).problems }).toEqual({ problems: [] });
  // The demo's households share accounts: those possible duplicates (issue 39) are warnings, confirmed with the write,
  // and never a tax id twice (that would be a problem above).
  const warnings = (dry.body as { warnings: { template: string }[] }).warnings;
  expect(warnings.filter((w) => !['importIbanTwice', 'importNameTwice'].includes(w.template))).toEqual([]);
  const written = await attach(request(target.http).post('/api/v1/import').set(auth(target.adminToken))).field(
    'confirmWarnings',
    'true',
  );
  expect(written.status).toBe(201);
  expect(written.body).toMatchObject({ written: true });
}

/** A cell as a German spreadsheet program saves it in CSV: dates `31.12.2024`, numbers `1.234,56`, yes/no as ja/nein. */
function germanCell(value: ExcelJS.CellValue, money: boolean): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${String(value.getUTCDate()).padStart(2, '0')}.${String(value.getUTCMonth() + 1).padStart(2, '0')}.${value.getUTCFullYear()}`;
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'number')
    return money
      ? value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : String(value);
  const text =
    typeof value === 'object' && 'richText' in value
      ? value.richText.map((r) => r.text).join('')
      : String(value as string);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Each sheet of the workbook holding rows as its own CSV file (Excel dialect: UTF-8 with BOM, `;`), named after the
 * sheet. A sheet of only its header is left out, as a clerk uploads a file for its rows (a CSV file of a header alone
 * is `importSheetWithoutRows`, decision 129): the demo filled on some days has no certificate to export.
 */
async function sheetsAsCsv(workbook: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(workbook as unknown as ArrayBuffer);
  const out: { name: string; bytes: Buffer }[] = [];
  book.eachSheet((sheet) => {
    const width = sheet.getRow(1).cellCount;
    const headers = Array.from({ length: width }, (_, i) => String(sheet.getRow(1).getCell(i + 1).value ?? ''));
    const money = headers.map((h) => /\(EUR\)$/.test(h));
    const lines: string[] = [];
    sheet.eachRow((row, n) => {
      lines.push(
        Array.from({ length: width }, (_, i) =>
          n === 1 ? headers[i]! : germanCell(row.getCell(i + 1).value, money[i]!),
        ).join(';'),
      );
    });
    if (lines.length > 1)
      out.push({ name: `${sheet.name}.csv`, bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') });
  });
  return out;
}

describe('the register exported as an import workbook imports into an empty store unchanged', () => {
  let source: TestApp;
  let workbook: Buffer;
  let expected: Record<string, unknown>;
  const targets: TestApp[] = [];

  beforeAll(async () => {
    source = await startApp();
    // Seed 11 filled on 2026-11-29 holds a withdrawn exit with postings between its notice and its effective date: the
    // replay decided the withdrawal on its date and refused those postings (issue 39, posting-plan.ts withdrawalDay);
    // filled on 13 December 2026 a partial termination withdrawn on the day of a death (decision 382).
    await fillDemo(source.running, { members: 60, postings: 400, seed: 11 });
    const res = await request(source.http)
      .get('/api/v1/import/register.xlsx')
      .set(auth(source.adminToken))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    workbook = res.body as Buffer;
    expected = await registerOf(source);
  }, TIMEOUT_MS);
  afterAll(async () => {
    await source?.close();
    for (const t of targets) await t.close();
  });

  it(
    'reads back the workbook: members, holdings, register, orders and certificates equal to the cent',
    async () => {
      const target = await emptyStoreLike(source);
      targets.push(target);
      await importInto(target, [{ name: 'register.xlsx', bytes: workbook }]);
      const actual = await registerOf(target);
      expect((expected.members as unknown[]).length).toBe(60);
      expect((expected.postings as unknown[]).length).toBeGreaterThan(100);
      expect(actual).toEqual(expected);
    },
    TIMEOUT_MS,
  );

  it(
    'reads back the same from a CSV file per kind in German formats',
    async () => {
      const target = await emptyStoreLike(source);
      targets.push(target);
      const csv = await sheetsAsCsv(workbook);
      const kinds = ['Mitglieder.csv', 'Buchungen.csv', 'Freistellungsaufträge.csv', 'NV-Bescheinigungen.csv'];
      // the members and postings always, the orders and certificates when the demo holds some; in the workbook's order
      expect(csv.map((f) => f.name)).toEqual(kinds.filter((k) => csv.some((f) => f.name === k)));
      expect(csv.slice(0, 2).map((f) => f.name)).toEqual(kinds.slice(0, 2));
      await importInto(target, csv);
      expect(await registerOf(target)).toEqual(expected);
    },
    TIMEOUT_MS,
  );

  it('answers the workbook only to an administrator', async () => {
    const res = await request(source.http).get('/api/v1/import/register.xlsx');
    expect(res.status).toBe(401);
  });
});
