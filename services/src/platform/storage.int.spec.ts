/**
 * openStorage puts the SQLite runtime together: in-process where the services run from their sources (unit and int
 * tests), with the threads of `npm start` where it is given the compiled runtime (the API tests), and not at all from a
 * folder without it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ProjectionRunner } from '@coop/projections';
import { areas } from '../areas.js';
import { loadConfig, type AppConfig } from './config/config.js';
import { ThreadedProjectionRunner } from './sqlite-runtime/threaded-runner.js';
import { ThreadedReadStore } from './sqlite-runtime/threaded-read-store.js';
import { SwitchingReadStore } from './switching-read-store.js';
import { openStorage, type Storage } from './storage.js';

const RUNTIME = new URL('../../dist/platform/sqlite-runtime/', import.meta.url);
/** The product's areas, their module compiled as the threads import it. */
const AREAS = { ...areas, module: new URL('../../dist/areas.js', import.meta.url).href };
const built = existsSync(new URL('projection-thread.js', RUNTIME));
if (!built)
  console.warn(
    `SKIPPED: the threaded half of the openStorage suite needs the built runtime ${RUNTIME.pathname} (npm run build)`,
  );

let dir: string;
let config: AppConfig;
let storage: Storage | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-storage-'));
  config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  });
});

afterEach(async () => {
  await storage?.close();
  storage = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('openStorage', () => {
  it('runs the projections in the process and reads on its own connection where the services run from their sources', async () => {
    storage = await openStorage(config, areas);
    expect(storage.runner).not.toBeInstanceOf(ThreadedProjectionRunner);
    expect(storage.runner).toBeInstanceOf(ProjectionRunner);
    expect(storage.readStore).not.toBeInstanceOf(ThreadedReadStore);
    expect(storage.runner.collections).toEqual(areas.collections.map((c) => c.name));
  });

  it('refuses a runtime folder that holds no compiled entries', async () => {
    const nowhere = new URL('file:///nowhere/sqlite-runtime/');
    await expect(openStorage(config, areas, { runtime: nowhere })).rejects.toThrow(
      'No compiled SQLite runtime in file:///nowhere/sqlite-runtime/',
    );
  });

  (built ? it : it.skip)(
    'runs the threads of npm start from the compiled runtime, with the areas the threads import',
    async () => {
      storage = await openStorage(config, AREAS, { runtime: RUNTIME });
      expect(storage.runner).toBeInstanceOf(ThreadedProjectionRunner);
      // The readers follow a rebuild's switch of files (decision 172): the store of the current file reads in threads.
      expect(storage.readStore).toBeInstanceOf(SwitchingReadStore);
      const threaded = (storage.readStore as unknown as { current: ThreadedReadStore }).current;
      expect(threaded).toBeInstanceOf(ThreadedReadStore);
      await storage.runner.start();
      // A list view only an area registers, built by a read thread from the areas' module it imported.
      const page = await threaded.findView(
        'members',
        { cooperativeId: 'c-1' },
        { name: 'member', args: { today: '2026-11-25' } },
      );
      expect(page).toEqual({ json: '[]', count: 0, total: 0 });
      await expect(
        threaded.findView('members', { cooperativeId: 'c-1' }, { name: 'nobody', args: {} }),
      ).rejects.toThrow('Unknown read view nobody');
    },
  );

  (built ? it : it.skip)(
    'opens no read threads where READ_THREADS=0, nor for a process that answers no queries',
    async () => {
      storage = await openStorage({ ...config, readThreads: 0 }, AREAS, { runtime: RUNTIME });
      expect(storage.runner).toBeInstanceOf(ThreadedProjectionRunner);
      expect(storage.readStore).not.toBeInstanceOf(ThreadedReadStore);
      await storage.close();
      storage = await openStorage(config, AREAS, { runtime: RUNTIME, readThreads: false });
      expect(storage.readStore).not.toBeInstanceOf(ThreadedReadStore);
    },
  );
});
