/**
 * Decision 301: a clerk's writes while an import is being written. The command line writes the register of
 * import-cli.ts in small chunks (`IMPORT_CHUNK_EVENTS`) and is killed after its third chunk (`COOP_TEST_STOP_AT`, never
 * timing); the server then starts on the same data directory and a clerk writes, as between two chunks of a running
 * import; the server stops and the same import runs again to finish it.
 * - An admission (its number drawn from the sequence) and a change of the cooperative's settings: the import finishes
 *   every member and posting once, and the clerk's member keeps a number of its own above the import's.
 * - A posting on a member the import writes later, or a member number of the import claimed by the clerk: the import
 *   stops at the chunk that meets the clerk's write with its reason in the clerk's words and ends abandoned with that
 *   reason (another import may run): the chunks before it are in the log whole, that chunk and the rest not at all;
 *   what the clerk wrote stays as written. The same as a background task (`memberImport`), killed with its server
 *   after its third chunk and resumed by the next start: rejected with the reason, and another import may run.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { auth, validCooperative } from './support/app.js';
import { adminToken, termsSetAndStopped } from './support/first-start.js';
import { headOf, logEvents, MEMBERS, registerFiles, runCli, type LoggedEvent } from './support/import-cli.js';
import { DATES, validMember } from './support/members.js';
import { ended, until } from './support/tasks.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const TIMEOUT_MS = 900_000;

const count = (events: readonly LoggedEvent[], type: string): number => events.filter((e) => e.type === type).length;
const dataOf = (e: LoggedEvent): Record<string, unknown> => JSON.parse(e.data) as Record<string, unknown>;

/** The member-number claims in the log: number → the member holding it. */
function claims(events: readonly LoggedEvent[], cooperativeId: string): Map<number, string> {
  const held = new Map<number, string>();
  for (const e of events)
    if (e.stream_id.startsWith(`membernr-${cooperativeId}-`)) {
      const { memberNr, memberId } = dataOf(e) as { memberNr: number; memberId: string };
      if (held.has(memberNr)) throw new Error(`number ${memberNr} claimed twice`);
      held.set(memberNr, memberId);
    }
  return held;
}

/**
 * The log after `head` (the resume's own writes) ends with `RegisterImportAbandoned`, recording the chunks it holds,
 * and every chunk record after `head` came with its chunk (the events between two records are that chunk's, counted).
 */
function stoppedWhole(dir: string, head: number): LoggedEvent {
  const after = logEvents(dir, head);
  const abandoned = after[after.length - 1]!;
  expect(abandoned.type).toBe('RegisterImportAbandoned');
  let since = 0;
  for (const e of after.slice(0, -1)) {
    if (e.type !== 'RegisterImportChunkWritten') since += 1;
    else {
      expect(since).toBe((dataOf(e) as { events: number }).events);
      since = 0;
    }
  }
  expect(since).toBe(0);
  const written = logEvents(dir, 0).filter((e) => e.type === 'RegisterImportChunkWritten').length;
  expect(dataOf(abandoned)).toMatchObject({ chunksWritten: written });
  return abandoned;
}

describe('a clerk writing while an import is being written', () => {
  let root: string;
  let server: ServerProcess | undefined;
  let cooperativeId: string;
  let args: string[];
  /** The data directory as the killed import left it (three chunks written), server stopped. */
  let stuckDir: string;
  let before: number;
  /** The data directory before the import (the server's first start and the share terms), server stopped. */
  let freshDir: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'coop-ledger-import-concurrent-'));
    stuckDir = join(root, 'stuck');
    server = await startServer(stuckDir);
    cooperativeId = await termsSetAndStopped(server);
    server = undefined;
    const files = registerFiles(root);
    args = [...files, '--cooperative', cooperativeId, '--lang', 'en', '--confirm-warnings'];
    before = headOf(stuckDir);
    freshDir = join(root, 'fresh');
    cpSync(stuckDir, freshDir, { recursive: true });
    const killed = runCli(args, stuckDir, { COOP_TEST_STOP_AT: 'import:chunk-written:2' });
    expect(killed.signal).toBe('SIGKILL');
    expect(count(logEvents(stuckDir, before), 'RegisterImportChunkWritten')).toBe(3);
  }, TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  /** A copy of the stuck directory with the server started on it, the clerk's writes done by `write`, stopped again. */
  async function clerkWrites(name: string, write: (url: string, token: string) => Promise<void>): Promise<string> {
    const dir = join(root, name);
    cpSync(stuckDir, dir, { recursive: true });
    server = await startServer(dir);
    await write(server.url, await adminToken(server));
    await server.stop('SIGTERM');
    server = undefined;
    return dir;
  }

  it(
    'an admission and a settings change meanwhile: the import finishes whole, the new member keeps its own number',
    async () => {
      let admitted = '';
      const dir = await clerkWrites('admission', async (url, token) => {
        const res = await request(url)
          .post('/api/v1/members')
          .set(auth(token))
          .send(validMember({ name: 'Zwischendurch', iban: 'DE02120300000000202051', privateEmail: 'z@example.org' }))
          .expect(201);
        admitted = (res.body as { id: string }).id;
        await request(url)
          .put(`/api/v1/cooperatives/${cooperativeId}`)
          .set(auth(token))
          .send(validCooperative({ balanceCost: 25000, minimumShares: 1, contactPerson: 'Max Mustermann' }))
          .expect(200);
      });
      const resumed = runCli(args, dir);
      expect({ status: resumed.status, output: resumed.output }).toMatchObject({
        status: 0,
        output: expect.stringMatching(/^Written/m) as unknown,
      });
      const log = logEvents(dir, before);
      expect(count(log, 'RegisterImported')).toBe(1);
      expect(count(log, 'MemberAdmitted')).toBe(MEMBERS + 1);
      // Every posting of the file once (a subscription and one more per member), and the clerk's subscription.
      expect(count(log, 'SharesPosted')).toBe(2 * MEMBERS + 1);
      const held = claims(log, cooperativeId);
      expect(held.size).toBe(MEMBERS + 1);
      const clerks = [...held].filter(([, memberId]) => memberId === admitted).map(([nr]) => nr);
      expect(clerks).toEqual([MEMBERS + 1]);
    },
    TIMEOUT_MS,
  );

  it(
    'a posting on a member the import writes later: it stops with the reason, abandoned, and writes nothing more',
    async () => {
      const first = claims(logEvents(stuckDir, before), cooperativeId).get(1)!;
      const dir = await clerkWrites('posting', async (url, token) => {
        await request(url)
          .post('/api/v1/balances')
          .set(auth(token))
          .send({ member: first, type: 1, quantity: 1, ...DATES })
          .expect(201);
      });
      const head = headOf(dir);
      const stopped = runCli(args, dir);
      expect(stopped.status).toBe(1);
      expect(stopped.output).toMatch(/member 1 was changed while the import was being written/);
      const abandoned = stoppedWhole(dir, head);
      expect(dataOf(abandoned)).toMatchObject({
        reason: { template: 'importMemberChangedMeanwhile', parameters: ['1'] },
      });
      // The member's further posting of the file is not written; the clerk's stays.
      const postings = logEvents(dir, before).filter(
        (e) => e.stream_id === `member-${first}` && e.type === 'SharesPosted',
      );
      expect(postings).toHaveLength(2);
    },
    TIMEOUT_MS,
  );

  it(
    'a number of the import claimed by the clerk: it stops with the reason, abandoned, and writes nothing more',
    async () => {
      let clerks = '';
      const dir = await clerkWrites('claim', async (url, token) => {
        const res = await request(url)
          .post('/api/v1/members')
          .set(auth(token))
          .send(validMember({ name: 'Vorgegriffen', iban: 'DE02120300000000202051', memberNr: MEMBERS - 1 }))
          .expect(201);
        clerks = (res.body as { id: string }).id;
      });
      const head = headOf(dir);
      const stopped = runCli(args, dir);
      expect(stopped.status).toBe(1);
      expect(stopped.output).toMatch(new RegExp(`member number ${MEMBERS - 1} was given to another member`));
      const abandoned = stoppedWhole(dir, head);
      expect(dataOf(abandoned)).toMatchObject({
        reason: { template: 'importMemberNrTakenMeanwhile', parameters: [String(MEMBERS - 1)] },
      });
      // The number stays the clerk's member's; the chunk of the import's member of that number is not written.
      const log = logEvents(dir, before);
      expect(claims(log, cooperativeId).get(MEMBERS - 1)).toBe(clerks);
      expect(count(log, 'MemberAdmitted')).toBeLessThan(MEMBERS + 1);
    },
    TIMEOUT_MS,
  );

  it(
    'as a task resumed by the next start: rejected with the reason, abandoned, and another import may run',
    async () => {
      const dir = join(root, 'task');
      cpSync(freshDir, dir, { recursive: true });
      const chunked = { IMPORT_SYNC_ROWS: '3', IMPORT_CHUNK_EVENTS: '60' };
      // The server that runs the task is killed after its third chunk.
      server = await startServer(dir, { ...chunked, COOP_TEST_STOP_AT: 'import:chunk-written:2' });
      const died = new Promise<void>((resolve) => server!.child.once('exit', () => resolve()));
      let upload = request(server.url)
        .post('/api/v1/import')
        .set(auth(await adminToken(server)))
        .field('confirmWarnings', 'true');
      for (const path of args.slice(0, 2)) upload = upload.attach('files', path);
      const taskId = ((await upload.expect(202)).body as { taskId: string }).taskId;
      await died;
      server = undefined;
      // Started without the task runner (it runs in a worker), the clerk posts on the import's first member.
      server = await startServer(dir, { ...chunked, TASKS_RUN_IN: 'worker' });
      const first = claims(logEvents(dir, before), cooperativeId).get(1)!;
      await request(server.url)
        .post('/api/v1/balances')
        .set(auth(await adminToken(server)))
        .send({ member: first, type: 1, quantity: 1, ...DATES })
        .expect(201);
      await server.stop('SIGTERM');
      // The next start resumes the task.
      server = await startServer(dir, chunked);
      const token = await adminToken(server);
      const task = await until(server.url, token, taskId, ended);
      expect(task).toMatchObject({
        state: 'rejected',
        reason: { template: 'importMemberChangedMeanwhile', parameters: ['1'] },
      });
      const history = await request(server.url).get('/api/v1/import/history').set(auth(token)).expect(200);
      // The history says why, as the task did (an administrator's abandon has no reason).
      expect(history.body).toEqual([
        expect.objectContaining({
          state: 'abandoned',
          abandonReason: { template: 'importMemberChangedMeanwhile', parameters: ['1'] },
        }),
      ]);
      const types = logEvents(dir, before).map((e) => e.type);
      expect(types.filter((t) => t.startsWith('RegisterImport')).slice(-2)).toEqual([
        'RegisterImportChunkWritten',
        'RegisterImportAbandoned',
      ]);
      expect(types.slice(types.indexOf('RegisterImportAbandoned'))).not.toContain('SharesPosted');
      const other = registerFiles(join(root, 'task'), 'Andere.csv', 0);
      let next = request(server.url).post('/api/v1/import').set(auth(token)).field('confirmWarnings', 'true');
      for (const path of other) next = next.attach('files', path);
      expect((await next).body).not.toMatchObject({ errors: [{ template: 'importRunning' }] });
    },
    TIMEOUT_MS,
  );
});
