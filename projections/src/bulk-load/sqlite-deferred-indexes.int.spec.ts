import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CollectionSpec, EventStore, ReadDocument, RecordedEvent } from '@coop/contracts';
import { USERS, usersProjector } from '../projectors/users.projector.js';
import { CHECKPOINT, ProjectionRunner } from '../runner/projection-runner.js';
import { SqliteReadStore } from '../read-store/sqlite-read-store.js';
import { bulkLoadOf } from './bulk-load.port.js';

/**
 * A rebuild's bulk load on SQLite (issue 41): the field indexes are set aside while the rebuild writes and made again,
 * with their statistics, at its end; the indexes the rebuild itself reads stay.
 */
const spec: CollectionSpec = {
  name: 'people',
  fields: { name: 'string', city: 'string', size: 'number' },
  search: ['name'],
  textOrder: 'name',
};
const dir = mkdtempSync(join(tmpdir(), 'coop-bulk-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const person = (i: number): ReadDocument => ({
  id: `p${String(i).padStart(5, '0')}`,
  cooperativeId: 'c1',
  position: String(i),
  name: `Name ${i % 313}`,
  city: `City ${i % 7}`,
  size: i % 11,
});

/** The indexes of the collection's table (by another connection) and whether the planner has statistics for each. */
function indexes(file: string): { name: string; analysed: boolean }[] {
  const db = new Database(file, { readonly: true });
  try {
    const names = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_people' AND sql IS NOT NULL ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const stat = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()
      ? new Set(db.prepare("SELECT idx FROM sqlite_stat1 WHERE tbl = 'rm_people'").pluck().all() as string[])
      : new Set<string>();
    return names.map((name) => ({ name, analysed: stat.has(name) }));
  } finally {
    db.close();
  }
}

/** The planner statistics' rows of the collection's table (by another connection). */
function statRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) return 0;
    return db.prepare("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'rm_people'").pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Writes the people numbered `from` up to `to` (excluded) in one batch, checkpoint `to`. */
function putPeople(store: SqliteReadStore, from: number, to: number): Promise<void> {
  return store.applyBatch(
    Array.from({ length: to - from }, (_, i) => ({
      kind: 'put' as const,
      collection: 'people',
      doc: person(from + i),
    })),
    { name: 'read-models', position: BigInt(to) },
  );
}

describe('SqliteDeferredIndexes', () => {
  it('drops the field indexes for the writes of a rebuild and makes them again, analysed, at its end', async () => {
    const file = join(dir, 'people.sqlite');
    const store = new SqliteReadStore(file);
    await store.ensureCollections([spec]);
    const made = indexes(file).map((ix) => ix.name);
    expect(made).toEqual(['ix_people_city', 'ix_people_coop', 'ix_people_name', 'ix_people_size', 'ix_people_sk']);

    const bulk = bulkLoadOf(store)!;
    expect(bulk).toBeDefined();
    await store.reset(['people'], 'read-models');
    await bulk.begin(['people']);
    // Kept: the cooperative's index, and the text order's field and keys, which placing a document reads.
    expect(indexes(file).map((ix) => ix.name)).toEqual(['ix_people_coop', 'ix_people_name', 'ix_people_sk']);
    const docs = Array.from({ length: 3000 }, (_, i) => person(i));
    for (const at of [0, 1000, 2000]) await putPeople(store, at, at + 1000);
    // Not analysed while it grows (each ANALYZE reads the whole table inside the write lock), only at the end.
    expect(statRows(file)).toBe(0);
    await bulk.finish(['people']);

    expect(indexes(file)).toEqual(made.map((name) => ({ name, analysed: true })));
    // The lists answer as ever, through the indexes made again.
    const page = await store.find('people', {
      cooperativeId: 'c1',
      filters: [{ field: 'city', op: 'eq', value: 'City 3' }],
      sort: [{ field: 'size', direction: 'asc' }],
      limit: 5,
    });
    expect(page.total).toBe(docs.filter((d) => d.city === 'City 3').length);
    expect(page.items.map((d) => d.size)).toEqual([0, 0, 0, 0, 0]);
    const plans = await store.explain('people', {
      cooperativeId: 'c1',
      filters: [{ field: 'city', op: 'eq', value: 'City 3' }],
      sort: [{ field: 'size', direction: 'asc' }],
      limit: 5,
    });
    expect(plans.flatMap((p) => p.plan).join('\n')).toMatch(/ix_people_(city|size)/);
    await store.close();
  });

  it('keeps the statistics up again as the collection grows when its end failed', async () => {
    const file = join(dir, 'failed.sqlite');
    const store = new SqliteReadStore(file);
    await store.ensureCollections([spec]);
    await store.reset(['people'], 'read-models');
    const bulk = bulkLoadOf(store)!;
    await bulk.begin(['people']);
    await putPeople(store, 0, 1000);
    // A table in the way of one of the indexes: they cannot be made.
    const other = new Database(file);
    other.exec('CREATE TABLE ix_people_city (x)');
    // Its message, not `rejects.toThrow`: the native module's error class is of the realm of the first test file that
    // loaded it, which jest then does not take for an Error (it answered "did not throw" after another file had run).
    const failure: unknown = await bulk.finish(['people']).then(
      () => 'finished',
      (error: unknown) => error,
    );
    expect(String((failure as { message?: unknown }).message)).toMatch(/already a table named ix_people_city/);
    other.exec('DROP TABLE ix_people_city');
    other.close();
    expect(statRows(file)).toBe(0);
    // Three times the documents: analysed as the live path analyses a growing collection.
    await putPeople(store, 1000, 3000);
    expect(statRows(file)).toBeGreaterThan(0);
    await store.close();
  });

  it('is made good by the next ensureCollections when a rebuild stopped before its end', async () => {
    const file = join(dir, 'stopped.sqlite');
    const store = new SqliteReadStore(file);
    await store.ensureCollections([spec]);
    await store.reset(['people'], 'read-models');
    await bulkLoadOf(store)!.begin(['people']);
    await store.close();
    const reopened = new SqliteReadStore(file);
    await reopened.ensureCollections([spec]);
    expect(indexes(file).map((ix) => ix.name)).toEqual([
      'ix_people_city',
      'ix_people_coop',
      'ix_people_name',
      'ix_people_size',
      'ix_people_sk',
    ]);
    await reopened.close();
  });

  it('is what ProjectionRunner.rebuild() writes through: set aside after the reset, made again before the checkpoint is kept', async () => {
    const file = join(dir, 'runner.sqlite');
    const store = new SqliteReadStore(file);
    const log: RecordedEvent[] = Array.from(
      { length: 1200 },
      (_, i) =>
        ({
          type: 'UserCreated',
          streamId: `user-u${i}`,
          revision: 0,
          position: BigInt(i),
          metadata: {
            cooperativeId: 'c1',
            user: 'admin',
            timestamp: '2026-11-28T10:00:00.000Z',
            correlationId: 'x',
            causationId: 'x',
            schemaVersion: 1,
          },
          data: {
            userId: `u${i}`,
            cooperativeId: 'c1',
            username: `user.${i}`,
            passwordHash: '$argon2id$x',
            roles: ['ROLE_USER'],
          },
        }) as RecordedEvent,
    );
    const events = {
      readAll: async (after: bigint, limit: number) => log.filter((e) => e.position > after).slice(0, limit),
      headPosition: async () => BigInt(log.length - 1),
    } as unknown as EventStore;
    const steps: string[] = [];
    const bulk = bulkLoadOf(store)!;
    const { begin, finish } = { begin: bulk.begin.bind(bulk), finish: bulk.finish.bind(bulk) };
    const reset = store.reset.bind(store);
    const applyBatch = store.applyBatch.bind(store);
    Object.assign(bulk, {
      begin: async (c: readonly string[]) => (steps.push(`begin ${c.join(',')}`), begin(c)),
      finish: async (c: readonly string[]) => (steps.push(`finish ${c.join(',')}`), finish(c)),
    });
    Object.assign(store, {
      reset: async (c: readonly string[], name: string) => (steps.push('reset'), reset(c, name)),
      applyBatch: async (
        ops: Parameters<SqliteReadStore['applyBatch']>[0],
        checkpoint: Parameters<SqliteReadStore['applyBatch']>[1],
      ) => (steps.push(`write ${checkpoint.name}`), applyBatch(ops, checkpoint)),
    });
    const runner = new ProjectionRunner(events, store, [usersProjector]);
    expect(await runner.rebuild()).toEqual({ events: 1200 });
    const collections = usersProjector.collections.map((c) => c.name).join(',');
    expect(steps.slice(0, 3)).toEqual(['reset', `begin ${collections}`, `write ${CHECKPOINT}`]);
    // After the last write: the indexes made again, then the format and each collection's projector version (decision 170).
    const versions = usersProjector.collections.map((c) => `write read-model-version:${c.name}`);
    expect(steps.slice(steps.indexOf(`finish ${collections}`))).toEqual([
      `finish ${collections}`,
      'write read-models-key-format',
      ...versions,
    ]);
    expect((await store.find(USERS.name, { cooperativeId: 'c1', limit: 1 })).total).toBe(1200);
    await store.close();
    expect(indexes(file).length).toBe(0); // another table: rm_people is not in this file
    const db = new Database(file, { readonly: true });
    const made = db
      .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .pluck()
      .get(`rm_${USERS.name}`);
    db.close();
    expect(made).toBe(Object.keys(USERS.fields).filter((f) => !USERS.arrays?.includes(f)).length + 2);
  });
});
