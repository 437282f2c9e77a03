/**
 * Issue 41: a rebuild folds many events per document and writes each document once per batch (projections/src/batching).
 * Its read models must equal, document for document, those the runner leaves when it applies the same realistic log
 * (the demo generator's) one event at a time, each event its own batch: every collection's documents, indexed columns
 * and search texts, the order of the order keys, the text index entries and the kept document counts. So must those
 * of a live runner catching up a backlog from the log's subscription in large batches (decision 274).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ReadStore, RecordedEvent } from '@coop/contracts';
import {
  ProjectionRunner,
  SqliteReadStore,
  SqliteReadStoreFiles,
  type ParallelReplay,
  type Projector,
} from '@coop/projections';
import { areas } from '../../services/src/areas.js';
import { fillDemo } from '../../services/src/demo/demo.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import {
  replayConnection,
  replayThreadConnection,
  ThreadReplay,
} from '../../services/src/platform/sqlite-runtime/thread-replay.js';
import { AREAS, JWT_SECRET, RUNTIME, startApp, type TestApp, WITH_READ_THREAD } from './support/app.js';

/**
 * Everything a read store file holds that a read can see, in a form independent of rowids, order-key values and the
 * numbers the file gave the cooperatives (decision 282: in a replay on two cores, the group that writes a cooperative
 * first numbers it; reads turn ids into numbers, and none orders by them).
 */
function dump(file: string): Record<string, unknown> {
  const db = new Database(file);
  try {
    const out: Record<string, unknown> = {};
    const numbers = new Map(
      (db.prepare('SELECT no, cooperative_id AS id FROM coop_numbers').all() as { no: number; id: string }[]).map(
        (r) => [String(r.no), r.id],
      ),
    );
    const coopOf = (key: unknown): unknown => numbers.get(String(key)) ?? key;
    const withCoop = (rows: unknown[]): Record<string, unknown>[] =>
      (rows as Record<string, unknown>[]).map((r) => ({ ...r, cooperative_id: coopOf(r.cooperative_id) }));
    const byCoop = (a: Record<string, unknown>, b: Record<string, unknown>): number =>
      String(a.cooperative_id).localeCompare(String(b.cooperative_id));
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      const plain = columns.filter((c) => c !== 'sk');
      out[table] = withCoop(db.prepare(`SELECT ${plain.join(', ')} FROM ${table} ORDER BY id`).all());
      if (columns.includes('sk')) {
        // Order keys are numbers chosen as documents arrive: only their order is what the lists read.
        out[`${table} in key order`] = withCoop(
          db.prepare(`SELECT cooperative_id, id FROM ${table} ORDER BY cooperative_id, sk`).all(),
        ).sort(byCoop);
      }
    }
    // Every index there (a rebuild may set some aside while it writes: they must all be back).
    out.indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all();
    out.doc_counts = withCoop(
      db.prepare('SELECT collection, cooperative_id, docs FROM doc_counts WHERE docs > 0 ORDER BY collection').all(),
    ).sort((a, b) => String(a.collection).localeCompare(String(b.collection)) || byCoop(a, b));
    // The text index: which document each entry stands for, and its trigrams (contentless tables: read through fts5vocab).
    const parts = db
      .prepare('SELECT collection, cooperative_id, part FROM text_parts ORDER BY collection, cooperative_id')
      .all() as {
      collection: string;
      cooperative_id: string;
      part: number;
    }[];
    const label = (p: { collection: string; cooperative_id: string }): string =>
      `text index ${p.collection} ${String(coopOf(p.cooperative_id))}`;
    parts.sort((a, b) => label(a).localeCompare(label(b)));
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
      out[label({ collection, cooperative_id: coop })] = entries;
    }
    return out;
  } finally {
    db.close();
  }
}

/** A rebuild beside in `dir` (its own read-model files) with `parallel`, as the projection thread rebuilds; its file's dump. */
async function rebuiltBeside(
  t: TestApp,
  dir: string,
  parallel: (sides: SqliteReadStoreFiles) => ParallelReplay,
  log: (line: string) => void,
): Promise<Record<string, unknown>> {
  mkdirSync(dir);
  const sides = new SqliteReadStoreFiles(dir, areas.collections, replayConnection({}));
  const current = new SqliteReadStore(SqliteReadStoreFiles.current(dir));
  await current.ensureCollections(areas.collections);
  const runner = new ProjectionRunner(t.running.storage.events, current, areas.projectors, log, {
    sides,
    parallel: parallel(sides),
  });
  let store: ReadStore = current;
  runner.onSwitched((switched) => (store = switched));
  await runner.rebuild();
  await store.close();
  return dump(SqliteReadStoreFiles.current(dir));
}

describe('rebuild folding documents across batches (issue 41)', () => {
  let t: TestApp;
  let dir: string;
  /** The read models of the demo log applied one event at a time, and the events applied. */
  let expected: Record<string, unknown>;
  let applied = 0;

  beforeAll(async () => {
    t = await startApp(WITH_READ_THREAD);
    await fillDemo(t.running, { members: 150, postings: 1500, seed: 41 });
    dir = mkdtempSync(join(tmpdir(), 'coop-rebuild-equivalence-'));
    const events = t.running.storage.events;
    const oneByOneFile = join(dir, 'one-by-one.sqlite');
    const oneByOne = new SqliteReadStore(oneByOneFile);
    await oneByOne.ensureCollections(areas.projectors.flatMap((p) => p.collections));
    const runner = new ProjectionRunner(events, oneByOne, areas.projectors);
    for (let after = -1n; ;) {
      const batch: RecordedEvent[] = await events.readAll(after, 1000);
      if (batch.length === 0) break;
      for (const event of batch) await runner.apply([event]);
      applied += batch.length;
      after = batch.at(-1)!.position;
    }
    await oneByOne.close();
    expected = dump(oneByOneFile);
  }, 180_000);
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
    expect(applied).toBe(rebuilt.events);

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

  // Decision 284: the replay of a rebuild beside on two cores, a thread replaying all projectors but the members' group
  // into the same side file over its own connection, the projection runner the members' group.
  // Two rounds: the two replays interleave differently each time, and the read models must not.
  it.each([1, 2])(
    'leaves the same read models when a rebuild replays on two cores (round %i)',
    async (round) => {
      const config = loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET });
      const shares: string[][] = [];
      const lines: string[] = [];
      const actual = await rebuiltBeside(
        t,
        join(dir, `two-cores-${round}`),
        (sides) => {
          const thread = new ThreadReplay(
            new URL('replay-thread.js', RUNTIME),
            config,
            AREAS,
            (side) => sides.fileOf(side),
            replayThreadConnection({}),
          );
          return {
            helperShare: (projectors: readonly Projector[]) => thread.helperShare(projectors),
            replay: (side: ReadStore, projectors: readonly Projector[], upTo: bigint) => {
              shares.push(projectors.flatMap((p) => p.collections.map((c) => c.name)));
              return thread.replay(side, projectors, upTo);
            },
          };
        },
        (line) => lines.push(line),
      );
      // The helper replayed the others; the members' group (the tax papers read the members) stayed.
      expect(shares).toHaveLength(1);
      expect(shares[0]).toEqual(expect.arrayContaining(['dividend_inputs', 'share_due_members', 'tasks']));
      expect(shares[0]).not.toEqual(expect.arrayContaining(['members']));
      expect(shares[0]).not.toEqual(expect.arrayContaining(['exemptionorders']));
      expect(lines).toEqual([]);
      for (const key of Object.keys(expected)) expect({ [key]: actual[key] }).toEqual({ [key]: expected[key] });
    },
    300_000,
  );

  it('replays on one core when the helper fails half way, and leaves the same read models', async () => {
    const lines: string[] = [];
    const actual = await rebuiltBeside(
      t,
      join(dir, 'helper-failed'),
      (sides) => ({
        helperShare: (projectors) => projectors.filter((p) => p.collections.some((c) => c.name === 'dividend_inputs')),
        // As the helper's thread: its own connection to the side file empties its collections, sets their indexes
        // aside and writes some; then it fails, the indexes not made again.
        replay: async (side, projectors) => {
          const own = new SqliteReadStore(sides.fileOf(side)!, replayConnection({}));
          const failing = projectors.map((p) => ({
            ...p,
            project: (event: RecordedEvent, current: Parameters<Projector['project']>[1]) => {
              if (event.position > 500n) throw new Error('the helper thread ended');
              return p.project(event, current);
            },
          }));
          try {
            return await new ProjectionRunner(t.running.storage.events, own, failing, () => undefined, {
              group: true,
            }).replayShare(await t.running.storage.events.headPosition());
          } finally {
            await own.close();
          }
        },
      }),
      (line) => lines.push(line),
    );
    expect(lines).toEqual([expect.stringContaining('the helper thread ended')]);
    for (const key of Object.keys(expected)) expect({ [key]: actual[key] }).toEqual({ [key]: expected[key] });
  }, 300_000);
});
