/**
 * ThreadedProjectionRunner: the projections in a worker thread, against real SQLite files. The thread
 * runs compiled code (services/dist/platform/sqlite-runtime/projection-thread.js, made by `npm run build`,
 * which `npm test` runs first): jest's TypeScript transform does not reach into a worker thread.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { NewEvent, ReadStore } from '@coop/contracts';
import { CHECKPOINT, ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { areas } from '../../areas.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import { openEventLog, openReadStore, type EventLog } from '../storage.js';
import { ThreadedProjectionRunner } from './threaded-runner.js';

const ENTRY = new URL('../../../dist/platform/sqlite-runtime/projection-thread.js', import.meta.url);
/** The product's areas, their module compiled as the thread imports it. */
const AREAS = { ...areas, module: new URL('../../../dist/areas.js', import.meta.url).href };
const built = existsSync(ENTRY);
if (!built)
  console.warn(
    `SKIPPED: ThreadedProjectionRunner suite needs the built thread entry ${ENTRY.pathname} (npm run build)`,
  );

const at = '2024-05-01T10:00:00.000Z';
let n = 0;
const event = (type: string, data: Record<string, unknown>): NewEvent => {
  const id = `cmd-${++n}`;
  return {
    type,
    data,
    metadata: {
      cooperativeId: 'coop-1',
      user: 'admin',
      timestamp: at,
      correlationId: id,
      causationId: id,
      schemaVersion: 1,
    },
  } as NewEvent;
};

interface Fixture {
  readonly dir: string;
  readonly config: AppConfig;
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly runner: ThreadedProjectionRunner;
}

let fx: Fixture;

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'coop-threaded-runner-'));
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  });
  const log = await openEventLog(config, AREAS);
  const store = await openReadStore(config, AREAS);
  fx = { dir, config, log, store, runner: new ThreadedProjectionRunner(ENTRY, config, AREAS, log.events, store) };
});

afterEach(async () => {
  await fx.runner.stop();
  await fx.runner.close();
  await fx.log.close();
  await fx.store.close();
  rmSync(fx.dir, { recursive: true, force: true });
});

/** Registers a cooperative and users (usernames are personal data, sealed in the log); answers the last position. */
async function seed(): Promise<bigint> {
  await fx.log.events.append('cooperative-coop-1', 'no_stream', [
    event('CooperativeRegistered', { cooperativeId: 'coop-1', name: 'Bäckerei eG' }),
  ]);
  let last = -1n;
  for (const [i, name] of ['anna', 'bert', 'carla'].entries()) {
    const userId = `u-${i}`;
    last = (
      await fx.log.events.appendMulti([
        {
          streamId: `user-${userId}`,
          expected: 'no_stream',
          events: [
            event('UserCreated', {
              userId,
              cooperativeId: 'coop-1',
              username: name,
              passwordHash: `h-${name}`,
              roles: ['ROLE_USER'],
            }),
          ],
        },
        {
          streamId: `username-${name}`,
          expected: 'no_stream',
          events: [event('UsernameClaimed', { username: name, userId })],
        },
      ])
    ).position;
  }
  return last;
}

async function dump(store: ReadStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { checkpoint: await store.checkpoint(CHECKPOINT) };
  for (const c of fx.runner.collections)
    out[c] = (await store.find(c, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;
  return out;
}

(built ? describe : describe.skip)('ThreadedProjectionRunner (projections in a worker thread)', () => {
  it('a write is in the read models this thread reads as soon as waitFor resolves', async () => {
    await fx.runner.start();
    await fx.log.events.append('cooperative-coop-1', 'no_stream', [
      event('CooperativeRegistered', { cooperativeId: 'coop-1', name: 'Bäckerei eG' }),
    ]);
    for (const name of ['anna', 'bert', 'carla']) {
      const userId = `user-id-${name}`;
      const { position } = await fx.log.events.append(`user-${userId}`, 'no_stream', [
        event('UserCreated', {
          userId,
          cooperativeId: 'coop-1',
          username: name,
          passwordHash: `h-${name}`,
          roles: ['ROLE_USER'],
        }),
      ]);
      await fx.runner.waitFor(position, 20_000);
      expect(fx.runner.processedUpTo).toBeGreaterThanOrEqual(position);
      // Opened by the thread's own key-store connection: the read model holds the name in clear.
      expect(await fx.store.get('users', userId)).toMatchObject({ id: userId, username: name });
    }
  });

  it('leaves exactly the read models an in-process runner builds from the same log, also after a rebuild in the thread', async () => {
    await fx.runner.start();
    const last = await seed();
    await fx.runner.waitFor(last, 20_000);
    const live = await dump(fx.store);
    expect(live.checkpoint).toBe(last);

    const other = new SqliteReadStore(join(fx.dir, 'in-process.sqlite'));
    try {
      await new ProjectionRunner(fx.log.events, other, AREAS.projectors).rebuild();
      expect(await dump(other)).toEqual(live);
    } finally {
      await other.close();
    }

    expect(await fx.runner.rebuild()).toEqual({ events: (await fx.log.events.readAll(-1n, 1000)).length });
    expect(fx.runner.processedUpTo).toBe(last);
    expect(await dump(fx.store)).toEqual(live);
  });

  it('applying the same batch again through the thread changes nothing', async () => {
    await fx.runner.start();
    const last = await seed();
    await fx.runner.waitFor(last, 20_000);
    const before = await dump(fx.store);
    await fx.runner.apply(await fx.log.events.readAll(-1n, 1000));
    expect(await dump(fx.store)).toEqual(before);
  });

  it('a thread that dies while projecting is started again from the checkpoint; waiting writes still complete', async () => {
    await fx.runner.start();
    const first = await seed();
    await fx.runner.waitFor(first, 20_000);
    const thread = (fx.runner as unknown as { worker: Worker }).worker;
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    await thread.terminate();
    await exited;
    const { position } = await fx.log.events.append('user-late', 'no_stream', [
      event('UserCreated', {
        userId: 'late',
        cooperativeId: 'coop-1',
        username: 'late',
        passwordHash: 'h',
        roles: ['ROLE_USER'],
      }),
    ]);
    await fx.runner.waitFor(position, 20_000);
    expect(await fx.store.get('users', 'late')).toMatchObject({ username: 'late' });
  });

  it('a thread that cannot start rejects the caller instead of leaving it waiting', async () => {
    const broken = new ThreadedProjectionRunner(
      new URL('./no-such-thread.js', ENTRY),
      fx.config,
      AREAS,
      fx.log.events,
      fx.store,
    );
    await expect(broken.start()).rejects.toThrow(/Projection thread exited/);
  });

  it('closes when the thread exits before its answer to close is read (the answer waits in the inbox)', async () => {
    await fx.runner.start();
    await fx.runner.waitFor(await seed(), 20_000);
    // The thread's answers pass through a promise chain; here each is read 300 ms late, so the thread's exit is seen
    // before its answer to 'close' (a race seen once in a fresh-clone run: tasks-runner failed with "exited (code 0)").
    const runner = fx.runner as unknown as { receive: (message: unknown) => Promise<void> };
    const receive = runner.receive.bind(fx.runner);
    runner.receive = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await receive(message);
    };
    await fx.runner.stop();
    await expect(fx.runner.close()).resolves.toBeUndefined();
  });
});
