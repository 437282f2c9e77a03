/**
 * A task killed (SIGKILL, the test-only switch `COOP_TEST_STOP_AT=task:files-stored`, never a timer) after it stored
 * its files and before its end was appended: the next start runs it again (attempt 2), which completes with files of
 * its own. The files the killed run stored are named by no task: nothing would ever remove them (a member export holds
 * personal data, and the clean-up removes task files only through the tasks that name them). The file store then holds
 * the completed task's files and nothing else. Runs the compiled server (npx tsc -b services).
 */
import { readdirSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { TaskDto } from '@coop/contracts';
import { auth } from './support/app.js';
import { adminToken } from './support/first-start.js';
import { createMember, setTerms } from './support/members.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const SMALL = { EXPORT_SYNC_LIMIT: '1' };
const servers: ServerProcess[] = [];
let dir: string;
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
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

describe('a task killed between storing its files and its end', () => {
  it('is run again and completes; the killed run left no file behind', async () => {
    dir = mkdtempSync(join(tmpdir(), 'coop-task-files-crash-'));
    const killed = await startServer(dir, { ...SMALL, COOP_TEST_STOP_AT: 'task:files-stored' });
    servers.push(killed);
    const died = new Promise<void>((resolve) => killed.child.once('exit', () => resolve()));
    const token = await adminToken(killed);
    const { cooperative } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      cooperative: string;
    };
    await setTerms(killed.url as never, token, cooperative);
    for (const name of ['Export', 'Ausfuhr']) await createMember(killed.url as never, token, { name });
    const queued = await request(killed.url).get('/api/v1/export/members.csv').set(auth(token)).expect(202);
    const taskId = (queued.body as TaskDto).id;
    await died;
    expect(killed.child.signalCode).toBe('SIGKILL');

    const again = await startServer(dir, SMALL);
    servers.push(again);
    const task = await taskEnded(again, await adminToken(again), taskId);
    expect([task.state, task.attempt, task.files.length]).toEqual(['completed', 2, 1]);
    await again.stop('SIGTERM');
    const stored = readdirSync(join(dir, 'files')).filter((name) => !name.startsWith('.'));
    expect(stored).toEqual(task.files.map((f) => f.fileId));
  }, 300_000);
});
