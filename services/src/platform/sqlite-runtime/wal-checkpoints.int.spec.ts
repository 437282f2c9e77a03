/**
 * WalCheckpoints: a thread that copies a SQLite file's write-ahead log into the database, so the writer's commits
 * need not. Runs the compiled thread (services/dist/platform/sqlite-runtime/checkpoint-thread.js, made by `npm run build`,
 * which `npm test` runs first), against real files.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import type { ReadDocument } from '@coop/contracts';
import { SqliteReadStore } from '@coop/projections';
import { WalCheckpoints } from './wal-checkpoints.js';

const ENTRY = new URL('../../../dist/platform/sqlite-runtime/checkpoint-thread.js', import.meta.url);
const built = existsSync(ENTRY);
if (!built)
  console.warn(`SKIPPED: WalCheckpoints suite needs the built thread entry ${ENTRY.pathname} (npm run build)`);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-wal-checkpoints-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const size = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

/** Waits until `done()` holds, up to `ms`; answers whether it did. */
async function eventually(done: () => boolean, ms = 5000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(20)) if (done()) return true;
  return done();
}

/** A writer that never checkpoints itself, with about 2 MB of rows in its log (the database file stays small). */
function writerWithLog(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let batch = 0; batch < 20; batch++)
    db.transaction(() => {
      for (let i = 0; i < 100; i++) insert.run('x'.repeat(1000));
    })();
  return db;
}

(built ? describe : describe.skip)('WalCheckpoints (thread)', () => {
  it("copies the writer's log into the database while the writer keeps its connection and goes on writing", async () => {
    const file = join(dir, 'db.sqlite');
    const writer = writerWithLog(file);
    expect(size(file)).toBeLessThan(100_000);
    expect(size(`${file}-wal`)).toBeGreaterThan(2_000_000);

    const checkpoints = await WalCheckpoints.start(ENTRY, file, 10);
    try {
      expect(await eventually(() => size(file) > 2_000_000)).toBe(true);
      // The writer is not blocked: it appends, and what it appends is copied in turn.
      writer.prepare('INSERT INTO t (v) VALUES (?)').run('y'.repeat(1000));
      const reader = new Database(file, { readonly: true });
      expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2001 });
      reader.close();
    } finally {
      await checkpoints.close();
    }
    // The last copy on close: everything the log held is in the database file.
    const check = writer.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    expect(check[0]!.log).toBe(check[0]!.checkpointed);
    writer.close();
  });

  it('closes cleanly twice over and after its thread has ended', async () => {
    const file = join(dir, 'db.sqlite');
    const writer = writerWithLog(file);
    const checkpoints = await WalCheckpoints.start(ENTRY, file, 10);
    await checkpoints.close();
    await checkpoints.close();
    writer.close();
  });
});

describe('SqliteReadStore walAutocheckpointPages', () => {
  const docs = (n: number): ReadDocument[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `d-${i}`,
      cooperativeId: 'c-1',
      position: String(i),
      text: 'z'.repeat(2000),
    }));

  /** Writes about 1 MB of documents through the store; answers the database file's size afterwards (log not counted). */
  async function databaseSizeAfterWrites(walAutocheckpointPages: number): Promise<number> {
    const file = join(dir, `rm-${walAutocheckpointPages}.sqlite`);
    const store = new SqliteReadStore(file, { walAutocheckpointPages });
    await store.ensureCollections([{ name: 'notes', fields: {}, search: [] }]);
    const before = size(file);
    for (const [i, doc] of docs(500).entries()) {
      await store.applyBatch([{ kind: 'put', collection: 'notes', doc }], { name: 'test', position: BigInt(i) });
    }
    const grown = size(file) - before;
    await store.close();
    return grown;
  }

  it('leaves the log to another checkpointer up to the given number of pages, and checkpoints itself beyond it', async () => {
    expect(await databaseSizeAfterWrites(100_000)).toBeLessThan(100_000);
    expect(await databaseSizeAfterWrites(10)).toBeGreaterThan(500_000);
  });
});
