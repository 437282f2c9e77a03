/**
 * Issue 39, "the file is read completely, the same way, every time": the register workbook the product writes
 * (`GET /import/register.xlsx`, its worksheets before `xl/styles.xml` and `xl/workbook.xml` in the zip) sent unchanged to
 * `POST /import/dry-run` 12 times, 6 one after the other and 6 at once, always reads the same: the same
 * summary, no problems. Then it is written into an empty store and exported again: the second workbook holds the same
 * cells as the first (the posting references are the stores' own balance ids: compared as the rows they name).
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { fillDemo } from '../../services/src/demo/demo.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { emptyStoreLike, registerWorkbook } from './support/register-workbook.js';

const TIMEOUT_MS = 600_000;
/** Dry runs of the same bytes: one after the other, then at once. */
const SEQUENTIAL = 6;
const CONCURRENT = 6;
/** The columns holding posting references (balance ids: each store's own). */
const REFERENCE_HEADERS = new Set(['Buchungsnummer', 'Gegenbuchung', 'Storno von']);

type Cell = string | number | boolean | null;

/** Every sheet's cells as plain values (exceljs's whole-file reader: the test's own, independent of the product's). */
async function cellsOf(workbook: Buffer): Promise<Record<string, Cell[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(workbook as unknown as ArrayBuffer);
  const out: Record<string, Cell[][]> = {};
  book.eachSheet((sheet) => {
    const rows: Cell[][] = [];
    const width = sheet.getRow(1).cellCount;
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows.push(
        Array.from({ length: width }, (_, i) => {
          const v = row.getCell(i + 1).value;
          if (v === null || v === undefined) return null;
          if (v instanceof Date) return v.toISOString().slice(0, 10);
          if (typeof v === 'object') return JSON.stringify(v);
          return v;
        }),
      );
    });
    out[sheet.name] = rows;
  });
  return out;
}

/**
 * Each sheet's rows in a canonical order, a reference replaced by the row it names (that row's cells without its
 * references): the stores' balance ids differ, and postings of the same day may come in another order.
 */
function canonical(sheets: Record<string, Cell[][]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, rows] of Object.entries(sheets)) {
    const [header = [], ...data] = rows;
    const names = header.map((h) => String(h ?? ''));
    const refColumns = new Set(names.flatMap((h, i) => (REFERENCE_HEADERS.has(h) ? [i] : [])));
    const own = names.indexOf('Buchungsnummer');
    const content = (r: Cell[]): string => JSON.stringify(r.filter((_, i) => !refColumns.has(i)));
    const byRef = new Map<Cell, string>();
    if (own >= 0) for (const r of data) byRef.set(r[own] ?? null, content(r));
    const rowsOut = data.map((r) =>
      JSON.stringify(
        r.map((c, i) => (refColumns.has(i) && c !== null ? `→ ${byRef.get(c) ?? `unknown ${String(c)}`}` : c)),
      ),
    );
    out[name] = { header: names, rows: rowsOut.sort() };
  }
  return out;
}

describe('the register workbook reads the same on every read, and exports again as it was imported', () => {
  let source: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    source = await startApp();
    // Filled today: the ledger's § 15b by day reads back on any day (decision 378, import-replay-any-day.e2e).
    await fillDemo(source.running, { members: 60, postings: 400, seed: 12 });
    target = await emptyStoreLike(source);
  }, TIMEOUT_MS);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it(
    'dry runs of the same workbook answer the same, one after the other and at once; written and exported again it holds the same cells',
    async () => {
      const workbook = await registerWorkbook(source);
      const dryRun = async (): Promise<string> => {
        const res = await request(target.http)
          .post('/api/v1/import/dry-run')
          .set(auth(target.adminToken))
          .attach('files', workbook, 'register.xlsx');
        const body = res.body as { summary?: unknown; problemCount?: number; problems?: unknown[]; errors?: unknown };
        return JSON.stringify({
          status: res.status,
          summary: body.summary,
          problemCount: body.problemCount,
          problems: body.problems?.slice(0, 3),
          errors: body.errors,
        });
      };
      const answers: string[] = [];
      for (let i = 0; i < SEQUENTIAL; i++) answers.push(await dryRun());
      answers.push(...(await Promise.all(Array.from({ length: CONCURRENT }, dryRun))));
      const first = JSON.parse(answers[0]!) as {
        status: number;
        summary: { members: number };
        problemCount: number;
        problems: unknown[];
      };
      expect(first).toMatchObject({ status: 200, problemCount: 0, problems: [], summary: { members: 60 } });
      // every answer the same as the first
      expect(answers.filter((a) => a !== answers[0])).toEqual([]);

      // the demo's households share an IBAN: the check's warnings, confirmed as the clerk does (issue 39)
      const written = await request(target.http)
        .post('/api/v1/import')
        .set(auth(target.adminToken))
        .attach('files', workbook, 'register.xlsx')
        .field('confirmWarnings', 'true');
      expect(written.status).toBe(201);
      const again = await registerWorkbook(target);
      expect(canonical(await cellsOf(again))).toEqual(canonical(await cellsOf(workbook)));
    },
    TIMEOUT_MS,
  );
});
