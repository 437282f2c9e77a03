import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { NewEvent } from '@coop/contracts';
import { SqliteEventStore } from './sqlite-event-store.js';
import { appendInSteps, probeRevisions, streamLength } from './stepped-append.js';

/* Issue 40: a large write to one stream in steps, continued after a stop from the stream's length, never twice. */
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
const eventsOf = (from: number, to: number): NewEvent[] => Array.from({ length: to - from }, (_, i) => event(from + i));
const numbers = async (store: SqliteEventStore, stream: string): Promise<string[]> =>
  (await store.readStream(stream)).map((e) => String((e.data as { elmaNumber: string }).elmaNumber));

let dir: string;
let store: SqliteEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-stepped-'));
  store = new SqliteEventStore(join(dir, 'events.sqlite'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('appendInSteps', () => {
  it('probes from the last planned revision down by one step, then -1', () => {
    expect(probeRevisions(8, 3)).toEqual([7, 4, 1, -1]);
    expect(probeRevisions(0, 3)).toEqual([-1]);
    expect(() => probeRevisions(8, 0)).toThrow(RangeError);
  });

  it('writes the planned events in steps of at most `step`, each at the revision it continues', async () => {
    const steps: number[] = [];
    expect(await appendInSteps(store, 's', 8, 3, eventsOf, (w) => steps.push(w))).toBe(8);
    expect(steps).toEqual([3, 6, 8]);
    expect(await numbers(store, 's')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('stopped after a step (here: its callback throws), a second run writes only the rest; a third writes nothing', async () => {
    await expect(
      appendInSteps(store, 's', 8, 3, eventsOf, (w) => {
        if (w === 3) throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(await streamLength(store, 's', 8, 3)).toBe(3);
    const steps: number[] = [];
    expect(await appendInSteps(store, 's', 8, 3, eventsOf, (w) => steps.push(w))).toBe(8);
    expect(steps).toEqual([6, 8]);
    expect(await appendInSteps(store, 's', 8, 3, eventsOf, (w) => steps.push(w))).toBe(8);
    expect(steps).toEqual([6, 8]);
    expect(await numbers(store, 's')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('finds the length whatever step size wrote the stream before', async () => {
    await store.append('s', 'no_stream', eventsOf(0, 5));
    expect(await streamLength(store, 's', 8, 3)).toBe(5);
    expect(await streamLength(store, 's', 8, 2)).toBe(5);
    expect(await streamLength(store, 'none', 8, 3)).toBe(0);
  });

  it('appends 200,000 events in steps of 5,000 without spreading them into a call (no stack overflow)', async () => {
    expect(await appendInSteps(store, 'big', 200_000, 5_000, eventsOf)).toBe(200_000);
    expect(await streamLength(store, 'big', 200_000, 5_000)).toBe(200_000);
  }, 120_000);
});
