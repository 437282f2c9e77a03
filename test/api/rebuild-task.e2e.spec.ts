/**
 * Issue 41, decision 201: a rebuild started from the console is a background task (`POST /admin/projections/rebuilds`)
 * whose progress `GET /tasks/{id}` shows while it runs: events replayed of the log's length, and its phase (replaying,
 * catching up, switching), in that order. Meanwhile every list answers from the current read models (complete, never
 * emptied), and at its end the read models are switched to the new file. Only the super administrator may start it.
 * Runs the compiled services (npx tsc -b services).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { TASK_PHASES, type EventMetadata, type NewEvent, type StreamAppend, type TaskDto } from '@coop/contracts';
import { READ_STORE_POINTER } from '@coop/projections';
import { auth, startApp, userWith, type TestApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { getTask } from './support/tasks.js';
import { caughtUp } from './support/server-process.js';

/** Events in the log: enough that the rebuild runs several seconds, so its progress is written (once a second) and seen. */
const SEEDED = 40_000;
const APPEND_AT_ONCE = 2_000;
const MEMBERS = 5;

let t: TestApp;
beforeAll(async () => {
  t = await startApp(WITH_READ_THREAD);
  await setTerms(t.http, t.adminToken, t.cooperativeId);
  for (let i = 0; i < MEMBERS; i++)
    await createMember(t.http, t.adminToken, { name: `Rebuilt${i}`, givenName: `Rita${i}`, shareAmount: 1 });
  // The users of another cooperative, appended as the users area does (one stream each): a log long enough to watch.
  const metadata: EventMetadata = {
    cooperativeId: 'seed-cooperative',
    user: 'admin',
    timestamp: new Date().toISOString(),
    correlationId: 'seed',
    causationId: 'seed',
    schemaVersion: 1,
  };
  for (let from = 0; from < SEEDED; from += APPEND_AT_ONCE) {
    const appends: StreamAppend[] = [];
    for (let i = from; i < from + APPEND_AT_ONCE; i++) {
      const data = {
        userId: `seed-${i}`,
        cooperativeId: 'seed-cooperative',
        username: `seed.${i}`,
        passwordHash: '$argon2id$seed',
        roles: ['ROLE_USER'],
      };
      appends.push({
        streamId: `user-seed-${i}`,
        expected: 'no_stream',
        events: [{ type: 'UserCreated', data, metadata } as NewEvent],
      });
    }
    await t.running.storage.events.appendMulti(appends);
  }
  await caughtUp(t.dataDir, 300_000);
}, 600_000);
afterAll(async () => t?.close());

const memberCount = async (): Promise<number> => {
  const res = await request(t.http).get('/api/v1/members?limit=1').set(auth(t.adminToken));
  expect(res.status).toBe(200);
  return Number(res.headers['totalitems']);
};

describe('the rebuild as a task', () => {
  it('is for the super administrator only', async () => {
    const { token } = await userWith(t.http, t.adminToken, 'rebuild-admin', ['ROLE_ADMIN']);
    await request(t.http).post('/api/v1/admin/projections/rebuilds').set(auth(token)).expect(403);
  });

  it('shows its progress (events replayed of the total, the phase in order) while the lists answer from the current read models, then switches', async () => {
    const queued = await request(t.http).post('/api/v1/admin/projections/rebuilds').set(auth(t.adminToken));
    expect(queued.status).toBe(201);
    const task = queued.body as TaskDto;
    expect(task).toMatchObject({ kind: 'readModelRebuild', state: 'queued', done: 0, total: 0, phase: null });

    const seen: TaskDto[] = [];
    const counts: number[] = [];
    let last = task;
    const end = Date.now() + 300_000;
    while (!['completed', 'failed', 'rejected'].includes(last.state)) {
      if (Date.now() > end) throw new Error(`the rebuild task never ended: ${JSON.stringify(last)}`);
      const res = await getTask(t.http, t.adminToken, task.id);
      expect(res.status).toBe(200);
      last = res.body as TaskDto;
      if (last.state === 'running' && last.total > 0) seen.push(last);
      // A list while it runs: answered, and complete.
      counts.push(await memberCount());
    }
    expect(last.state).toBe('completed');
    expect(Number(last.summary.events)).toBeGreaterThanOrEqual(SEEDED);

    // Progress was written while it ran: counts of the log's length, a phase each, the phases never going back.
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) {
      expect(s.done).toBeLessThanOrEqual(s.total);
      expect(s.total).toBeGreaterThanOrEqual(SEEDED);
      expect(TASK_PHASES).toContain(s.phase);
    }
    const order = seen.map((s) => TASK_PHASES.indexOf(s.phase as (typeof TASK_PHASES)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(seen.some((s) => s.phase === 'replaying' && s.done > 0 && s.done < s.total)).toBe(true);

    // Every read while it ran answered from complete read models.
    expect(counts.length).toBeGreaterThan(1);
    for (const c of counts) expect(c).toBe(MEMBERS);
    expect(readFileSync(join(t.dataDir, READ_STORE_POINTER), 'utf8').trim()).toBe('read-models.1.sqlite');
    expect(await memberCount()).toBe(MEMBERS);
  }, 600_000);
});
