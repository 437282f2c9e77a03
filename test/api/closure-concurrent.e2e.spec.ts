/**
 * Two clerks close the same year. While a closure of 10 % is being written (held between two steps by the test-only
 * switch `COOP_TEST_PAUSE_AT`, never a timer), a second clerk's closure of the year at 5 % is refused at once with
 * 409 `closureInProgress` [year] in the clerk's language: it is not another closure, and the request must not wait for
 * and answer with the first clerk's 10 % as if it were its own. Two closures of the year sent at once with different
 * rates: exactly one is written (one declaration, every member paid once), the other is refused 409; a later closure
 * of the closed year is refused `yearAlreadyClosed`. Runs the compiled server (npx tsc -b services).
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

const LAST = THIS_YEAR - 1;
const PARAMS = {
  year: LAST,
  type: 'percent',
  amount: '10',
  decision_date: `${THIS_YEAR}-01-10`,
  payment_date: `${THIS_YEAR}-01-15`,
};
const OTHER = { ...PARAMS, amount: '5' };
const MEMBERS = 5;
const SMALL_STEPS = { CLOSURE_CHUNK_EVENTS: '2' };

async function setUp(server: ServerProcess, token: string): Promise<void> {
  const cooperativeId = cooperativeOf(token);
  await request(server.url)
    .put(`/api/v1/cooperatives/${cooperativeId}`)
    .set(auth(token))
    .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
    .expect(200);
  for (let i = 0; i < MEMBERS; i++)
    await createMember(server.url as never, token, {
      name: `Concurrent ${i}`,
      entryDate: `${LAST}-01-01`,
      approvalDate: `${LAST}-01-01`,
      interestBegin: `${LAST}-01-01`,
      shareAmount: 1_000 * (i + 1),
    });
}

async function yearShown(server: ServerProcess, token: string, state: 'closing' | 'closed'): Promise<DividendYearDto> {
  for (let tries = 0; ; tries++) {
    if (tries > 600) throw new Error(`the year was not shown ${state}; the server said:\n${server.output()}`);
    const years = (await request(server.url).get('/api/v1/dividend/years').set(auth(token)).expect(200))
      .body as DividendYearDto[];
    const year = years.find((y) => y.key === LAST);
    if (year?.[state]) return year;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The types of the events of the closures (register and closure streams) in the log. */
function closureTypes(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { type: string }>("SELECT type FROM events WHERE stream_id LIKE 'dividend%' ORDER BY position")
      .all()
      .map((r) => r.type);
  } finally {
    db.close();
  }
}

const refusal = (res: request.Response): [number, string | undefined, unknown] => {
  const error = (res.body as { errors?: { template: string; parameters: Record<string, string> }[] }).errors?.[0];
  return [res.status, error?.template, error?.parameters];
};

describe('two clerks closing the same year', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}): Promise<{ server: ServerProcess; dir: string }> => {
    const dir = mkdtempSync(join(tmpdir(), 'coop-closure-concurrent-'));
    dirs.push(dir);
    const server = await startServer(dir, { ...SMALL_STEPS, ...env });
    servers.push(server);
    return { server, dir };
  };
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('while one closure is written, another of the year with other figures is refused closureInProgress at once', async () => {
    const { server } = await start({ COOP_TEST_PAUSE_AT: 'closure:step-1' });
    const token = await signInAdmin(server);
    await setUp(server, token);
    // The first clerk's closure: held after its first step, its request waiting.
    const first = request(server.url).post('/api/v1/dividend/store').set(auth(token)).send(PARAMS);
    void first.then(
      () => undefined,
      () => undefined,
    );
    await yearShown(server, token, 'closing');
    const second = await request(server.url)
      .post('/api/v1/dividend/store')
      .set(auth(token))
      .set('Accept-Language', 'de')
      .timeout(15_000)
      .send(OTHER);
    expect(refusal(second)).toEqual([409, 'closureInProgress', { '0': String(LAST) }]);
  }, 300_000);

  it('sent at once with different figures, one closure is written whole and the other refused; the closed year is refused again', async () => {
    const { server, dir } = await start();
    const token = await signInAdmin(server);
    await setUp(server, token);
    const answers = await Promise.all(
      [PARAMS, OTHER].map((body) => request(server.url).post('/api/v1/dividend/store').set(auth(token)).send(body)),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 201)!;
    expect(refused.status).toBe(409);
    expect(['closureInProgress', 'yearAlreadyClosed']).toContain(refusal(refused)[1]);
    // The answer is the closure of the request that won, with its rate.
    const closure = won[0]!.body as DividendDto;
    const winner = answers.indexOf(won[0]!) === 0 ? PARAMS : OTHER;
    expect([closure.status, closure.memberCount, Number(closure.percent)]).toEqual([
      'closed',
      MEMBERS,
      Number(winner.amount),
    ]);
    await yearShown(server, token, 'closed');
    expect(closureTypes(dir)).toEqual([
      'DividendYearClosing',
      'DividendDeclared',
      ...Array<string>(MEMBERS).fill('DividendMemberPaid'),
      'DividendYearClosed',
    ]);
    const again = await request(server.url).post('/api/v1/dividend/store').set(auth(token)).send(OTHER);
    expect(refusal(again).slice(0, 2)).toEqual([409, 'yearAlreadyClosed']);
  }, 300_000);
});
