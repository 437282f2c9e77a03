import request from 'supertest';
import ExcelJS from 'exceljs';
import {
  businessToday,
  type MemberDto,
  type MovementHoldingDto,
  type MovementKindDto,
  type MovementReportDto,
} from '@coop/contracts';
import { fillDemo } from '../../services/src/demo/demo.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { KIND_COLUMNS, KIND_NOTE, kindLabel } from '../../services/src/movement-report/papers/movement-texts.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { all, sum } from './support/demo.js';

const ADDING = [0, 1, 4];

/**
 * The movement report's papers (issue 45, § 338 HGB): the PDF and the XLSX of a whole demo year show the JSON's
 * figures, the movements by kind under their direction with its sums (decision 400). The figures themselves against
 * the register: movement-report.e2e.spec.ts.
 */
describe('the year’s movement report as PDF and XLSX', () => {
  let t: TestApp;
  const thisYear = Number(businessToday().slice(0, 4));
  /** The finished demo year in which the most members left, as movement-report.e2e chooses it. */
  let year = thisYear - 1;
  const get = (path: string, token = t.adminToken) =>
    request(t.http).get(`/api/v1/reports/movements/${path}`).set(auth(token));

  beforeAll(async () => {
    t = await startApp();
    await fillDemo(t.running, { members: 45, postings: 300, seed: 45, fromYear: thisYear - 6 });
    const members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
    const leftIn = (y: number) => members.filter((m) => m.exitDate?.startsWith(`${y}-`)).length;
    for (let y = thisYear - 5; y < thisYear; y++) if (leftIn(y) > leftIn(year)) year = y;
  }, 90_000);
  afterAll(async () => t.close());

  it('writes the PDF and the XLSX with the same figures', async () => {
    const r = (await get(String(year)).expect(200)).body as MovementReportDto;
    const pdf = await get(`${year}.pdf`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Bestandsnachweis-${year}.pdf`);
    const text = (await pdfPages(pdf.body as Buffer)).flat();
    expect(text).toContain(`Bestandsnachweis ${year} (§ 338 Abs. 1 HGB)`);
    expect(text).toContain(`Stand am 31.12.${year}`);
    expect(text).toContain(r.members.end.toLocaleString('de-DE'));
    expect(text.some((s) => s.startsWith('Stand: '))).toBe(true);
    expect(text).toContain('Seite 1 von 1');
    // The kinds by the console's names, without codes (stop 63: "Beitritt (Art 0)").
    expect(text.some((s) => s.includes('Erstzeichnung'))).toBe(true);
    expect(text.some((s) => /\(Art \d\)/.test(s))).toBe(false);

    const xlsx = await get(`${year}.xlsx`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual([`Stand am 31.12.${year}`, r.end.shares, r.end.subscribed / 100, r.end.paid / 100]);
    expect(rows).toContainEqual([`Stand am 31.12.${year}`, r.members.end]);

    // Section 3 as the PDF shows it: the kinds under their direction's heading, each direction with its sum (finding
    // of the reconciliation probe: one flat list left a negative row without its direction).
    const first = rows.findIndex((row) => row[0] === '3. Bewegungen des Jahres nach Buchungsart');
    const last = rows.findIndex((row) => row[0] === '4. Haftsummen');
    expect(rows[first]).toEqual(['3. Bewegungen des Jahres nach Buchungsart', ...KIND_COLUMNS]);
    const kindRow = (k: MovementKindDto) => [
      `  ${kindLabel(k.kind)}`,
      k.postings,
      k.annulments,
      k.shares,
      k.subscribed / 100,
      k.paid / 100,
    ];
    const total = (of: (k: MovementKindDto) => number, ks: readonly MovementKindDto[]) => sum(ks.map(of));
    const direction = (heading: string, adding: boolean, h: MovementHoldingDto) => {
      const ks = r.byKind.filter((k) => ADDING.includes(k.kind) === adding);
      expect(ks.length).toBeGreaterThan(0);
      // The direction's sum is the report's added or reduced (section 2) and the sum of its kinds.
      expect([total((k) => k.shares, ks), total((k) => k.subscribed, ks), total((k) => k.paid, ks)]).toEqual([
        h.shares,
        h.subscribed,
        h.paid,
      ]);
      const postings = total((k) => k.postings, ks);
      const annulments = total((k) => k.annulments, ks);
      return [
        [heading],
        ...ks.map(kindRow),
        [`Summe ${heading}`, postings, annulments, h.shares, h.subscribed / 100, h.paid / 100],
      ];
    };
    expect(rows.slice(first + 1, last - 1)).toEqual([
      ...direction('Zugänge', true, r.added),
      ...direction('Abgänge', false, r.reduced),
    ]);
    expect(rows[last - 1]![0]).toBe(KIND_NOTE);
    const sheet = book.worksheets[0]!;
    const sumRow = sheet.getRow(sheet.getColumn(1).values.indexOf('Summe Abgänge'));
    expect([2, 3, 4].map((c) => sumRow.getCell(c).numFmt)).toEqual(['#,##0', '#,##0', '#,##0']);
    expect(sumRow.getCell(5).numFmt).toMatch(/€/);
    expect(sumRow.getCell(6).numFmt).toMatch(/€/);
    // The PDF shows the same headings and sums.
    expect(text).toEqual(expect.arrayContaining(['Zugänge', 'Abgänge', 'Summe Zugänge', 'Summe Abgänge']));
  });
});
