/**
 * Issue 40: the year's closure is a process with steps (`DividendYearClosing` → the closure's stream in steps of
 * CLOSURE_CHUNK_EVENTS → `DividendYearClosed`). Killed at a chosen step (the test-only switch `COOP_TEST_STOP_AT`,
 * never a timer), the year shows "closing" and its documents are refused; the next start finishes it, and the result
 * equals an uninterrupted run of the same closure on a copy of the same data, event for event. A second run of the same
 * request writes nothing. Runs the compiled server (npx tsc -b services).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { DIVIDEND_MEMBER_PERSONAL_FIELDS, type DividendDto, type DividendYearDto } from '@coop/contracts';
import { auth, validCooperative } from './support/app.js';
import { createMember } from './support/members.js';
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

interface LoggedEvent {
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/**
 * The closure's events (register and closure stream), its id replaced; of the sealed personal fields (church data, under
 * the member's key) the random parts of the seal are left out: the opened values are compared through the API.
 */
function closureLog(dataDir: string): LoggedEvent[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { stream_id: string; revision: number; type: string; data: string }>(
        "SELECT stream_id, revision, type, data FROM events WHERE stream_id LIKE 'dividend%' ORDER BY position",
      )
      .all();
    const id = rows.find((r) => r.type === 'DividendYearClosing')
      ? (JSON.parse(rows.find((r) => r.type === 'DividendYearClosing')!.data) as { dividendId: string }).dividendId
      : '';
    return rows.map((r) => {
      const data = JSON.parse(r.data.split(id).join('<closure>')) as Record<string, unknown>;
      for (const f of DIVIDEND_MEMBER_PERSONAL_FIELDS) delete data[f];
      const sealed = data._personal as Record<string, unknown> | undefined;
      if (sealed) data._personal = { subject: sealed.subject, kid: sealed.kid, fields: sealed.fields };
      return {
        stream: r.stream_id
          .split(id)
          .join('<closure>')
          .replace(/^dividends-.*/, 'dividends-<cooperative>'),
        revision: r.revision,
        type: r.type,
        data,
      };
    });
  } finally {
    db.close();
  }
}

/** Waits (polling, no timed assertion) until the read models show the year closed; its closure. */
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

/** Waits (polling, no timed assertion) until the read models show the year closing (its declaration projected). */
async function closingShown(server: ServerProcess, token: string): Promise<DividendYearDto> {
  for (let tries = 0; ; tries++) {
    if (tries > 600) throw new Error(`the year was not shown closing; the server said:\n${server.output()}`);
    const years = (await request(server.url).get('/api/v1/dividend/years').set(auth(token)).expect(200))
      .body as DividendYearDto[];
    const year = years.find((y) => y.key === LAST)!;
    if (year.closing) return year;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the closure as a resumable process (issue 40)', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const start = async (dir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServer(dir, { ...SMALL_STEPS, ...env });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('killed after its second step, the year shows closing, its documents are refused, and the next start finishes it as an uninterrupted run would', async () => {
    const whole = mkdtempSync(join(tmpdir(), 'coop-closure-whole-'));
    const killed = mkdtempSync(join(tmpdir(), 'coop-closure-killed-'));
    dirs.push(whole, killed);

    // The same cooperative and members in both data directories.
    const setup = await start(whole);
    const token = await signInAdmin(setup);
    const cooperativeId = cooperativeOf(token);
    await request(setup.url)
      .put(`/api/v1/cooperatives/${cooperativeId}`)
      .set(auth(token))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);
    for (let i = 0; i < MEMBERS; i++) {
      await createMember(setup.url as never, token, {
        name: `Closure ${i}`,
        entryDate: `${LAST}-01-01`,
        approvalDate: `${LAST}-01-01`,
        interestBegin: `${LAST}-01-01`,
        shareAmount: 10_000 * (i + 1),
      });
    }
    await setup.stop('SIGTERM');
    cpSync(whole, killed, { recursive: true });

    // Uninterrupted.
    const a = await start(whole);
    const aToken = await signInAdmin(a);
    const closure = (await request(a.url).post('/api/v1/dividend/store').set(auth(aToken)).send(PARAMS).expect(201))
      .body as DividendDto;
    expect([closure.status, closure.memberCount, closure.members.length]).toEqual(['closed', MEMBERS, MEMBERS]);
    await a.stop('SIGTERM');
    const { id: _a, closedAt: _at, ...wholeAnswer } = closure;

    // Killed right after its second step: the lock and 6 of the closure's 8 events are stored, the end is not.
    const b = await start(killed, { COOP_TEST_STOP_AT: 'closure:step-2' });
    const bToken = await signInAdmin(b);
    await request(b.url)
      .post('/api/v1/dividend/store')
      .set(auth(bToken))
      .send(PARAMS)
      .catch(() => undefined);
    await b.stop('SIGKILL');
    const half = closureLog(killed);
    expect(half.map((e) => e.type)).toEqual([
      'DividendYearClosing',
      'DividendDeclared',
      ...Array<string>(5).fill('DividendMemberPaid'),
    ]);

    // Started with no task runner in the API (TASKS_RUN_IN=worker and no worker): the closure's task, which the kill
    // interrupted (a closure runs as the task dividendClosure, decision 199), is not run again, and the half-written
    // closure shows as closing; its documents are refused.
    const waiting = await start(killed, { TASKS_RUN_IN: 'worker' });
    const waitingToken = await signInAdmin(waiting);
    const closingYear = await closingShown(waiting, waitingToken);
    expect([closingYear.closed, closingYear.closing]).toEqual([false, true]);
    const id = closingYear.dividendId!;
    const shown = (await request(waiting.url).get(`/api/v1/dividend/${id}`).set(auth(waitingToken)).expect(200))
      .body as DividendDto;
    expect(shown.status).toBe('closing');
    for (const path of [
      `/api/v1/dividend/sepa/${id}`,
      `/api/v1/dividend/tax-pdf/${id}`,
      `/api/v1/dividend/tax-return/${id}.csv`,
      `/api/v1/tasks/fsak/${id}`,
    ]) {
      const refused = await request(waiting.url).get(path).set(auth(waitingToken));
      expect({
        path,
        status: refused.status,
        templates: (refused.body as { errors?: { template: string }[] }).errors?.map((e) => e.template),
      }).toEqual({
        path,
        status: 409,
        templates: ['closureInProgress'],
      });
    }
    const tasks = (await request(waiting.url).get('/api/v1/tasks').set(auth(waitingToken)).expect(200)).body as {
      kind: string;
      state: string;
    }[];
    expect(tasks.filter((task) => task.kind === 'dividendClosure').map((task) => task.state)).toEqual(['running']);
    await waiting.stop('SIGTERM');

    // The next start finishes it (the runner runs the interrupted task dividendClosure again) while the API answers.
    const again = await start(killed);
    const againToken = await signInAdmin(again);
    const year = await closedYear(again, againToken);
    const resumed = (
      await request(again.url).get(`/api/v1/dividend/${year.dividendId}`).set(auth(againToken)).expect(200)
    ).body as DividendDto;
    expect([resumed.status, resumed.memberCount, resumed.members.length]).toEqual(['closed', MEMBERS, MEMBERS]);
    // Every member's result as the API opens it (church data included) equals the uninterrupted run's; `closedBy` is the
    // clerk in both (the declaration was written by the request before the stop).
    const { id: _b, closedAt: _bt, ...resumedAnswer } = resumed;
    expect(resumedAnswer).toEqual(wholeAnswer);
    expect(closureLog(killed)).toEqual(closureLog(whole));

    // The same request again writes nothing: the year is closed (409).
    const refused = await request(again.url)
      .post('/api/v1/dividend/store')
      .set(auth(againToken))
      .send(PARAMS)
      .expect(409);
    expect((refused.body as { errors: { template: string }[] }).errors.map((e) => e.template)).toEqual([
      'yearAlreadyClosed',
    ]);
    expect(closureLog(killed)).toEqual(closureLog(whole));
  }, 600_000);
});
