import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'supertest/types.js';
import { taskStream, type EventStore, type ReadStore } from '@coop/contracts';
import { createApp } from '../../services/src/create-app.js';
import { StreamWriter } from '../../services/src/platform/commands/stream-writer.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import { FILE_STORE } from '../../services/src/platform/file-store/open-file-store.js';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../../services/src/platform/tokens.js';
import { startWorker } from '../../services/src/start-worker.js';
import { TaskWakeUp } from '../../services/src/tasks/commands/task-context.js';
import { TaskHandlerRegistry, TaskRunner, TASK_QUEUE, type TaskQueue } from '../../services/src/tasks/index.js';
import { TASK_ATTEMPTS_MAX } from '../../services/src/tasks/runner/task-runner.js';
import { ADMIN_PASSWORD, AREAS, JWT_SECRET, login, RUNTIME, startApp } from './support/app.js';
import { ended, headlines, notificationsOf, scripted, ScriptedHandler, until, useHandlers } from './support/tasks.js';

/*
 * The task runner across processes (issue 24): a restart while tasks run (resumed or failed, never lost or run twice),
 * the tasks left to the worker (`TASKS_RUN_IN=worker`), and a second runner losing its claim on the revision.
 */

/** The configuration of a product started and stopped again on one data directory, removed after the suite. */
function restartedConfig(prefix: string): ReturnType<typeof loadConfig> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET,
    ADMIN_UI_DIR: join(dataDir, 'no-console'),
    READ_THREADS: '0',
  });
}

/**
 * The product restarted on `config` with `handlers` standing in for their kinds before its runner looks for tasks: the
 * runner is started after them (`TaskRunner.start`, as the API's bootstrap starts it), so the first look cannot claim a
 * task for the real handler (with the lists on the API's thread it could, decision 324).
 */
async function restarted(config: ReturnType<typeof loadConfig>, handlers: readonly ScriptedHandler[]) {
  const running = await createApp({ ...config, tasksRunIn: 'worker' }, AREAS, { logger: false, runtime: RUNTIME });
  useHandlers(running, handlers);
  running.app.get(TaskRunner).start();
  return running;
}

describe('tasks: a restart while tasks run', () => {
  const config = restartedConfig('coop-ledger-tasks-restart-');

  it('resumes a resumable task (attempt 2, completed once) and fails one that is not (interrupted)', async () => {
    const first = await createApp(config, AREAS, { logger: false, runtime: RUNTIME });
    const cooperativeId = first.firstStart!.cooperativeId;
    const hanging = [new ScriptedHandler('fsak', true), new ScriptedHandler('kistam', false)];
    useHandlers(first, hanging);
    const firstQueue = first.app.get<TaskQueue>(TASK_QUEUE);
    const resumable = await firstQueue.enqueue(
      scripted({ cooperativeId, user: 'admin', kind: 'fsak', params: { script: 'hang' } }),
    );
    const interrupted = await firstQueue.enqueue(
      scripted({ cooperativeId, user: 'admin', kind: 'kistam', params: { script: 'hang' } }),
    );
    const http1 = first.app.getHttpServer() as App;
    const token1 = await login(http1, 'admin', ADMIN_PASSWORD);
    await until(http1, token1, resumable, (task) => task.state === 'running' && task.total > 0);
    await until(http1, token1, interrupted, (task) => task.state === 'running');
    // Stopped mid-task: the handlers never end; nothing is written for them.
    await first.close();

    const handlers = [new ScriptedHandler('fsak', true), new ScriptedHandler('kistam', false)];
    const [fsak, kistam] = handlers;
    // The resumed run of the fsak task completes: its script is replaced by the second process's handler.
    fsak!.run = async (task) => {
      fsak!.runs.push(task);
      return { outcome: 'completed', files: [], summary: { attempt: task.attempt }, effects: [], notifications: [] };
    };
    const second = await restarted(config, handlers);
    try {
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
      expect(events[events.length - 1]).toMatchObject({
        type: 'TaskFailed',
        data: { interrupted: true, error: 'taskInterrupted' },
      });
      expect(headlines(await notificationsOf(second, interrupted))).toEqual([
        ['kistamStarted', []],
        ['taskFailed', ['kistam', 'taskInterrupted']],
      ]);
      // Both lanes are free again.
      const again = await second.app
        .get<TaskQueue>(TASK_QUEUE)
        .enqueue(scripted({ cooperativeId, user: 'admin', kind: 'kistam', params: { script: 'complete' } }));
      expect((await until(http2, token2, again, ended)).state).toBe('completed');
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('tasks: a resumable task interrupted as often as a task may be', () => {
  const config = restartedConfig('coop-ledger-tasks-attempts-');

  it(`is failed (interrupted) at the start after ${TASK_ATTEMPTS_MAX} runs, not run again at every start`, async () => {
    // A run that ends the process (a review, stop 63: a KiStAM answer filling the heap) was resumed at every start.
    let taskId = '';
    for (let attempt = 1; attempt <= TASK_ATTEMPTS_MAX; attempt++) {
      const running = await restarted(config, [new ScriptedHandler('fsak', true)]);
      if (attempt === 1)
        taskId = await running.app.get<TaskQueue>(TASK_QUEUE).enqueue(
          scripted({
            cooperativeId: running.firstStart!.cooperativeId,
            user: 'admin',
            kind: 'fsak',
            params: { script: 'hang' },
          }),
        );
      const http = running.app.getHttpServer() as App;
      const token = await login(http, 'admin', ADMIN_PASSWORD);
      await until(http, token, taskId, (task) => task.state === 'running' && task.attempt === attempt);
      await running.close(); // interrupted mid-run: nothing is written for it
    }
    const handler = new ScriptedHandler('fsak', true);
    const last = await restarted(config, [handler]);
    try {
      const http = last.app.getHttpServer() as App;
      const failed = await until(http, await login(http, 'admin', ADMIN_PASSWORD), taskId, ended);
      expect(failed).toMatchObject({ state: 'failed', error: 'taskInterrupted', attempt: TASK_ATTEMPTS_MAX });
      expect(handler.runs).toEqual([]);
    } finally {
      await last.close();
    }
  }, 120_000);
});

describe('tasks: left to the worker (TASKS_RUN_IN=worker)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-tasks-worker-'));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET,
    ADMIN_UI_DIR: join(dataDir, 'no-console'),
    TASKS_RUN_IN: 'worker',
    READ_THREADS: '0',
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the API only queues; the worker (which leaves the projections to the API) runs the task', async () => {
    const api = await createApp(loadConfig(env), AREAS, { logger: false, runtime: RUNTIME });
    const worker = await startWorker(loadConfig(env), AREAS, { logger: false, runtime: RUNTIME });
    try {
      expect(worker.projects).toBe(false);
      expect(api.app.get(TaskRunner).running).toBe(false);
      const inApi = new ScriptedHandler('fsak', true);
      const inWorker = new ScriptedHandler('fsak', true);
      useHandlers(api, [inApi]);
      useHandlers({ app: worker.tasks! }, [inWorker]);
      const id = await api.app.get<TaskQueue>(TASK_QUEUE).enqueue(
        scripted({
          cooperativeId: api.firstStart!.cooperativeId,
          user: 'admin',
          kind: 'fsak',
          params: { script: 'complete' },
        }),
      );
      const http = api.app.getHttpServer() as App;
      const done = await until(http, await login(http, 'admin', ADMIN_PASSWORD), id, ended);
      expect(done.state).toBe('completed');
      expect(inApi.runs).toEqual([]);
      expect(inWorker.runs.map((r) => r.taskId)).toEqual([id]);
    } finally {
      await worker.close();
      await api.close();
    }
  }, 60_000);
});

describe('tasks: two runners', () => {
  it("claim a task once: a runner that read it queued loses on the task stream's revision and runs nothing", async () => {
    const t = await startApp();
    try {
      const app = t.running.app;
      const own = app.get(TaskRunner);
      own.stop();
      const handler = new ScriptedHandler('fsak', true);
      useHandlers(t.running, [handler]);
      const id = await app
        .get<TaskQueue>(TASK_QUEUE)
        .enqueue(
          scripted({ cooperativeId: t.cooperativeId, user: 'admin', kind: 'fsak', params: { script: 'complete' } }),
        );
      const events = app.get<EventStore>(EVENT_STORE);
      const readStore = app.get<ReadStore>(READ_STORE);
      // What the late runner read before the first one claimed the task: its stream and its document, queued.
      const staleStream = await events.readStream(taskStream(id));
      const stalePage = await readStore.find('tasks', {
        cooperativeId: null,
        filters: [{ field: 'state', op: 'in', values: ['queued', 'running'] }],
      });
      expect(stalePage.items.map((d) => d.id)).toEqual([id]);
      const runner = (eventStore: EventStore, store: ReadStore): TaskRunner =>
        new TaskRunner(
          app.get(StreamWriter),
          eventStore,
          store,
          app.get(FILE_STORE),
          app.get(APP_CONFIG),
          app.get(TaskHandlerRegistry),
          new TaskWakeUp(),
        );

      const first = runner(events, readStore);
      first.start();
      expect((await until(t.http, t.adminToken, id, ended)).state).toBe('completed');
      first.stop();
      const late = runner(
        Object.assign(Object.create(events) as EventStore, {
          readStream: async (s: string) => (s === taskStream(id) ? staleStream : events.readStream(s)),
        }),
        Object.assign(Object.create(readStore) as ReadStore, { find: async () => stalePage }),
      );
      late.start();
      await late.poll();
      await late.idle();
      late.stop();
      expect(handler.runs.map((r) => r.taskId)).toEqual([id]);
      const types = (await events.readStream(taskStream(id))).map((e) => e.type);
      expect(types).toEqual(['TaskQueued', 'TaskStarted', 'TaskCompleted']);
    } finally {
      await t.close();
    }
  }, 60_000);
});
