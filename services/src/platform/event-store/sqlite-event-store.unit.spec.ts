/**
 * Group commit (issue 28): the appends of one event-loop turn share one transaction, and so one sync of the log, while
 * each keeps its own outcome: a conflicting append is undone alone and rejects only its caller.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { ConcurrencyError, type NewEvent } from '@coop/contracts';
import { SqliteEventStore, SUBSCRIPTION_BATCH } from './sqlite-event-store.js';

const event = (n: number): NewEvent =>
  ({
    type: 'ElmaNumberChanged',
    data: { elmaNumberId: 'e-1', elmaProcess: 'fs', elmaNumber: String(n) },
    metadata: {
      cooperativeId: 'c',
      user: 'u',
      timestamp: '2024-01-01T00:00:00.000Z',
      correlationId: 'x',
      causationId: 'x',
      schemaVersion: 1,
    },
  }) as NewEvent;

let dir: string;
let store: SqliteEventStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-group-commit-'));
  store = new SqliteEventStore(join(dir, 'events.sqlite'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SqliteEventStore group commit', () => {
  it('syncs every commit to the disk (synchronous = FULL)', () => {
    expect(store.memoryMap().db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('commits the appends of one turn together, in the order they were made', async () => {
    const { db } = store.memoryMap();
    // Frames written to the write-ahead log since it was last emptied: each commit writes the pages it changed.
    const frames = (): number => (db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ log: number }>)[0]!.log;
    await store.append('warm-up', 'no_stream', [event(0)]);
    frames();
    db.pragma('wal_autocheckpoint = 0');
    const framesOf = async (appends: () => Promise<unknown>): Promise<number> => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      await appends();
      return (db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]!.log;
    };
    const apart = await framesOf(async () => {
      for (const s of ['a1', 'a2', 'a3']) await store.append(s, 'no_stream', [event(1)]);
    });
    let results: Array<{ position: bigint }> = [];
    const together = await framesOf(async () => {
      results = await Promise.all(['b1', 'b2', 'b3'].map((s) => store.append(s, 'no_stream', [event(2)])));
    });
    // Three commits write each changed page three times; one commit writes it once.
    expect(together * 2).toBeLessThanOrEqual(apart);
    expect(results.map((r) => r.position)).toEqual([5n, 6n, 7n]);
    expect((await store.readAll(4n, 10)).map((e) => e.streamId)).toEqual(['b1', 'b2', 'b3']);
  });

  it('undoes a conflicting append alone and rejects only its caller', async () => {
    const first = store.append('s', 'no_stream', [event(1)]);
    const conflicting = store.append('s', 'no_stream', [event(2), event(3)]);
    const after = store.appendMulti([
      { streamId: 's', expected: 0, events: [event(4)] },
      { streamId: 't', expected: 'no_stream', events: [event(5)] },
    ]);
    await expect(first).resolves.toEqual({ revisions: { s: 0 }, position: 1n });
    await expect(conflicting).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(after).resolves.toEqual({ revisions: { s: 1, t: 0 }, position: 3n });
    expect((await store.readStream('s')).map((e) => (e.data as { elmaNumber: string }).elmaNumber)).toEqual(['1', '4']);
  });

  it('commits what is queued when it closes', async () => {
    const file = join(dir, 'events.sqlite');
    const pending = store.append('late', 'no_stream', [event(7)]);
    await store.close();
    await expect(pending).resolves.toMatchObject({ position: 1n });
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT stream_id FROM events').pluck().all()).toEqual(['late']);
    db.close();
    store = new SqliteEventStore(file);
  });
});

describe('SqliteEventStore with a closure-sized write', () => {
  it('appends 200,000 events in one stream entry of an appendMulti, beside another stream, in order', async () => {
    const many = Array.from({ length: 200_000 }, (_, i) => event(i));
    const result = await store.appendMulti([
      { streamId: 'big', expected: 'no_stream', events: many },
      { streamId: 'small', expected: 'no_stream', events: [event(-1)] },
    ]);
    expect(result.revisions).toEqual({ big: 199_999, small: 0 });
    expect(result.position).toBe(200_001n);
    const { db } = store.memoryMap();
    expect(db.prepare("SELECT COUNT(*), MAX(revision) FROM events WHERE stream_id = 'big'").raw().get()).toEqual([
      200_000, 199_999,
    ]);
    const last = await store.readStreamAfter('big', 199_998);
    expect(last.map((e) => (e.data as { elmaNumber: string }).elmaNumber)).toEqual(['199999']);
  });
});

describe('SqliteEventStore metadata of an append (issue 39: its text made once per metadata object)', () => {
  it('stores each event with its own metadata when objects alternate, are shared, or are equal but not the same', async () => {
    const by = (user: string, n: number): NewEvent => {
      const e = event(n);
      return { ...e, metadata: { ...e.metadata, user } } as NewEvent;
    };
    const shared = by('shared', 0).metadata;
    const withShared = (n: number): NewEvent => ({ ...event(n), metadata: shared }) as NewEvent;
    await store.appendMulti([
      { streamId: 's1', expected: 'no_stream', events: [by('a', 1), withShared(2), by('b', 3)] },
      { streamId: 's2', expected: 'no_stream', events: [withShared(4), by('a', 5), withShared(6)] },
      { streamId: 's1', expected: 2, events: [by('c', 7)] },
    ]);
    const users = (await store.readAll(0n, 100)).map((e) => `${e.streamId}#${e.revision} ${e.metadata.user}`);
    expect(users).toEqual(['s1#0 a', 's1#1 shared', 's1#2 b', 's2#0 shared', 's2#1 a', 's2#2 shared', 's1#3 c']);
    // a later append starts afresh: its first event's metadata is written, not the last one's of the append before
    await store.append('s3', 'no_stream', [withShared(8), by('d', 9)]);
    expect((await store.readStream('s3')).map((e) => e.metadata.user)).toEqual(['shared', 'd']);
  });
});

describe('SqliteEventStore subscription catching up a backlog', () => {
  it("lets the thread's messages in between two batches, not only after the whole backlog", async () => {
    // The projection thread takes its requests (stop, close, rebuild) and sends a rebuild's progress between its
    // macrotasks; on SQLite the runner's reads and writes resolve without I/O, so a subscription that goes straight
    // on to its next batch would hold the thread for the whole backlog (1.3 M events after an import: minutes).
    await store.append(
      'backlog',
      'no_stream',
      Array.from({ length: SUBSCRIPTION_BATCH + 1 }, (_, i) => event(i)),
    );
    const { port1, port2 } = new MessageChannel();
    let received = false;
    port2.on('message', () => (received = true));
    const seen: { size: number; received: boolean }[] = [];
    let done!: () => void;
    const delivered = new Promise<void>((resolve) => (done = resolve));
    const sub = store.subscribeAll(-1n, async (batch) => {
      seen.push({ size: batch.length, received });
      if (batch[batch.length - 1]!.position === BigInt(SUBSCRIPTION_BATCH + 1)) done();
    });
    port1.postMessage('stop');
    try {
      await delivered;
    } finally {
      await sub.close();
      port1.close();
      port2.close();
    }
    expect(seen).toEqual([
      { size: SUBSCRIPTION_BATCH, received: false },
      { size: 1, received: true },
    ]);
  });
});
