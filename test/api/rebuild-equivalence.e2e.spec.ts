/**
 * Issue 41: a rebuild folds many events per document and writes each document once per batch (projections/src/batching).
 * Its read models must equal, document for document, those the runner leaves when it applies the same realistic log
 * (the demo generator's) one event at a time, each event its own batch: every collection's documents, indexed columns
 * and search texts, the order of the order keys, the text index entries and the kept document counts. So must those
 * of a live runner catching up a backlog from the log's subscription in large batches (decision 274).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '@coop/contracts';
import { ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { areas } from '../../services/src/areas.js';
import { fillDemo } from '../../services/src/demo/demo.js';
import { startApp, type TestApp } from './support/app.js';

/** Everything a read store file holds that a read can see, in a form independent of rowids and order-key values. */
function dump(file: string): Record<string, unknown> {
  const db = new Database(file);
  try {
    const out: Record<string, unknown> = {};
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      const plain = columns.filter((c) => c !== 'sk');
      out[table] = db.prepare(`SELECT ${plain.join(', ')} FROM ${table} ORDER BY id`).all();
      if (columns.includes('sk')) {
        // Order keys are numbers chosen as documents arrive: only their order is what the lists read.
        out[`${table} in key order`] = db
          .prepare(`SELECT cooperative_id, id FROM ${table} ORDER BY cooperative_id, sk`)
          .all();
      }
    }
    // Every index there (a rebuild may set some aside while it writes: they must all be back).
    out.indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all();
    out.doc_counts = db
      .prepare(
        'SELECT collection, cooperative_id, docs FROM doc_counts WHERE docs > 0 ORDER BY collection, cooperative_id',
      )
      .all();
    // The text index: which document each entry stands for, and its trigrams (contentless tables: read through fts5vocab).
    const parts = db
      .prepare('SELECT collection, cooperative_id, part FROM text_parts ORDER BY collection, cooperative_id')
      .all() as {
      collection: string;
      cooperative_id: string;
      part: number;
    }[];
    for (const { collection, cooperative_id: coop, part } of parts) {
      const hasSk = (db.prepare(`PRAGMA table_info(rm_${collection})`).all() as { name: string }[]).some(
        (c) => c.name === 'sk',
      );
      const idOf = new Map(
        (
          db
            .prepare(`SELECT ${hasSk ? 'sk' : 'rowid'} AS k, id FROM rm_${collection} WHERE cooperative_id = ?`)
            .all(coop) as { k: number; id: string }[]
        ).map((r) => [r.k, r.id]),
      );
      db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.v_${collection}_${part} USING fts5vocab(main, fts_${collection}_${part}, instance)`,
      );
      const entries = (
        db.prepare(`SELECT term, doc, "offset" AS o FROM temp.v_${collection}_${part}`).all() as {
          term: string;
          doc: number;
          o: number;
        }[]
      )
        .map((r) => `${idOf.get(r.doc) ?? `missing document ${r.doc}`} ${r.o} ${r.term}`)
        .sort();
      out[`text index ${collection} ${coop}`] = entries;
    }
    return out;
  } finally {
    db.close();
  }
}

describe('rebuild folding documents across batches (issue 41)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await startApp();
    await fillDemo(t.running, { members: 150, postings: 1500, seed: 41 });
    dir = mkdtempSync(join(tmpdir(), 'coop-rebuild-equivalence-'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves every collection as applying the demo log one event at a time does', async () => {
    const events = t.running.storage.events;
    const batchedFile = join(dir, 'batched.sqlite');
    const batched = new SqliteReadStore(batchedFile);
    const rebuilt = await new ProjectionRunner(events, batched, areas.projectors).rebuild();
    await batched.close();
    expect(rebuilt.events).toBeGreaterThan(1500);

    const oneByOneFile = join(dir, 'one-by-one.sqlite');
    const oneByOne = new SqliteReadStore(oneByOneFile);
    await oneByOne.ensureCollections(areas.projectors.flatMap((p) => p.collections));
    const runner = new ProjectionRunner(events, oneByOne, areas.projectors);
    let applied = 0;
    for (let after = -1n; ;) {
      const batch: RecordedEvent[] = await events.readAll(after, 1000);
      if (batch.length === 0) break;
      for (const event of batch) await runner.apply([event]);
      applied += batch.length;
      after = batch.at(-1)!.position;
    }
    await oneByOne.close();
    expect(applied).toBe(rebuilt.events);

    const expected = dump(oneByOneFile);
    const actual = dump(batchedFile);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    expect((expected.rm_members as unknown[]).length).toBe(150);
    for (const key of Object.keys(expected)) expect({ [key]: actual[key] }).toEqual({ [key]: expected[key] });

    // The live path catching up a backlog (decision 274): read models stored up to a third of the log, then the rest
    // taken from the log's subscription as the projection thread takes it, in batches of thousands of events, each
    // folded over documents already stored and written once per batch.
    const liveFile = join(dir, 'live.sqlite');
    const live = new SqliteReadStore(liveFile);
    await live.ensureCollections(areas.projectors.flatMap((p) => p.collections));
    const follower = new ProjectionRunner(events, live, areas.projectors);
    const head = await events.headPosition();
    const stored = await events.readAll(-1n, Math.floor(applied / 3));
    for (let i = 0; i < stored.length; i += 100) await follower.apply(stored.slice(i, i + 100));
    const sizes: number[] = [];
    const subscription = events.subscribeAll(follower.processedUpTo, async (batch) => {
      sizes.push(batch.length);
      await follower.apply(batch);
    });
    try {
      await follower.waitFor(head, 60_000);
    } finally {
      await subscription.close();
      await live.close();
    }
    expect(sizes.some((size) => size > 1000)).toBe(true);
    const followed = dump(liveFile);
    for (const key of Object.keys(expected)) expect({ [key]: followed[key] }).toEqual({ [key]: expected[key] });
  }, 300_000);
});
