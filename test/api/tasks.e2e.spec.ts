import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { taskStream, type TaskDto, type TaskKind } from '@coop/contracts';
import { ConflictingStateError } from '../../services/src/platform/commands/errors.js';
import { TASK_QUEUE, type TaskQueue } from '../../services/src/tasks/index.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import {
  bytes,
  ended,
  gate,
  getTask,
  headlines,
  notificationsOf,
  scripted,
  ScriptedHandler,
  until,
  useHandlers,
} from './support/tasks.js';

/*
 * Background tasks through the API (issue 24): the lifecycle with handlers the test registers for the product's kinds
 * (queued → completed with a file, rejected, failed by a throw, waiting for input → input → completed), progress while
 * running, two tasks of a kind at once, files replaced by the next task of their kind, and a cooperative never seeing
 * another's tasks or files. Restarts, the worker and two runners: tasks-runner.e2e.spec.ts.
 */

describe('tasks: the lifecycle', () => {
  let t: TestApp;
  let queue: TaskQueue;
  let restore: () => void;
  const fsak = new ScriptedHandler('fsak', true);
  const kistam = new ScriptedHandler('kistam', false);
  let restricted: string;
  let otherAdmin: string;

  const enqueue = (
    kind: TaskKind,
    params: Record<string, string | number>,
    cooperativeId = t.cooperativeId,
  ): Promise<string> => queue.enqueue(scripted({ cooperativeId, user: 'admin', kind, params }));

  beforeAll(async () => {
    t = await startApp();
    restore = useHandlers(t.running, [fsak, kistam]);
    queue = t.running.app.get<TaskQueue>(TASK_QUEUE);
    restricted = (await userWith(t.http, t.adminToken, 'tasks-restricted', ['ROLE_RESTRICTED_USER'])).token;
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'tasks-other-eg' }));
    otherAdmin = (
      await userWith(
        t.http,
        t.adminToken,
        'tasks-other-admin',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (coop.body as { id: string }).id,
      )
    ).token;
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
    expect(file).toMatchObject({
      name: 'result-1.txt',
      contentType: 'text/plain; charset=utf-8',
      size: `result of ${id}`.length,
    });
    const download = await request(t.http)
      .get(`/api/v1/tasks/${id}/files/${file!.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true);
    expect(download.status).toBe(200);
    // An FSA control report's files need what making one needs (`dividend:close`): not the restricted user's (issue 38).
    expect((await request(t.http).get(`/api/v1/tasks/${id}/files/${file!.fileId}`).set(auth(restricted))).status).toBe(
      403,
    );
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="result-1.txt"; filename*=UTF-8''result-1.txt`,
    );
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
    expect(rejected).toMatchObject({
      state: 'rejected',
      reason: { template: 'fsakCurrentYear', parameters: [] },
      files: [],
    });
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

  it('appends the effects with the end, stamped with the queuing user; an effect meeting a changed stream fails the task, writing none of it', async () => {
    const id = await enqueue('fsak', { script: 'effect' });
    const done = await until(t.http, t.adminToken, id, ended);
    expect(done.state).toBe('completed');
    const effects = await t.running.storage.events.readStream(`tasktest-${id}`);
    expect(effects).toMatchObject([
      {
        type: 'TaskTestEffect',
        data: { taskId: id },
        metadata: { user: 'admin', cooperativeId: t.cooperativeId, correlationId: id },
      },
    ]);
    expect((await t.running.storage.events.readStream(taskStream(id))).map((e) => e.type)).toEqual([
      'TaskQueued',
      'TaskStarted',
      'TaskCompleted',
    ]);
    expect(headlines(await notificationsOf(t.running, id))).toEqual([
      ['taskStarted', ['fsak']],
      ['taskCompleted', ['fsak']],
      ['taskCompleted', ['effect']],
    ]);

    const bad = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'bad-effect' }), ended);
    expect(bad).toMatchObject({ state: 'failed', files: [] });
    expect(bad.error).toMatch(/tasktest-/);
    // One append or none: neither the effect nor the completion was written, the failure instead.
    expect(await t.running.storage.events.readStream(`tasktest-${bad.id}`)).toEqual([]);
    expect((await t.running.storage.events.readStream(taskStream(bad.id))).map((e) => e.type)).toEqual([
      'TaskQueued',
      'TaskStarted',
      'TaskFailed',
    ]);
    expect(headlines(await notificationsOf(t.running, bad.id)).map(([message]) => message)).toEqual([
      'taskStarted',
      'taskFailed',
    ]);
  });

  it('fails a task whose files cannot be stored, freeing its lane', async () => {
    const folder = join(t.dataDir, 'files');
    renameSync(folder, `${folder}-away`);
    writeFileSync(folder, 'not a folder');
    try {
      const failed = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'complete' }), ended);
      expect(failed).toMatchObject({ state: 'failed', files: [] });
      expect(headlines(await notificationsOf(t.running, failed.id)).map(([message]) => message)).toEqual([
        'taskStarted',
        'taskFailed',
      ]);
    } finally {
      rmSync(folder);
      renameSync(`${folder}-away`, folder);
    }
    expect((await until(t.http, t.adminToken, await enqueue('fsak', { script: 'complete' }), ended)).state).toBe(
      'completed',
    );
  });

  it('waits for input, takes the input file, completes; a KiStAM file needs church:read', async () => {
    const id = await enqueue('kistam', { script: 'input' });
    const waiting = await until(t.http, t.adminToken, id, ended);
    expect(waiting).toMatchObject({ state: 'waiting', summary: { members: 2 } });
    expect(waiting.files.map((f) => f.name)).toEqual(['request.csv']);
    expect(headlines(await notificationsOf(t.running, id))).toEqual([['kistamStarted', []]]);
    // The lane is free while it waits: refusing an input for a task not waiting, taking it for this one.
    await queue.provideInput({
      cooperativeId: t.cooperativeId,
      user: 'admin',
      taskId: id,
      file: { name: 'answer.csv', contentType: 'text/csv', bytes: bytes('answer') },
    });
    await expect(
      queue.provideInput({
        cooperativeId: t.cooperativeId,
        user: 'admin',
        taskId: id,
        file: { name: 'again.csv', contentType: 'text/csv', bytes: bytes('x') },
      }),
    ).rejects.toMatchObject({ errors: [{ template: 'taskNotAwaitingInput' }] });
    const done = await until(t.http, t.adminToken, id, (task) => task.state === 'completed');
    expect(done.files.map((f) => f.name)).toEqual(['request.csv', 'answer.csv', 'answer-read.txt']);
    const result = done.files[2]!;
    const admin = await request(t.http)
      .get(`/api/v1/tasks/${id}/files/${result.fileId}`)
      .set(auth(t.adminToken))
      .buffer(true);
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
    const gone = await request(t.http)
      .get(`/api/v1/tasks/${first}/files/${waiting.files[0]!.fileId}`)
      .set(auth(t.adminToken));
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
    expect((lost[0]!.reason as ConflictingStateError).errors).toEqual([
      { field: null, template: 'taskAlreadyRunning', parameters: { 0: 'fsak', 1: queuedAt } },
    ]);

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

  it('answers two starts of KiStAM at once over HTTP with one 201 and one 409 naming the running task', async () => {
    await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'km', elmaNumber: '40012345678' })
      .expect(201);
    kistam.gate = gate();
    const start = () => request(t.http).post('/api/v1/tasks/kistam').set(auth(t.adminToken));
    const [a, b] = await Promise.all([start(), start()]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const won = (a.status === 201 ? a : b).body as TaskDto;
    const lost = (a.status === 409 ? a : b).body as { errors: unknown[] };
    expect(won).toMatchObject({ kind: 'kistam', queuedBy: 'admin' });
    expect(lost.errors).toEqual([
      { field: null, template: 'taskAlreadyRunning', parameters: { 0: 'kistam', 1: won.queuedAt } },
    ]);
    kistam.gate.open();
    expect((await until(t.http, t.adminToken, won.id, ended)).state).toBe('completed');
  });

  it('lists newest first, filtered by kind and state', async () => {
    const all = await request(t.http).get('/api/v1/tasks').query({ limit: 100 }).set(auth(t.adminToken));
    const tasks = all.body as TaskDto[];
    expect(Number(all.headers.totalitems)).toBe(tasks.length);
    expect(tasks.map((task) => task.queuedAt)).toEqual([...tasks.map((task) => task.queuedAt)].sort().reverse());
    const kistams = (
      await request(t.http).get('/api/v1/tasks').query({ filter: 'kind:kistam', limit: 100 }).set(auth(t.adminToken))
    ).body as TaskDto[];
    expect(kistams.length).toBeGreaterThan(0);
    expect(kistams.every((task) => task.kind === 'kistam')).toBe(true);
    const rejected = (
      await request(t.http).get('/api/v1/tasks').query({ filter: 'state:rejected' }).set(auth(t.adminToken))
    ).body as TaskDto[];
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
    expect((gone.body as { errors: unknown[] }).errors).toEqual([
      { field: null, template: 'taskFileNotFound', parameters: { 0: 'Task file' } },
    ]);
    expect((await request(t.http).get(url(second)).set(auth(t.adminToken))).status).toBe(200);
  });

  it('a cooperative never sees another’s tasks or files', async () => {
    const mine = await until(t.http, t.adminToken, await enqueue('fsak', { script: 'complete' }), ended);
    const theirs = await request(t.http).get('/api/v1/tasks').set(auth(otherAdmin));
    expect(theirs.status).toBe(204);
    const one = await getTask(t.http, otherAdmin, mine.id);
    expect(one.status).toBe(404);
    expect((one.body as { errors: unknown[] }).errors).toEqual([
      { field: null, template: 'taskNotFound', parameters: { 0: 'Task' } },
    ]);
    expect(
      (await request(t.http).get(`/api/v1/tasks/${mine.id}/files/${mine.files[0]!.fileId}`).set(auth(otherAdmin)))
        .status,
    ).toBe(404);
    expect((await getTask(t.http, t.adminToken, 'no-such-task')).status).toBe(404);
  });
});
