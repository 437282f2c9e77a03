import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { taskStream, type NotificationRaised, type RecordedEvent, type TaskDto, type TaskKind } from '@coop/contracts';
import { createApp, type RunningApp } from '../../services/src/create-app.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import { ConflictingStateError } from '../../services/src/platform/commands/errors.js';
import { TaskHandlerRegistry, TaskRunner, TASK_QUEUE, type RunningTask, type TaskHandler, type TaskOutcome, type TaskQueue } from '../../services/src/tasks/index.js';
import { ADMIN_PASSWORD, AREAS, auth, JWT_SECRET, login, RUNTIME, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

/*
 * Background tasks through the API (issue 24): the lifecycle with handlers the test registers for the product's kinds
 * (queued → completed with a file, rejected, failed by a throw, waiting for input → input → completed), progress while
 * running, two tasks of a kind at once, a restart while running (resumed or failed), files replaced by the next task of
 * their kind, and a cooperative never seeing another's tasks or files.
 */

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

/** A promise the test settles from outside. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * A real handler whose work the task's `script` parameter chooses: `complete` (one file), `reject`, `throw`, `input`
 * (first phase: a request file and wait for input; second: read the input, complete with it upper-cased), `wait`
 * (report progress 3 of 10, then wait for the gate and complete), `hang` (never ends).
 */
class ScriptedHandler implements TaskHandler {
  readonly runs: RunningTask[] = [];
  gate = gate();

  constructor(
    readonly kind: TaskKind,
    readonly resumable: boolean,
  ) {}

  async run(task: RunningTask): Promise<TaskOutcome> {
    this.runs.push(task);
    const script = String(task.params.script);
    const file = (name: string, content: string) => ({ name, contentType: 'text/plain; charset=utf-8', bytes: bytes(content) });
    switch (script) {
      case 'complete':
        return { outcome: 'completed', files: [file(`result-${String(task.params.n ?? 1)}.txt`, `result of ${task.taskId}`)], summary: { records: 1 }, effects: [], notifications: [] };
      case 'reject':
        return { outcome: 'rejected', reason: { template: 'fsakCurrentYear', parameters: [] }, notifications: [] };
      case 'throw':
        throw new Error('the BZSt answered 500');
      case 'input': {
        if (task.inputs.length === 0) {
          return { outcome: 'awaitingInput', files: [file('request.csv', 'request')], summary: { members: 2 }, notifications: [] };
        }
        const answer = text(await task.readFile(task.inputs[0]!.fileId));
        return { outcome: 'completed', files: [file('answer-read.txt', answer.toUpperCase())], summary: { members: 2 }, effects: [], notifications: [] };
      }
      case 'wait':
        task.progress(3, 10);
        await this.gate.promise;
        return { outcome: 'completed', files: [], summary: {}, effects: [], notifications: [] };
      case 'hang':
        task.progress(1, 4);
        return new Promise<TaskOutcome>(() => undefined);
      default:
        throw new Error(`unknown script ${script}`);
    }
  }
}

/** The test's handlers in place of the product's (put back by the returned function). */
function useHandlers(running: RunningApp, handlers: readonly TaskHandler[]): () => void {
  const registry = running.app.get(TaskHandlerRegistry);
  const before = handlers.map((h) => registry.replace(h));
  return () =>
    handlers.forEach((h, i) => {
      const previous = before[i];
      if (previous) registry.replace(previous);
      else registry.unregister(h.kind);
    });
}

const getTask = (http: App, token: string, id: string): request.Test => request(http).get(`/api/v1/tasks/${id}`).set(auth(token));

/** Polls the task until `done` says so (at most 15 s). */
async function until(http: App, token: string, id: string, done: (task: TaskDto) => boolean): Promise<TaskDto> {
  const end = Date.now() + 15_000;
  for (;;) {
    const res = await getTask(http, token, id);
    if (res.status === 200 && done(res.body as TaskDto)) return res.body as TaskDto;
    if (Date.now() > end) throw new Error(`task ${id} never got there: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const ended = (task: TaskDto): boolean => ['completed', 'rejected', 'failed', 'waiting', 'cancelled'].includes(task.state);

/** The notifications a task raised, from the event log. */
async function notificationsOf(running: RunningApp, taskId: string): Promise<NotificationRaised['data'][]> {
  const all = (await running.storage.events.readAll(-1n, 100_000)) as unknown as RecordedEvent<NotificationRaised>[];
  return all.filter((e) => e.type === 'NotificationRaised' && e.data.taskId === taskId).map((e) => e.data);
}
const headlines = (ns: NotificationRaised['data'][]): [string, string[]][] => ns.map((n) => [n.message, n.parameters]);

describe('tasks: the lifecycle', () => {
  let t: TestApp;
  let queue: TaskQueue;
  let restore: () => void;
  const fsak = new ScriptedHandler('fsak', true);
  const kistam = new ScriptedHandler('kistam', false);
  let restricted: string;
  let otherAdmin: string;

  const enqueue = (kind: TaskKind, params: Record<string, string | number>, cooperativeId = t.cooperativeId): Promise<string> =>
    queue.enqueue({ cooperativeId, user: 'admin', kind, params });

  beforeAll(async () => {
    t = await startApp();
    restore = useHandlers(t.running, [fsak, kistam]);
    queue = t.running.app.get<TaskQueue>(TASK_QUEUE);
    restricted = (await userWith(t.http, t.adminToken, 'tasks-restricted', ['ROLE_RESTRICTED_USER'])).token;
    const coop = await request(t.http).post('/api/v1/cooperatives').set(auth(t.adminToken)).send(validCooperative({ name: 'tasks-other-eg' }));
    otherAdmin = (await userWith(t.http, t.adminToken, 'tasks-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], (coop.body as { id: string }).id)).token;
  }, 60_000);
  afterAll(async () => {
    restore();
    await t.close();
  });

  it('queued → running → completed with a file to download, and its notifications', async () => {
    const id = await enqueue('fsak', { script: 'complete' });
    const queued = (await getTask(t.http, t.adminToken, id)).body as TaskDto;
    expect(queued).toMatchObject({ id, kind: 'fsak', queuedBy: 'admin', params: { script: 'complete' } });
    const done = await until(t.http, t.adminToken, id, ended);
    expect(done).toMatchObject({ state: 'completed', attempt: 1, summary: { records: 1 }, reason: null, error: null });
    expect(done.startedAt).not.toBeNull();
    expect(done.endedAt).not.toBeNull();
    expect(done.files).toHaveLength(1);
    const [file] = done.files;
    expect(file).toMatchObject({ name: 'result-1.txt', contentType: 'text/plain; charset=utf-8', size: `result of ${id}`.length });
    const download = await request(t.http).get(`/api/v1/tasks/${id}/files/${file!.fileId}`).set(auth(restricted)).buffer(true);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="result-1.txt"; filename*=UTF-8''result-1.txt`);
    expect(download.text).toBe(`result of ${id}`);
    expect(headlines(await notificationsOf(t.running, id))).toEqual([
      ['taskStarted', ['fsak']],
      ['taskCompleted', ['fsak']],
    ]);
    const types = (await t.running.storage.events.readStream(taskStream(id))).map((e) => e.type);
    expect(types).toEqual(['TaskQueued', 'TaskStarted', 'TaskCompleted']);
  });

  it('rejected with its reason; failed by a throw with its message; each raising its notification and freeing the lane', async () => {
    const rejected = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'reject' }), ended);
    expect(rejected).toMatchObject({ state: 'rejected', reason: { template: 'fsakCurrentYear', parameters: [] }, files: [] });
    expect(headlines(await notificationsOf(t.running, rejected.id))).toEqual([
      ['taskStarted', ['fsak']],
      ['taskRejected', ['fsak', 'fsakCurrentYear']],
    ]);
    const failed = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'throw' }), ended);
    expect(failed).toMatchObject({ state: 'failed', error: 'the BZSt answered 500' });
    expect(headlines(await notificationsOf(t.running, failed.id))).toEqual([
      ['taskStarted', ['fsak']],
      ['taskFailed', ['fsak', 'the BZSt answered 500']],
    ]);
  });

  it('waits for input, takes the input file, completes; a KiStAM file needs church:read', async () => {
    const id = await enqueue('kistam', { script: 'input' });
    const waiting = await until(t.http, t.adminToken, id, ended);
    expect(waiting).toMatchObject({ state: 'waiting', summary: { members: 2 } });
    expect(waiting.files.map((f) => f.name)).toEqual(['request.csv']);
    expect(headlines(await notificationsOf(t.running, id))).toEqual([['kistamStarted', []]]);
    // The lane is free while it waits: refusing an input for a task not waiting, taking it for this one.
    await queue.provideInput({ cooperativeId: t.cooperativeId, user: 'admin', taskId: id, file: { name: 'answer.csv', contentType: 'text/csv', bytes: bytes('answer') } });
    await expect(
      queue.provideInput({ cooperativeId: t.cooperativeId, user: 'admin', taskId: id, file: { name: 'again.csv', contentType: 'text/csv', bytes: bytes('x') } }),
    ).rejects.toMatchObject({ errors: [{ template: 'taskNotAwaitingInput' }] });
    const done = await until(t.http, t.adminToken, id, (task) => task.state === 'completed');
    expect(done.files.map((f) => f.name)).toEqual(['request.csv', 'answer.csv', 'answer-read.txt']);
    const result = done.files[2]!;
    const admin = await request(t.http).get(`/api/v1/tasks/${id}/files/${result.fileId}`).set(auth(t.adminToken)).buffer(true);
    expect(admin.status).toBe(200);
    expect(admin.text).toBe('ANSWER');
    const refused = await request(t.http).get(`/api/v1/tasks/${id}/files/${result.fileId}`).set(auth(restricted));
    expect(refused.status).toBe(403);
    expect((await getTask(t.http, restricted, id)).status).toBe(200);
  });

  it('a waiting task is cancelled when a new one of its kind is queued', async () => {
    const first = await enqueue('kistam', { script: 'input' });
    const waiting = await until(t.http, t.adminToken, first, ended);
    const second = await enqueue('kistam', { script: 'complete' });
    const cancelled = (await getTask(t.http, t.adminToken, first)).body as TaskDto;
    expect(cancelled.state).toBe('cancelled');
    const events = await t.running.storage.events.readStream(taskStream(first));
    expect(events[events.length - 1]).toMatchObject({ type: 'TaskCancelled', data: { replacedBy: second } });
    const gone = await request(t.http).get(`/api/v1/tasks/${first}/files/${waiting.files[0]!.fileId}`).set(auth(t.adminToken));
    expect(gone.status).toBe(404);
    await until(t.http, t.adminToken, second, ended);
  });

  it('shows progress while running; a second task of the kind is refused 409 meanwhile, once at two queuings at once', async () => {
    fsak.gate = gate();
    const [a, b] = await Promise.allSettled([enqueue('fsak', { script: 'wait' }), enqueue('fsak', { script: 'wait' })]);
    const won = [a, b].filter((r) => r.status === 'fulfilled');
    const lost = [a, b].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(ConflictingStateError);
    const id = (won[0] as PromiseFulfilledResult<string>).value;
    const queuedAt = ((await getTask(t.http, t.adminToken, id)).body as TaskDto).queuedAt;
    expect((lost[0]!.reason as ConflictingStateError).errors).toEqual([{ field: null, template: 'taskAlreadyRunning', parameters: { 0: 'fsak', 1: queuedAt } }]);

    const running = await until(t.http, t.adminToken, id, (task) => task.total > 0);
    expect(running).toMatchObject({ state: 'running', done: 3, total: 10 });
    const list = await request(t.http).get('/api/v1/tasks').query({ filter: 'state:running' }).set(auth(t.adminToken));
    expect(list.status).toBe(200);
    expect((list.body as TaskDto[]).map((task) => [task.id, task.done, task.total])).toEqual([[id, 3, 10]]);
    await expect(enqueue('fsak', { script: 'complete' })).rejects.toBeInstanceOf(ConflictingStateError);
    // Another kind has its own lane.
    const other = await enqueue('kistam', { script: 'complete' });
    fsak.gate.open();
    expect((await until(t.http, t.adminToken, id, ended)).state).toBe('completed');
    await until(t.http, t.adminToken, other, ended);
  });

  it('lists newest first, filtered by kind and state', async () => {
    const all = await request(t.http).get('/api/v1/tasks').query({ limit: 100 }).set(auth(t.adminToken));
    const tasks = all.body as TaskDto[];
    expect(Number(all.headers.totalitems)).toBe(tasks.length);
    expect(tasks.map((task) => task.queuedAt)).toEqual([...tasks.map((task) => task.queuedAt)].sort().reverse());
    const kistams = (await request(t.http).get('/api/v1/tasks').query({ filter: 'kind:kistam', limit: 100 }).set(auth(t.adminToken))).body as TaskDto[];
    expect(kistams.length).toBeGreaterThan(0);
    expect(kistams.every((task) => task.kind === 'kistam')).toBe(true);
    const rejected = (await request(t.http).get('/api/v1/tasks').query({ filter: 'state:rejected' }).set(auth(t.adminToken))).body as TaskDto[];
    expect(rejected.map((task) => task.state)).toEqual(['rejected']);
  });

  it('keeps a task’s files until the next task of its kind completes', async () => {
    const first = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'complete', n: 1 }), ended);
    const url = (task: TaskDto): string => `/api/v1/tasks/${task.id}/files/${task.files[0]!.fileId}`;
    expect((await request(t.http).get(url(first)).set(auth(t.adminToken))).status).toBe(200);
    // A rejection replaces nothing.
    await until(t.http, t.adminToken, await enqueue('fsak', { script: 'reject' }), ended);
    expect((await request(t.http).get(url(first)).set(auth(t.adminToken))).status).toBe(200);
    const second = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'complete', n: 2 }), ended);
    const gone = await request(t.http).get(url(first)).set(auth(t.adminToken));
    expect(gone.status).toBe(404);
    expect((gone.body as { errors: unknown[] }).errors).toEqual([{ field: null, template: 'taskFileNotFound', parameters: { 0: 'Task file' } }]);
    expect((await request(t.http).get(url(second)).set(auth(t.adminToken))).status).toBe(200);
  });

  it('a cooperative never sees another’s tasks or files', async () => {
    const mine = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'complete' }), ended);
    const theirs = await request(t.http).get('/api/v1/tasks').set(auth(otherAdmin));
    expect(theirs.status).toBe(204);
    const one = await getTask(t.http, otherAdmin, mine.id);
    expect(one.status).toBe(404);
    expect((one.body as { errors: unknown[] }).errors).toEqual([{ field: null, template: 'taskNotFound', parameters: { 0: 'Task' } }]);
    expect((await request(t.http).get(`/api/v1/tasks/${mine.id}/files/${mine.files[0]!.fileId}`).set(auth(otherAdmin))).status).toBe(404);
    expect((await getTask(t.http, t.adminToken, 'no-such-task')).status).toBe(404);
  });
});

describe('tasks: a restart while tasks run', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-tasks-restart-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, JWT_SECRET, ADMIN_UI_DIR: join(dataDir, 'no-console') });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('resumes a resumable task (attempt 2, completed once) and fails one that is not (interrupted)', async () => {
    const first = await createApp(config, AREAS, { logger: false, runtime: RUNTIME });
    const cooperativeId = first.firstStart!.cooperativeId;
    const hanging = [new ScriptedHandler('fsak', true), new ScriptedHandler('kistam', false)];
    useHandlers(first, hanging);
    const firstQueue = first.app.get<TaskQueue>(TASK_QUEUE);
    const resumable = await firstQueue.enqueue({ cooperativeId, user: 'admin', kind: 'fsak', params: { script: 'hang' } });
    const interrupted = await firstQueue.enqueue({ cooperativeId, user: 'admin', kind: 'kistam', params: { script: 'hang' } });
    const http1 = first.app.getHttpServer() as App;
    const token1 = await login(http1, 'admin', ADMIN_PASSWORD);
    await until(http1, token1, resumable, (task) => task.state === 'running' && task.total > 0);
    await until(http1, token1, interrupted, (task) => task.state === 'running');
    // Stopped mid-task: the handlers never end; nothing is written for them.
    await first.close();

    const second = await createApp(config, AREAS, { logger: false, runtime: RUNTIME });
    try {
      const handlers = [new ScriptedHandler('fsak', true), new ScriptedHandler('kistam', false)];
      const [fsak, kistam] = handlers;
      // The resumed run of the fsak task completes: its script is replaced by the second process's handler.
      fsak!.run = async (task) => {
        fsak!.runs.push(task);
        return { outcome: 'completed', files: [], summary: { attempt: task.attempt }, effects: [], notifications: [] };
      };
      useHandlers(second, handlers);
      await second.app.get(TaskRunner).poll();
      const http2 = second.app.getHttpServer() as App;
      const token2 = await login(http2, 'admin', ADMIN_PASSWORD);
      const resumed = await until(http2, token2, resumable, ended);
      expect(resumed).toMatchObject({ state: 'completed', attempt: 2, summary: { attempt: 2 } });
      expect(fsak!.runs.map((r) => r.attempt)).toEqual([2]);
      const failed = await until(http2, token2, interrupted, ended);
      expect(failed).toMatchObject({ state: 'failed', error: 'taskInterrupted' });
      expect(kistam!.runs).toEqual([]);
      const types = (await second.storage.events.readStream(taskStream(resumable))).map((e) => e.type);
      expect(types.filter((type) => type === 'TaskCompleted')).toHaveLength(1);
      expect(types.filter((type) => type === 'TaskStarted')).toHaveLength(2);
      const events = await second.storage.events.readStream(taskStream(interrupted));
      expect(events[events.length - 1]).toMatchObject({ type: 'TaskFailed', data: { interrupted: true, error: 'taskInterrupted' } });
      expect(headlines(await notificationsOf(second, interrupted))).toEqual([
        ['kistamStarted', []],
        ['taskFailed', ['kistam', 'taskInterrupted']],
      ]);
      // Both lanes are free again.
      const again = await second.app.get<TaskQueue>(TASK_QUEUE).enqueue({ cooperativeId, user: 'admin', kind: 'kistam', params: { script: 'complete' } });
      expect((await until(http2, token2, again, ended)).state).toBe('completed');
    } finally {
      await second.close();
    }
  }, 60_000);
});
