/**
 * ProjectionRunner against a store whose batches are bounded (`maxBatchDocuments`, as the MongoDB read store's
 * transactions are), with the real SQLite event log and read store: the bounded store is the SQLite one seen through a
 * recorder that declares the bound, and, for the failure case, writes an oversized batch in parts as the MongoDB
 * adapter does (checkpoint removed first) and fails half way. It lives in services/src for the reason given in
 * projection-runner.unit.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type {
  CollectionSpec,
  NewEvent,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  ViewPage,
  ViewRequest,
  WriteOp,
} from '@coop/contracts';
import { CHECKPOINT, ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { areas } from '../areas.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';

/** The SQLite read store with a bound on its batches, recording each batch it is given. */
class BoundedStore implements ReadStore {
  readonly batches: { readonly docs: number; readonly position: bigint }[] = [];
  /** When set: the next batch larger than the bound writes its first part, without checkpoint, then fails. */
  failInParts = false;

  constructor(
    private readonly inner: SqliteReadStore,
    readonly maxBatchDocuments: number,
  ) {}

  ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    return this.inner.ensureCollections(specs);
  }
  get(collection: string, id: string): Promise<ReadDocument | undefined> {
    return this.inner.get(collection, id);
  }
  getMany(collection: string, ids: readonly string[]): Promise<ReadDocument[]> {
    return this.inner.getMany(collection, ids);
  }
  find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    return this.inner.find(collection, query);
  }
  findView(collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
    return this.inner.findView(collection, query, view);
  }
  scan(collection: string, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]> {
    return this.inner.scan(collection, cooperativeId, batchSize);
  }
  async applyBatch(
    ops: readonly WriteOp[],
    checkpoint: { readonly name: string; readonly position: bigint },
  ): Promise<void> {
    if (checkpoint.name === CHECKPOINT) this.batches.push({ docs: ops.length, position: checkpoint.position });
    if (this.failInParts && ops.length > this.maxBatchDocuments) {
      this.failInParts = false;
      await this.inner.reset([], checkpoint.name);
      await this.inner.applyBatch(ops.slice(0, this.maxBatchDocuments), {
        name: 'first-part',
        position: checkpoint.position,
      });
      throw new Error('The second part failed');
    }
    return this.inner.applyBatch(ops, checkpoint);
  }
  checkpoint(name: string): Promise<bigint> {
    return this.inner.checkpoint(name);
  }
  reset(collections: readonly string[], checkpointName: string): Promise<void> {
    return this.inner.reset(collections, checkpointName);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const USERS = 12;
/** The documents the log makes: its cooperative's, and each user's user and credentials documents. */
const DOCUMENTS = 1 + 2 * USERS;
const CREATED_AT = '2024-05-01T10:00:00.000Z';

let dir: string;
let events: SqliteEventStore;
let stores: SqliteReadStore[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-runner-bounds-'));
  events = new SqliteEventStore(join(dir, 'events.sqlite'));
  stores = [];
  let n = 0;
  const event = (type: string, data: Record<string, unknown>): NewEvent =>
    ({
      type,
      data,
      metadata: {
        cooperativeId: 'coop-1',
        user: 'admin-1',
        timestamp: CREATED_AT,
        correlationId: `c-${++n}`,
        causationId: `c-${n}`,
        schemaVersion: 1,
      },
    }) as NewEvent;
  await events.append('cooperative-coop-1', 'any', [
    event('CooperativeRegistered', { cooperativeId: 'coop-1', name: 'Bäckerei eG' }),
  ]);
  for (let i = 1; i <= USERS; i++) {
    const userId = `u-${String(i).padStart(2, '0')}`;
    const created = {
      userId,
      cooperativeId: 'coop-1',
      username: `user${i}`,
      passwordHash: `$argon2id$h${i}`,
      roles: ['ROLE_USER'],
    };
    await events.append(`user-${userId}`, 'any', [
      event('UserCreated', created),
      event('UserRenamed', { userId, username: `user${i}.b` }),
    ]);
  }
});

afterEach(async () => {
  for (const s of stores) await s.close();
  await events.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sqlite(name: string): Promise<SqliteReadStore> {
  const store = new SqliteReadStore(join(dir, `${name}.sqlite`));
  await store.ensureCollections(areas.collections);
  stores.push(store);
  return store;
}

async function dump(store: ReadStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { checkpoint: await store.checkpoint(CHECKPOINT) };
  for (const c of areas.collections) out[c.name] = (await store.find(c.name, { cooperativeId: null })).items;
  return out;
}

/** The read models an unbounded runner builds from the whole log. */
async function reference(): Promise<Record<string, unknown>> {
  const store = await sqlite('reference');
  await new ProjectionRunner(events, store, areas.projectors).apply(await events.readAll(-1n, 1000));
  return dump(store);
}

describe('ProjectionRunner with a store that bounds its batches', () => {
  it('applies a live batch in writes of at most the bound, each ending at an event, with the same result', async () => {
    const bounded = new BoundedStore(await sqlite('bounded'), 5);
    const all = await events.readAll(-1n, 1000);
    await new ProjectionRunner(events, bounded, areas.projectors).apply(all);
    expect(await dump(bounded)).toEqual(await reference());
    // The cooperative and each user's user and credentials documents: 25 documents, at most 5 a write.
    expect(bounded.batches.length).toBeGreaterThanOrEqual(Math.ceil(DOCUMENTS / 5));
    for (const batch of bounded.batches) expect(batch.docs).toBeLessThanOrEqual(5);
    const positions = new Set(all.map((e) => e.position));
    for (const batch of bounded.batches) expect(positions.has(batch.position)).toBe(true);
    expect(bounded.batches.at(-1)!.position).toBe(all.at(-1)!.position);
  });

  it('rebuilds in writes of at most the bound, with the same result', async () => {
    const bounded = new BoundedStore(await sqlite('rebuilt'), 4);
    await expect(new ProjectionRunner(events, bounded, areas.projectors).rebuild()).resolves.toEqual({
      events: 1 + 2 * USERS,
    });
    expect(await dump(bounded)).toEqual(await reference());
    expect(bounded.batches.length).toBeGreaterThanOrEqual(Math.ceil(DOCUMENTS / 4));
    for (const batch of bounded.batches) expect(batch.docs).toBeLessThanOrEqual(4);
  });

  it('writes an event that alone touches more than the bound alone', async () => {
    const bounded = new BoundedStore(await sqlite('tight'), 1);
    await new ProjectionRunner(events, bounded, areas.projectors).apply(await events.readAll(-1n, 1000));
    expect(await dump(bounded)).toEqual(await reference());
    // Every user's creation writes two documents; its rename is a batch of its own too.
    expect(bounded.batches.filter((b) => b.docs === 2)).toHaveLength(USERS);
    expect(Math.max(...bounded.batches.map((b) => b.docs))).toBe(2);
  });

  it('rebuilds the read models when a batch written in parts failed half way and comes again', async () => {
    const bounded = new BoundedStore(await sqlite('failing'), 1);
    const lines: string[] = [];
    const runner = new ProjectionRunner(events, bounded, areas.projectors, (line) => lines.push(line));
    const all = await events.readAll(-1n, 1000);
    await runner.apply(all.slice(0, 5));
    bounded.failInParts = true;
    await expect(runner.apply(all.slice(5))).rejects.toThrow(/second part failed/);
    expect(await bounded.checkpoint(CHECKPOINT)).toBe(-1n);
    // The subscription delivers the batch again.
    await runner.apply(all.slice(5));
    expect(await dump(bounded)).toEqual(await reference());
    expect(lines[0]).toMatch(/failed half way; rebuilding them/);
  });
});

describe('ProjectionRunner.start on read models without a checkpoint', () => {
  it('rebuilds read models whose format is recorded but whose checkpoint is gone (a reset cut short)', async () => {
    const store = await sqlite('cut');
    const first = new ProjectionRunner(events, store, areas.projectors);
    await first.start();
    await first.waitFor(await events.headPosition(), 5000);
    await first.stop();
    const expected = await dump(store);
    // As a crash half way through a reset leaves them: the checkpoint gone, documents left, one no event explains.
    await store.reset([], CHECKPOINT);
    await store.applyBatch(
      [
        {
          kind: 'put',
          collection: 'users',
          doc: { id: 'ghost', cooperativeId: 'coop-1', position: '999', username: 'ghost', roles: [] },
        },
      ],
      { name: 'other', position: 1n },
    );
    const lines: string[] = [];
    const again = new ProjectionRunner(events, store, areas.projectors, (line) => lines.push(line));
    await again.start();
    await again.stop();
    expect(await dump(store)).toEqual(expected);
    expect(lines).toEqual([expect.stringMatching(/^Read models: had no checkpoint .*; rebuilt from 25 events in /)]);
  });
});
