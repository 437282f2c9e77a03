// Read-only looks into a data directory's SQLite files beside a running API (WAL: readers do not block its writers):
// the event log's head and the events after a position, the read models' checkpoint and a collection's size.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { built } from '../lib.js';

const { default: Database } = await import('better-sqlite3');
// The read store is the file `read-models.current` names (decision 171), not always read-models.sqlite.
const { SqliteReadStoreFiles } = await built('projections/dist/index.js');

/** The data directory's current read-store file. */
export const readStorePath = (dataDir) => SqliteReadStoreFiles.current(dataDir);

/** Opens `dataDir`'s event log and read store read-only; `close()` when done. */
export function storeProbe(dataDir) {
  const events = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  const readModels = new Database(readStorePath(dataDir), { readonly: true, fileMustExist: true });
  const head = events.prepare('SELECT COALESCE(MAX(position), -1) FROM events').pluck();
  const count = events.prepare('SELECT COUNT(*) FROM events').pluck();
  const byType = events.prepare(
    'SELECT type, COUNT(*) AS n FROM events WHERE position > ? GROUP BY type ORDER BY n DESC',
  );
  const checkpoint = readModels.prepare("SELECT position FROM checkpoints WHERE name = 'read-models'").pluck();
  return {
    /** Position of the last event in the log (-1: empty). */
    head: () => head.get(),
    /** Events in the log. */
    count: () => count.get(),
    /** The events after `position` by type, most frequent first: `{ <type>: n }`. */
    typesAfter: (position) => Object.fromEntries(byType.all(position).map(({ type, n }) => [type, n])),
    /** Position of the last event the read models include (-1: none). */
    checkpoint: () => Number(checkpoint.get() ?? -1),
    /** Documents of a collection (null: the read store has no such collection). */
    documents(collection) {
      const table = `rm_${collection}`;
      const exists = readModels
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .pluck()
        .get(table);
      return exists ? readModels.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() : null;
    },
    close() {
      events.close();
      readModels.close();
    },
  };
}

/** Whether `dataDir` holds a read store at all. */
export const hasReadStore = (dataDir) => existsSync(readStorePath(dataDir));

/**
 * Waits until the read models include the log's last event (polling every `everyMs`), at most `timeoutMs`; answers the
 * milliseconds it waited.
 */
export async function readModelsCurrent(probe, { timeoutMs = 30 * 60_000, everyMs = 50 } = {}) {
  const t0 = performance.now();
  for (;;) {
    const head = probe.head();
    if (probe.checkpoint() >= head) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`The read models did not reach position ${head} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Samples the log's head and the read models' checkpoint every `everyMs` until `stop()` (issue 41: how far the read
 * models trail a long write). `stop()` answers the samples `{ ms, head, checkpoint }` (ms since the start).
 */
export function followLog(probe, everyMs = 50) {
  const t0 = performance.now();
  const samples = [];
  const sample = () => samples.push({ ms: performance.now() - t0, head: probe.head(), checkpoint: probe.checkpoint() });
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}

/**
 * From `followLog`'s samples: when the log last grew (the write's last append, to the sampling's precision), when the
 * read models first included that last event, the lag between the two, and the most events the read models trailed
 * the log by while it grew. All times in ms since the sampling began.
 */
export function readModelLag(samples) {
  const last = samples.at(-1);
  const lastAppendMs = samples.find((s) => s.head >= last.head).ms;
  const caughtUpMs = samples.find((s) => s.checkpoint >= last.head)?.ms ?? null;
  const mostBehind = samples.reduce((n, s) => Math.max(n, s.head - s.checkpoint), 0);
  return {
    lastAppendMs: Math.round(lastAppendMs),
    caughtUpMs: caughtUpMs === null ? null : Math.round(caughtUpMs),
    lagMs: caughtUpMs === null ? null : Math.round(caughtUpMs - lastAppendMs),
    mostEventsBehind: mostBehind,
  };
}
