/**
 * The API tests run in the topology of `npm start`, not in the in-process one of the unit and int tests: projections in
 * their thread; list queries in a read thread where a file asks for it (`WITH_READ_THREAD`, decision 324), on the API's
 * thread otherwise.
 */
import request from 'supertest';
import { ThreadedProjectionRunner } from '../../services/src/platform/sqlite-runtime/threaded-runner.js';
import { ThreadedReadStore } from '../../services/src/platform/sqlite-runtime/threaded-read-store.js';
import { SwitchingReadStore } from '../../services/src/platform/switching-read-store.js';
import { auth, startApp, type TestApp, WITH_READ_THREAD } from './support/app.js';

describe('the API under test runs as npm start runs it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(WITH_READ_THREAD);
  });
  afterAll(async () => t.close());

  it('projects in the projection thread and answers list queries in read threads, from the compiled entries', async () => {
    expect(t.running.storage.runner).toBeInstanceOf(ThreadedProjectionRunner);
    // The readers follow a rebuild's switch of files (decision 172): the store of the current file reads in threads.
    expect(t.running.storage.readStore).toBeInstanceOf(SwitchingReadStore);
    expect((t.running.storage.readStore as unknown as { current: unknown }).current).toBeInstanceOf(ThreadedReadStore);
    // The member list is a view the read thread builds from the areas' module it imported.
    const res = await request(t.http).get('/api/v1/members').set(auth(t.adminToken));
    expect(res.status).toBe(204);
    expect(res.headers.totalitems).toBe('0');
  });
});
