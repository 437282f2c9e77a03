/**
 * The demo's batches stay below a byte budget (KurrentDB refuses appends above its MaxAppendSize, 1 MiB by default)
 * and keep each command whole; the entries of the member-number sequence chain within a batch (issue 30).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@coop/contracts';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { DemoWriter } from './demo-writer.js';
import { prng } from './demo-random.js';

let dir: string;
let store: SqliteEventStore;
const actor = { userId: 'demo', username: 'demo', roles: [], cooperativeId: 'coop-1' };
const decision = (streamId: string, expected: number, text: string) => ({
  streamId,
  expected,
  events: [{ type: 'TestHappened', data: { text } }],
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-demo-writer-'));
  store = new SqliteEventStore(join(dir, 'events.sqlite'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DemoWriter', () => {
  it('appends a batch once its bytes reach the budget, each command whole, the sequence chained', async () => {
    const writer = new DemoWriter(store, prng(1), actor, 4000, 3000);
    const heads: bigint[] = [];
    for (let i = 0; i < 12; i++) {
      // One admission: the member's stream and the sequence stream, about 2 × 600 bytes with the metadata.
      await writer.write([decision(`member-${i}`, -1, 'x'.repeat(400)), decision('sequence', i - 1, 'y'.repeat(400))]);
      heads.push(writer.head);
    }
    await writer.flush();
    const log: RecordedEvent[] = await store.readAll(-1n, 100);
    expect(log).toHaveLength(24);
    expect((await store.readStream('sequence')).map((e) => e.revision)).toEqual([...Array(12).keys()]);
    // Appended in several batches (the head moved more than once), none over the budget.
    const batches = new Set(heads.filter((h) => h >= 0n)).size;
    expect(batches).toBeGreaterThan(2);
    let size = 0;
    for (const e of log) {
      size += JSON.stringify(e.data).length + JSON.stringify(e.metadata).length;
      if (heads.includes(e.position)) {
        expect(size).toBeLessThanOrEqual(3000);
        size = 0;
      }
    }
  });

  it('keeps to the number of events when that comes first', async () => {
    const writer = new DemoWriter(store, prng(1), actor, 4);
    await writer.write([decision('a', -1, 'x'), decision('b', -1, 'x')]);
    expect(writer.head).toBe(-1n);
    await writer.write([decision('c', -1, 'x'), decision('d', -1, 'x')]);
    expect(writer.head).toBe(4n);
  });
});
