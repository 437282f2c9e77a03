/**
 * Issue 40, decision 199: a fresh closure (not only a resumed one) runs as the task `dividendClosure`, with its progress
 * (members written of the closure's) on `GET /tasks` while it runs; `POST /dividend/store` still answers 201 with the
 * closure once it is closed. And a member's dividend history and dashboard list the payouts of a closure only once it
 * has finished (`DividendYearClosed`), never those of a closure still closing.
 * The closure is held between two steps by the test-only switch `COOP_TEST_PAUSE_AT` (never a timer), then the process
 * is killed and the next start finishes it. Runs the compiled server (npx tsc -b services).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DividendDto, MemberDashboardDto, MemberDto, MemberHistoryEntry, TaskDto } from '@coop/contracts';
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
/** 7 members: the closure's stream holds 8 events, written in steps of 3: the first step is the declaration and 2 payouts. */
const MEMBERS = 7;
const SMALL_STEPS = { CLOSURE_CHUNK_EVENTS: '3' };

/** The cooperative with bank data and `MEMBERS` members who joined last year, the first one (lowest number) first. */
async function setUp(server: ServerProcess, token: string): Promise<MemberDto[]> {
  const cooperativeId = cooperativeOf(token);
  await request(server.url)
    .put(`/api/v1/cooperatives/${cooperativeId}`)
    .set(auth(token))
    .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
    .expect(200);
  const members: MemberDto[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    members.push(
      await createMember(server.url as never, token, {
        name: `Task ${i}`,
        entryDate: `${LAST}-01-01`,
        approvalDate: `${LAST}-01-01`,
        interestBegin: `${LAST}-01-01`,
        shareAmount: 10_000 * (i + 1),
      }),
    );
  }
  return members;
}

/** Polls (no timed assertion) until `check` answers a value; fails with the server's output after about 2 minutes. */
async function eventually<T>(server: ServerProcess, what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await check();
    if (value !== undefined) return value;
    if (tries > 600) throw new Error(`${what} did not happen; the server said:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const closureTasks = async (server: ServerProcess, token: string): Promise<TaskDto[]> => {
  const res = await request(server.url).get('/api/v1/tasks').set(auth(token));
  return res.status === 204 ? [] : (res.body as TaskDto[]).filter((t) => t.kind === 'dividendClosure');
};

const paidEntries = async (server: ServerProcess, token: string, memberId: string): Promise<MemberHistoryEntry[]> =>
  (
    (await request(server.url).get(`/api/v1/members/${memberId}/history`).set(auth(token)).expect(200))
      .body as MemberHistoryEntry[]
  ).filter((e) => e.type === 'DividendMemberPaid');

const dashboardDividends = async (
  server: ServerProcess,
  token: string,
  memberId: string,
): Promise<MemberDashboardDto['dividends']> =>
  (
    (await request(server.url).get(`/api/v1/dashboard/member/${memberId}`).set(auth(token)).expect(200))
      .body as MemberDashboardDto
  ).dividends;

describe('the closure as a task with progress (issue 40)', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const start = async (dir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServer(dir, { ...SMALL_STEPS, ...env });
    servers.push(server);
    return server;
  };
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'coop-closure-task-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a fresh closure answers 201 with the closure and is recorded as the task dividendClosure, its progress all members', async () => {
    const server = await start(fresh());
    const token = await signInAdmin(server);
    await setUp(server, token);
    const closure = (await request(server.url).post('/api/v1/dividend/store').set(auth(token)).send(PARAMS).expect(201))
      .body as DividendDto;
    expect([closure.status, closure.memberCount, closure.members.length]).toEqual(['closed', MEMBERS, MEMBERS]);
    const tasks = await eventually(server, 'the task shown completed', async () => {
      const found = await closureTasks(server, token);
      return found.length === 1 && found[0]!.state === 'completed' ? found : undefined;
    });
    expect(
      tasks.map((t) => ({ state: t.state, queuedBy: t.queuedBy, done: t.done, total: t.total, summary: t.summary })),
    ).toEqual([
      {
        state: 'completed',
        queuedBy: 'admin',
        done: MEMBERS,
        total: MEMBERS,
        summary: { closures: 1, years: String(LAST), members: MEMBERS },
      },
    ]);
  }, 300_000);

  it('while it runs the task shows its progress and the payouts written are in no member history; after its end they are', async () => {
    const dir = fresh();
    const paused = await start(dir, { COOP_TEST_PAUSE_AT: 'closure:step-1' });
    const token = await signInAdmin(paused);
    const [first] = await setUp(paused, token);
    // The request waits for the task, which stays after its first step: 2 of 7 members written.
    void request(paused.url)
      .post('/api/v1/dividend/store')
      .set(auth(token))
      .send(PARAMS)
      .then(
        () => undefined,
        () => undefined,
      );
    const running = await eventually(paused, 'the progress after the first step', async () => {
      const found = await closureTasks(paused, token);
      return found.length === 1 && found[0]!.state === 'running' && found[0]!.done === 2 ? found[0] : undefined;
    });
    expect([running.done, running.total]).toEqual([2, MEMBERS]);

    // The first member's payout is in the read models (the closure shows closing with it), but not in the member's history.
    const years = (await request(paused.url).get('/api/v1/dividend/years').set(auth(token)).expect(200)).body as {
      key: number;
      closing?: boolean;
      dividendId?: string;
    }[];
    const year = years.find((y) => y.key === LAST)!;
    expect(year.closing).toBe(true);
    await eventually(paused, 'the first payout projected', async () => {
      const shown = (await request(paused.url).get(`/api/v1/dividend/${year.dividendId!}`).set(auth(token)).expect(200))
        .body as DividendDto;
      return shown.status === 'closing' && shown.members.some((m) => m.member === first!.id) ? shown : undefined;
    });
    expect(await paidEntries(paused, token, first!.id)).toEqual([]);
    expect(await dashboardDividends(paused, token, first!.id)).toEqual([]);
    await paused.stop('SIGKILL');

    // The next start resumes the interrupted task to its end: now the payout is the member's.
    const again = await start(dir);
    const againToken = await signInAdmin(again);
    const ended = await eventually(again, 'the task completed', async () => {
      const found = await closureTasks(again, againToken);
      return found.length === 1 && found[0]!.state === 'completed' ? found[0] : undefined;
    });
    expect([ended.done, ended.total]).toEqual([MEMBERS, MEMBERS]);
    const paid = await eventually(again, 'the payout in the history', async () => {
      const entries = await paidEntries(again, againToken, first!.id);
      return entries.length > 0 ? entries : undefined;
    });
    expect(paid.map((e) => e.dividend?.year)).toEqual([LAST]);
    expect((await dashboardDividends(again, againToken, first!.id)).map((d) => d.year)).toEqual([LAST]);
  }, 300_000);
});
