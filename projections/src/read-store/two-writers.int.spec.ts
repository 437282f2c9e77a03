/**
 * Two connections writing one read-store file (a rebuild's replay on two cores, decision 284): a batch takes the write
 * lock before its first read, so it waits for the other connection's write and then sees it. A batch begun as a
 * reader (BEGIN DEFERRED, before decision 284) read its documents first and failed at its first write with "database
 * is locked" at once: SQLite does not wait to turn a reader into the writer (its reads could be of an older state),
 * however long the connection may wait for a lock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { CollectionSpec, WriteOp } from '@coop/contracts';
import { SqliteReadStore } from './sqlite-read-store.js';

const PEOPLE: CollectionSpec = { name: 'people', fields: { name: 'string' }, search: ['name'] };
const COOP = '01a2b3c4-0000-7000-8000-00000000000a';
const put = (id: string, name: string, position: string): WriteOp => ({
  kind: 'put',
  collection: 'people',
  doc: { id, cooperativeId: COOP, position, name },
});
const SQLITE = createRequire(import.meta.url).resolve('better-sqlite3');
/** Another connection, in a thread: takes the write lock, tells, writes a checkpoint, holds the lock `ms`, commits. */
const HOLDER = `
const Database = require(${JSON.stringify(SQLITE)});
const { parentPort, workerData } = require('node:worker_threads');
const db = new Database(workerData.file);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO checkpoints (name, position) VALUES ('other', '7')").run();
parentPort.postMessage('locked');
const until = Date.now() + workerData.ms;
while (Date.now() < until);
db.exec('COMMIT');
db.close();
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-two-writers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('waits for the other connection’s write, then writes its batch over the documents as they are now', async () => {
  const file = join(dir, 'read-models.sqlite');
  const store = new SqliteReadStore(file, { busyTimeoutMs: 10_000 });
  try {
    await store.ensureCollections([PEOPLE]);
    await store.applyBatch([put('p1', 'Anna', '1')], { name: 'cp', position: 1n });
    const holder = new Worker(HOLDER, { eval: true, workerData: { file, ms: 400 } });
    const ended = once(holder, 'exit');
    await once(holder, 'message');
    // The batch reads p1 (its row before the write) and then updates it, while the other holds the lock.
    await store.applyBatch([put('p1', 'Anna Weber', '2'), put('p2', 'Bert', '2')], { name: 'cp', position: 2n });
    await ended;
    expect((await store.get('people', 'p1'))?.name).toBe('Anna Weber');
    expect((await store.get('people', 'p2'))?.name).toBe('Bert');
    expect(await store.checkpoint('cp')).toBe(2n);
    expect(await store.checkpoint('other')).toBe(7n);
  } finally {
    await store.close();
  }
});
