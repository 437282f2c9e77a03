/**
 * The import as a background task (`memberImport`, issue 40) killed with its server (SIGKILL, the test-only switch
 * `COOP_TEST_STOP_AT`, never a timer) at each of its points: after its start, after its first chunk, after its last
 * chunk (before the register's end) and after the register's end (before the task's). The next start on the same data
 * directory resumes the task: the log equals an uninterrupted task's (every member and posting once, none lost), and
 * the task ends completed with the summary an uninterrupted run shows (the register written by it, not "imported
 * before"), so the clerk is not told that nothing was written. The same files again write nothing.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { TaskDto } from '@coop/contracts';
import { auth } from './support/app.js';
import { adminToken, termsSetAndStopped } from './support/first-start.js';
import { logEvents, registerFiles, type LoggedEvent } from './support/import-cli.js';
import { ended, until } from './support/tasks.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const TIMEOUT_MS = 600_000;
/** 30 members in chunks of 60 events: a few chunks; the rows above IMPORT_SYNC_ROWS make it a task. */
const MEMBERS = 30;
const SMALL = { IMPORT_SYNC_ROWS: '3', IMPORT_CHUNK_EVENTS: '60' };

/** An event's data with its sealed personal data as subject and fields only (each seal draws a random IV). */
function withoutSeals(json: string): string {
  const data = JSON.parse(json) as {
    _personal?: { subject: string; fields: string[] } | { subject: string; fields: string[] }[];
  };
  if (data._personal === undefined) return json;
  const seals = Array.isArray(data._personal) ? data._personal : [data._personal];
  return JSON.stringify({ ...data, _personal: seals.map(({ subject, fields }) => ({ subject, fields })) });
}

/** The import's events as two runs can compare them: its id, the ids it drew and the times replaced. */
function comparable(events: readonly LoggedEvent[]): string[] {
  const started = events.find((e) => e.type === 'RegisterImportStarted');
  const admitted = events.find((e) => e.type === 'MemberAdmitted');
  if (!started || !admitted) throw new Error('the import wrote no start or no member');
  const { importId, plan } = JSON.parse(started.data) as { importId: string; plan: { uploadId: string | null } };
  const idPrefix = (JSON.parse(admitted.data) as { memberId: string }).memberId.slice(0, 28);
  return events
    .filter((e) => !e.stream_id.startsWith('task') && !e.stream_id.startsWith('notification'))
    .map((e) =>
      `${e.stream_id}#${e.revision} ${e.type} ${withoutSeals(e.data)}`
        .split(importId)
        .join('<import>')
        .split(idPrefix)
        .join('<id>')
        .split(plan.uploadId ?? '<none>')
        .join('<upload>')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
        .replace(/"planHash":"[0-9a-f]{64}"/, '"planHash":"<hash over the ids>"'),
    );
}

async function upload(server: ServerProcess, files: readonly string[]): Promise<string> {
  let req = request(server.url)
    .post('/api/v1/import')
    .set(auth(await adminToken(server)))
    .field('confirmWarnings', 'true');
  for (const path of files) req = req.attach('files', path);
  return ((await req.expect(202)).body as { taskId: string }).taskId;
}

describe('an import task killed with its server at each of its points', () => {
  let root: string;
  let freshDir: string;
  let files: string[];
  let before: number;
  let whole: { log: string[]; summary: Omit<TaskDto['summary'], 'importId'> };
  /** The task's summary without the import's id (each data directory's import draws its own). */
  const summaryOf = (task: TaskDto): Omit<TaskDto['summary'], 'importId'> => {
    const { importId: _id, ...rest } = task.summary;
    return rest;
  };
  const servers: ServerProcess[] = [];
  const start = async (dir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServer(dir, { ...SMALL, ...env });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'coop-import-task-points-'));
    freshDir = join(root, 'fresh');
    await termsSetAndStopped(await start(freshDir));
    files = registerFiles(root, 'Mitglieder.csv', MEMBERS);
    before = logEvents(freshDir).length;
    const wholeDir = join(root, 'whole');
    cpSync(freshDir, wholeDir, { recursive: true });
    const server = await start(wholeDir);
    const taskId = await upload(server, files);
    const task = await until(server.url, await adminToken(server), taskId, ended);
    expect(task.state).toBe('completed');
    await server.stop('SIGTERM');
    whole = { log: comparable(logEvents(wholeDir).slice(before)), summary: summaryOf(task) };
    expect(whole.summary).toMatchObject({ written: 1, members: MEMBERS });
    expect(whole.log.filter((l) => l.includes(' RegisterImportChunkWritten ')).length).toBeGreaterThan(2);
  }, TIMEOUT_MS);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['import:started', 'import:chunk-written:0', 'last chunk', 'import:finished'])(
    'killed at %s, the next start resumes the task to the log and the summary of an uninterrupted run',
    async (point) => {
      const chunks = whole.log.filter((l) => l.includes(' RegisterImportChunkWritten ')).length;
      const stopAt = point === 'last chunk' ? `import:chunk-written:${chunks - 1}` : point;
      const dir = join(root, point.replace(/\W/g, '-'));
      cpSync(freshDir, dir, { recursive: true });
      const killed = await start(dir, { COOP_TEST_STOP_AT: stopAt });
      const died = new Promise<void>((resolve) => killed.child.once('exit', () => resolve()));
      const taskId = await upload(killed, files);
      await died;
      expect(killed.child.signalCode).toBe('SIGKILL');

      const again = await start(dir);
      const token = await adminToken(again);
      const task = await until(again.url, token, taskId, ended);
      expect({ state: task.state, summary: summaryOf(task) }).toEqual({ state: 'completed', summary: whole.summary });
      expect(comparable(logEvents(dir).slice(before))).toEqual(whole.log);
      // The same files again: imported before, nothing written.
      const next = await upload(again, files);
      expect((await until(again.url, token, next, ended)).summary).toMatchObject({ written: 0 });
      await again.stop('SIGTERM');
      expect(comparable(logEvents(dir).slice(before))).toEqual(whole.log);
    },
    TIMEOUT_MS,
  );
});
