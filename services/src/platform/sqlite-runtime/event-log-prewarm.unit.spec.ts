/** `prewarmEventLog`: the SQLite event log read once through the connection's memory map at start (decision 41). */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { NewEvent } from '@coop/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { prewarmEventLog, prewarmEventLogAtStart } from './event-log-prewarm.js';

const event = (n: number): NewEvent =>
  ({
    type: 'ElmaNumberChanged',
    data: { elmaNumberId: `e-${n % 50}`, elmaProcess: 'fs', elmaNumber: String(n).padStart(200, '0') },
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
const open: SqliteEventStore[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-prewarm-'));
  const log = new SqliteEventStore(join(dir, 'events.sqlite'));
  for (let s = 0; s < 50; s++)
    await log.append(
      `s-${s}`,
      'no_stream',
      Array.from({ length: 40 }, (_, i) => event(s * 40 + i)),
    );
  await log.close();
});

afterEach(async () => {
  for (const log of open.splice(0)) await log.close();
  rmSync(dir, { recursive: true, force: true });
});

function reopened(mmapBytes?: number): SqliteEventStore {
  const log = new SqliteEventStore(join(dir, 'events.sqlite'), mmapBytes);
  open.push(log);
  return log;
}

describe('prewarmEventLog', () => {
  it('reads a log that fits the memory map, and the log answers as before', async () => {
    const log = reopened();
    const warm = prewarmEventLog(log);
    expect(warm.read).toBe(true);
    expect(warm.fileBytes).toBe(statSync(join(dir, 'events.sqlite')).size);
    expect(warm.fileBytes).toBeGreaterThan(400_000);
    expect((await log.readStream('s-7')).map((e) => e.revision)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await log.headPosition()).toBe(2000n);
  });

  it('reads nothing of a log larger than the map: the part past it would only be cached, not kept', () => {
    const warm = prewarmEventLog(reopened(64 * 1024));
    expect(warm).toEqual({ fileBytes: statSync(join(dir, 'events.sqlite')).size, read: false, ms: 0 });
  });
});

describe('prewarmEventLogAtStart', () => {
  it('says so when the log is larger than the map, and is quiet about a log read quickly', () => {
    const lines: string[] = [];
    prewarmEventLogAtStart(reopened(64 * 1024), (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Event log: \d+ MiB, larger than its memory map; not read into memory at start$/);
    lines.length = 0;
    prewarmEventLogAtStart(reopened(), (line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
