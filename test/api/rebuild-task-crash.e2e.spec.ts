/**
 * The rebuild as a task (decision 201) killed with its server (SIGKILL, the test-only switch `COOP_TEST_STOP_AT`, never
 * a timer) after it replayed the log and after it caught up: the next start on the same data directory answers from the
 * read models as they were, resumes the task (attempt 2), which completes and switches, and the read models then hold
 * what they held; the super administrator can start a rebuild again. Runs the compiled services (npx tsc -b services).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TaskDto } from '@coop/contracts';
import { auth, startApp, WITH_READ_THREAD } from './support/app.js';
import { adminToken } from './support/first-start.js';
import { createMember, setTerms } from './support/members.js';
import { readModels, startServer, type ServerProcess } from './support/server-process.js';

const MEMBERS = 4;
let base: string;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

/** The read models of the members' area (the tasks' and notifications' change with the task itself). */
const businessModels = (dir: string): unknown =>
  Object.entries(readModels(dir)).filter(([name]) => !/task|notification|doc_counts/.test(name));

beforeAll(async () => {
  const t = await startApp(WITH_READ_THREAD);
  await setTerms(t.http, t.adminToken, t.cooperativeId);
  for (let i = 0; i < MEMBERS; i++) await createMember(t.http, t.adminToken, { name: `Crash${i}`, shareAmount: 1 });
  await t.running.close();
  base = mkdtempSync(join(tmpdir(), 'coop-rebuild-task-crash-'));
  cpSync(t.dataDir, base, { recursive: true });
  rmSync(t.dataDir, { recursive: true, force: true });
  dirs.push(base);
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function taskEnded(server: ServerProcess, token: string, id: string): Promise<TaskDto> {
  for (let tries = 0; ; tries++) {
    const res = await request(server.url).get(`/api/v1/tasks/${id}`).set(auth(token));
    const task = res.body as TaskDto;
    if (res.status === 200 && !['queued', 'running'].includes(task.state)) return task;
    if (tries > 600) throw new Error(`task ${id} did not end: ${JSON.stringify(task)}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a rebuild task killed with its server', () => {
  it.each(['rebuild:replayed', 'rebuild:caught-up'])(
    'at %s is resumed by the next start and completes, the read models as they were',
    async (stopAt) => {
      const dir = mkdtempSync(join(tmpdir(), 'coop-rebuild-task-crash-dir-'));
      dirs.push(dir);
      cpSync(base, dir, { recursive: true });
      const before = businessModels(dir);
      const killed = await startServer(dir, { COOP_TEST_STOP_AT: stopAt });
      servers.push(killed);
      const died = new Promise<void>((resolve) => killed.child.once('exit', () => resolve()));
      const started = await request(killed.url)
        .post('/api/v1/admin/projections/rebuilds')
        .set(auth(await adminToken(killed)))
        .expect(201);
      const taskId = (started.body as TaskDto).id;
      await died;
      expect(killed.child.signalCode).toBe('SIGKILL');

      const again = await startServer(dir);
      servers.push(again);
      const token = await adminToken(again);
      const members = await request(again.url).get('/api/v1/members').set(auth(token)).expect(200);
      expect(members.headers['totalitems']).toBe(String(MEMBERS));
      const task = await taskEnded(again, token, taskId);
      expect({ state: task.state, attempt: task.attempt }).toEqual({ state: 'completed', attempt: 2 });
      const next = await request(again.url).post('/api/v1/admin/projections/rebuilds').set(auth(token));
      expect(next.status).toBe(201);
      const nextId = (next.body as TaskDto).id;
      expect((await taskEnded(again, token, nextId)).state).toBe('completed');
      await again.stop('SIGTERM');
      expect(businessModels(dir)).toEqual(before);
    },
    300_000,
  );
});
