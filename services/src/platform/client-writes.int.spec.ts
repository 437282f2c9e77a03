/**
 * ClientWrites.keepUp (decision 42): a write answered before the read models include it waits only when they are more
 * than the allowed number of events behind it, against the real SQLite event log, read store and projection runner.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { NewEvent } from '@coop/contracts';
import { ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { USERS } from '@coop/projections/users';
import { areas } from '../areas.js';
import { ClientWrites } from './client-writes.js';
import { ReadModels } from './http/read-models.js';
import { loadConfig } from './config/config.js';
import { ReadModelProgress } from './read-model-progress.js';
import { StreamWriter } from './commands/stream-writer.js';
import { openEventLog, type EventLog } from './storage.js';

const WAIT_MS = 300;
const userCreated = (i: number): NewEvent =>
  ({
    type: 'UserCreated',
    data: { userId: `u${i}`, username: `user${i}`, passwordHash: 'h', roles: ['ROLE_USER'], cooperativeId: 'coop-1' },
    metadata: {
      cooperativeId: 'coop-1',
      user: 'admin',
      timestamp: '2026-11-25T08:00:00.000Z',
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  }) as NewEvent;

let dir: string;
let log: EventLog;
let readStore: SqliteReadStore;
let runner: ProjectionRunner;
let progress: ReadModelProgress;
let writes: ClientWrites;
/** The log position of the last of `count` users created. */
let last: bigint;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-client-writes-'));
  log = await openEventLog(
    loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      EVENT_STORE_URL: '',
      MONGODB_URL: '',
    }),
    areas,
  );
  readStore = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  await readStore.ensureCollections(areas.collections);
  runner = new ProjectionRunner(log.events, readStore, areas.projectors, () => undefined);
  progress = new ReadModelProgress(runner, readStore, WAIT_MS);
  writes = new ClientWrites(progress, 2n);
  for (let i = 0; i < 5; i++) last = (await log.events.append(`user-u${i}`, 'no_stream', [userCreated(i)])).position;
});

afterEach(async () => {
  await runner.stop();
  await log.close();
  await readStore.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether `promise` has settled within `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

describe('ClientWrites.keepUp', () => {
  it('waits while the read models are more events behind than allowed, and ends once they catch up', async () => {
    const waiting = writes.keepUp(last);
    expect(await settledWithin(waiting, 100)).toBe(false);
    await runner.start();
    await waiting;
    expect(runner.processedUpTo).toBeGreaterThanOrEqual(last);
  });

  it('does not wait when the read models are within the allowed distance, and waits one event beyond it', async () => {
    await runner.start();
    await runner.waitFor(last);
    await runner.stop();
    // The read models stop at `last`; two more events are then within the distance of two, a third is not.
    await log.events.append('user-u9', 'no_stream', [userCreated(9)]);
    const two = (await log.events.append('user-u10', 'no_stream', [userCreated(10)])).position;
    expect(await settledWithin(writes.keepUp(two), 20)).toBe(true);
    const three = (await log.events.append('user-u11', 'no_stream', [userCreated(11)])).position;
    expect(await settledWithin(writes.keepUp(three), 100)).toBe(false);
    expect(runner.processedUpTo).toBe(last);
  });

  it('holds the answer of a write answered from its events (StreamWriter) until the read models are within the distance', async () => {
    const writer = new StreamWriter(log.events, log.keys, progress, writes);
    const answer = writer.appendAnsweringFromEvents(
      [{ streamId: 'user-u20', expected: 'no_stream', events: [userCreated(20)] }],
      'clerk',
    );
    expect(await settledWithin(answer, 100)).toBe(false);
    await runner.start();
    const recorded = await answer;
    expect(recorded?.map((e) => e.type)).toEqual(['UserCreated']);
  });

  it('ends quietly, without an error, when the read models do not catch up within the wait', async () => {
    const started = Date.now();
    await expect(writes.keepUp(last)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
  });
});

describe("ReadModels.waitingFirst: the reads of a route declared @SettlesOwnReads() wait for the client's writes, other reads do not", () => {
  it("a read through them waits until the read models include the client's write; the plain read models and another client's do not wait", async () => {
    const reads = new ReadModels(readStore);
    writes.note('clerk', last);
    const own = reads.waitingFirst(() => writes.settle('clerk'));
    const colleague = reads.waitingFirst(() => writes.settle('colleague'));
    expect(
      await settledWithin(
        reads.get(USERS, 'coop-1', 'u0', 'User').catch(() => undefined),
        50,
      ),
    ).toBe(true);
    expect(await settledWithin(colleague.find(USERS, 'coop-1', 'username', 'user0'), 50)).toBe(true);
    const read = own.get(USERS, 'coop-1', 'u4', 'User');
    expect(await settledWithin(read, 100)).toBe(false);
    await runner.start();
    expect((await read).username).toBe('user4');
    // Once waited for, the client's next read does not wait again.
    expect(await settledWithin(own.find(USERS, 'coop-1', 'username', 'user4'), 50)).toBe(true);
  });
});
