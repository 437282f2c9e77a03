/**
 * Two clerks close two different years. The register `dividends-<coop>` is every year's, so another year's lock or end
 * moves its revision: that must neither refuse a closure as `yearAlreadyClosed` (its year is still open) nor fail the
 * end of a closure under way (its `DividendYearClosed` appended at the revision it read before the other lock).
 * Sent at once, and the second sent while the first's process is between its steps (steps of one event, the second sent
 * once the first payout is in the log): both answer 201, both years are closed, and each closure's totals equal those of
 * the same closure made alone. Runs the compiled server (npx tsc -b services).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import type { DividendDto, DividendYearDto } from '@coop/contracts';
import { auth, validCooperative } from './support/app.js';
import { createMember } from './support/members.js';
import { cooperativeOf, signInAdmin, startServer, type ServerProcess } from './support/server-process.js';
import { THIS_YEAR } from './support/tax-papers.js';

const EARLIER = THIS_YEAR - 2;
const LAST = THIS_YEAR - 1;
const YEARS = [EARLIER, LAST];
const params = (year: number) => ({
  year,
  type: 'percent',
  amount: '4',
  decision_date: `${THIS_YEAR}-01-10`,
  payment_date: `${THIS_YEAR}-01-15`,
});
/** Enough members that a closure written one event a step is still under way when the other year's lock lands. */
const MEMBERS = 40;

/** The cooperative and `MEMBERS` members holding shares since 1 January of the earlier year (the same on every server). */
async function setUp(server: ServerProcess, token: string): Promise<void> {
  const cooperativeId = cooperativeOf(token);
  await request(server.url)
    .put(`/api/v1/cooperatives/${cooperativeId}`)
    .set(auth(token))
    .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
    .expect(200);
  for (let i = 0; i < MEMBERS; i++)
    await createMember(server.url as never, token, {
      name: `Two years ${i}`,
      entryDate: `${EARLIER}-01-01`,
      approvalDate: `${EARLIER}-01-01`,
      interestBegin: `${EARLIER}-01-01`,
      shareAmount: 1_000 * (i + 1),
    });
}

const store = (server: ServerProcess, token: string, year: number): request.Test =>
  request(server.url).post('/api/v1/dividend/store').set(auth(token)).send(params(year));

const answer = (res: request.Response): string => `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
const made = expect.stringMatching(/^201 /) as unknown;

/** A closure's totals (its figures summed over its members), as `GET /dividend/{id}` shows them. */
async function totals(server: ServerProcess, token: string, id: string): Promise<Record<string, unknown>> {
  const d = (await request(server.url).get(`/api/v1/dividend/${id}`).set(auth(token)).expect(200)).body as DividendDto;
  return {
    year: d.year,
    status: d.status,
    memberCount: d.memberCount,
    amount: d.amount,
    dividend: d.dividend,
    exemptions: d.exemptions,
    taxableAmount: d.taxableAmount,
    taxAmount: d.taxAmount,
    solidaryTaxAmount: d.solidaryTaxAmount,
    churchTax: d.churchTax,
    netAmount: d.netAmount,
    creditedAmount: d.creditedAmount,
    paymentAmount: d.paymentAmount,
    residue: d.residue,
  };
}

async function closedYears(server: ServerProcess, token: string): Promise<number[]> {
  const years = (await request(server.url).get('/api/v1/dividend/years').set(auth(token)).expect(200))
    .body as DividendYearDto[];
  return years.filter((y) => y.closed && !y.closing).map((y) => y.key);
}

/** The register's events in log order: type and year. */
function registerEvents(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { type: string; year: number }>(
        "SELECT type, json_extract(data, '$.year') AS year FROM events WHERE stream_id LIKE 'dividends-%' ORDER BY position",
      )
      .all()
      .map((r) => `${r.type} ${r.year}`);
  } finally {
    db.close();
  }
}

/** How many payouts of closures the log holds (read while the server writes). */
function payoutsWritten(dataDir: string): number {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], number>("SELECT COUNT(*) FROM events WHERE type = 'DividendMemberPaid'").pluck().get() ?? 0;
  } finally {
    db.close();
  }
}

describe('two clerks closing two different years', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}): Promise<{ server: ServerProcess; dir: string }> => {
    const dir = mkdtempSync(join(tmpdir(), 'coop-closure-two-years-'));
    dirs.push(dir);
    const server = await startServer(dir, env);
    servers.push(server);
    return { server, dir };
  };
  /** Each year's totals when its closure is made alone, the other year's closure finished before it starts. */
  const alone = new Map<number, Record<string, unknown>>();

  beforeAll(async () => {
    const { server } = await start();
    const token = await signInAdmin(server);
    await setUp(server, token);
    for (const year of YEARS) {
      const res = await store(server, token, year);
      if (res.status !== 201) throw new Error(`closing ${year} alone: ${answer(res)}`);
      alone.set(year, await totals(server, token, (res.body as DividendDto).id!));
    }
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('sent at once, both closures are made (201), neither refused yearAlreadyClosed, each as if made alone', async () => {
    const { server } = await start();
    const token = await signInAdmin(server);
    await setUp(server, token);
    const answers = await Promise.all(YEARS.map((year) => store(server, token, year)));
    expect(answers.map(answer)).toEqual([made, made]);
    expect(await closedYears(server, token)).toEqual(expect.arrayContaining(YEARS));
    for (const [i, year] of YEARS.entries())
      expect(await totals(server, token, (answers[i]!.body as DividendDto).id!)).toEqual(alone.get(year));
  }, 300_000);

  it("sent while the other year's closure is being written, both are made (201), neither answers an error", async () => {
    const { server, dir } = await start({ CLOSURE_CHUNK_EVENTS: '1' });
    const token = await signInAdmin(server);
    await setUp(server, token);
    const first = store(server, token, EARLIER).then((res) => res);
    // The earlier year's process is under way: locked, its register read, its first payout written.
    for (let tries = 0; payoutsWritten(dir) === 0; tries++) {
      if (tries > 6_000) throw new Error(`the closure did not start; the server said:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const second = await store(server, token, LAST);
    const firstAnswer = await first;
    // The later year was locked before the earlier one's end: the end was appended after the other lock.
    expect(registerEvents(dir)).toEqual([
      `DividendYearClosing ${EARLIER}`,
      `DividendYearClosing ${LAST}`,
      `DividendYearClosed ${EARLIER}`,
      `DividendYearClosed ${LAST}`,
    ]);
    expect([answer(firstAnswer), answer(second)]).toEqual([made, made]);
    expect(await closedYears(server, token)).toEqual(expect.arrayContaining(YEARS));
    expect(await totals(server, token, (firstAnswer.body as DividendDto).id!)).toEqual(alone.get(EARLIER));
    expect(await totals(server, token, (second.body as DividendDto).id!)).toEqual(alone.get(LAST));
  }, 300_000);
});
