/**
 * The year's closure killed (SIGKILL, the test-only switch `COOP_TEST_STOP_AT`, never a timer) at each of its points:
 * right after the lock, after its first step, after its last step (before the register's end) and after the register's
 * end (before the task's). Members owe part of their subscription, so each step also books credits on member streams
 * (issue 45). The next start on the same data directory finishes it with the log, the answer and the members' dues an
 * uninterrupted run of the same request gives (nobody paid or credited twice, nobody left out), the interrupted task
 * is shown completed with the summary of an uninterrupted run (not failed, not still running, not "no closure"), and
 * the same request again is refused as the year is closed.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import type { DividendDto, DividendYearDto, ShareDueDto, TaskDto } from '@coop/contracts';
import { auth, validCooperative } from './support/app.js';
import { createMember, setPaymentTerms } from './support/members.js';
import { cooperativeOf, signInAdmin, startServer, type ServerProcess } from './support/server-process.js';
import { THIS_YEAR } from './support/tax-papers.js';

const LAST = THIS_YEAR - 1;
const PARAMS = {
  year: LAST,
  type: 'percent',
  amount: '10',
  decision_date: `${THIS_YEAR}-01-10`,
  payment_date: `${THIS_YEAR}-01-15`,
};
/** 7 members: 8 events in the closure's stream, written in steps of 3 (3, 3, 2), then the register's end. */
const MEMBERS = 7;
const SMALL_STEPS = { CLOSURE_CHUNK_EVENTS: '3' };

/** The log of the closure (register, closure stream) and of the members' streams, ids and seals' random parts out. */
function log(dataDir: string): unknown[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { stream_id: string; revision: number; type: string; data: string; metadata: string }>(
        "SELECT stream_id, revision, type, data, metadata FROM events WHERE stream_id LIKE 'dividend%' OR stream_id LIKE 'member-%' ORDER BY stream_id, revision",
      )
      .all();
    const lock = rows.find((r) => r.type === 'DividendYearClosing');
    const id = lock ? (JSON.parse(lock.data) as { dividendId: string }).dividendId : '<none>';
    return rows.map((r) => {
      const data = JSON.parse(r.data.split(id).join('<closure>')) as Record<string, unknown>;
      const sealed = data._personal as Record<string, unknown> | undefined;
      if (sealed) data._personal = { subject: sealed.subject, kid: sealed.kid, fields: sealed.fields };
      for (const f of ['churchTaxId', 'church', 'churchTaxRate']) delete data[f];
      const metadata = JSON.parse(r.metadata) as { user?: string };
      return {
        stream: r.stream_id
          .split(id)
          .join('<closure>')
          .replace(/^dividends-.*/, 'dividends-<cooperative>'),
        revision: r.revision,
        type: r.type,
        user: metadata.user,
        data: JSON.stringify(data).replace(/"(recordedAt|at|closedAt|lockedAt)":"[^"]*"/g, '"$1":"<time>"'),
      };
    });
  } finally {
    db.close();
  }
}

async function closedYear(server: ServerProcess, token: string): Promise<DividendYearDto> {
  for (let tries = 0; ; tries++) {
    if (tries > 600) throw new Error(`the year was not closed; the server said:\n${server.output()}`);
    const years = (await request(server.url).get('/api/v1/dividend/years').set(auth(token)).expect(200))
      .body as DividendYearDto[];
    const year = years.find((y) => y.key === LAST)!;
    if (year.closed) return year;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The closure's tasks once none is queued or running any more (their states and summaries, oldest first). */
async function closureTasks(server: ServerProcess, token: string): Promise<unknown[]> {
  for (let tries = 0; ; tries++) {
    const tasks = (await request(server.url).get('/api/v1/tasks').set(auth(token)).expect(200)).body as TaskDto[];
    const mine = tasks.filter((t) => t.kind === 'dividendClosure');
    if (mine.every((t) => t.state !== 'queued' && t.state !== 'running') || tries > 300)
      return mine.map((t) => ({ state: t.state, summary: t.summary })).reverse();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the closure and the members show: the answer (its id and time out) and every member's outstanding dues. */
async function shown(server: ServerProcess, token: string): Promise<unknown> {
  const year = await closedYear(server, token);
  const closure = (await request(server.url).get(`/api/v1/dividend/${year.dividendId}`).set(auth(token)).expect(200))
    .body as DividendDto;
  const { id: _id, closedAt: _at, ...answer } = closure;
  const dues: number[] = [];
  for (const m of closure.members) {
    const d = (await request(server.url).get(`/api/v1/members/${m.member}/share-dues`).set(auth(token)).expect(200))
      .body as ShareDueDto[];
    dues.push(d.reduce((sum, due) => sum + due.outstanding, 0));
  }
  return { answer, dues };
}

describe('the closure killed at each of its points', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const start = async (dir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServer(dir, { ...SMALL_STEPS, ...env });
    servers.push(server);
    return server;
  };
  const base = mkdtempSync(join(tmpdir(), 'coop-closure-points-base-'));
  const whole = mkdtempSync(join(tmpdir(), 'coop-closure-points-whole-'));
  dirs.push(base, whole);
  let wholeShown: unknown;
  let wholeLog: unknown[];
  let wholeTasks: unknown[];

  beforeAll(async () => {
    const setup = await start(base);
    const token = await signInAdmin(setup);
    const cooperativeId = cooperativeOf(token);
    await request(setup.url)
      .put(`/api/v1/cooperatives/${cooperativeId}`)
      .set(auth(token))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);
    await setPaymentTerms(setup.url as never, token, { creditorId: null });
    for (let i = 0; i < MEMBERS; i++) {
      const member = await createMember(setup.url as never, token, {
        name: `Closure ${i}`,
        entryDate: `${LAST - 1}-01-01`,
        approvalDate: `${LAST - 1}-01-01`,
        interestBegin: `${LAST - 1}-01-01`,
        shareAmount: 1_000 * (i + 1),
      });
      // Every other member owes part of the subscription: the closure credits it (issue 45).
      if (i % 2 === 0) {
        const initial = (
          await request(setup.url).get(`/api/v1/balances?filter=member:${member.id},type:0`).set(auth(token))
        ).body as { id: string }[];
        await request(setup.url)
          .put(`/api/v1/shares/${initial[0]!.id}`)
          .set(auth(token))
          .send({ rueckpfleinzahlung: 1_000 * (i + 1) * 10 - 500 })
          .expect(200);
      }
    }
    await setup.stop('SIGTERM');
    cpSync(base, whole, { recursive: true });

    const a = await start(whole);
    const aToken = await signInAdmin(a);
    await request(a.url).post('/api/v1/dividend/store').set(auth(aToken)).send(PARAMS).expect(201);
    wholeShown = await shown(a, aToken);
    wholeTasks = await closureTasks(a, aToken);
    expect(wholeTasks).toEqual([
      { state: 'completed', summary: { closures: 1, years: String(LAST), members: MEMBERS } },
    ]);
    await a.stop('SIGTERM');
    wholeLog = log(whole);
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(['closure:locked', 'closure:step-1', 'closure:step-3', 'closure:closed'])(
    'killed at %s, the next start finishes it as an uninterrupted run, its task completed, and it cannot be closed twice',
    async (stopAt) => {
      const killed = mkdtempSync(join(tmpdir(), 'coop-closure-points-killed-'));
      dirs.push(killed);
      cpSync(base, killed, { recursive: true });
      const b = await start(killed, { COOP_TEST_STOP_AT: stopAt });
      const bToken = await signInAdmin(b);
      await request(b.url)
        .post('/api/v1/dividend/store')
        .set(auth(bToken))
        .send(PARAMS)
        .catch(() => undefined);
      await b.stop('SIGKILL');
      expect(b.child.signalCode).toBe('SIGKILL');

      const again = await start(killed);
      const token = await signInAdmin(again);
      // closedBy the clerk who asked, also when the task queued at the start (as `system`) wrote the whole closure.
      expect(await shown(again, token)).toEqual(wholeShown);
      // The task that finished it says so, as an uninterrupted run's does (not "0 closures" when the end was written).
      expect(await closureTasks(again, token)).toEqual(wholeTasks);
      const refused = await request(again.url).post('/api/v1/dividend/store').set(auth(token)).send(PARAMS);
      expect([refused.status, (refused.body as { errors: { template: string }[] }).errors[0]?.template]).toEqual([
        409,
        'yearAlreadyClosed',
      ]);
      await again.stop('SIGTERM');
      expect(log(killed)).toEqual(wholeLog);
    },
    300_000,
  );
});
