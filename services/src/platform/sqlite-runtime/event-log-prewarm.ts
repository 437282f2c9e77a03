import type { EventStore } from '@coop/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';

/** What `prewarmEventLog` did: the bytes of events it read, and how long it took. */
export interface Prewarmed {
  readonly fileBytes: number;
  /** False when the file is larger than the map: the part past it would be read into the page cache only. */
  readonly read: boolean;
  readonly ms: number;
}

/**
 * Reads the whole SQLite event log once through the connection's memory map (every event row and the stream index),
 * so that a command's stream read finds its pages in memory from the first request on (decision 41). A command reads
 * its member's events, written years apart all over the file, so the whole log is the write path's working set. Pages
 * read through the map stay mapped while the connection is open. Nothing is read when the file is larger than the map.
 */
export function prewarmEventLog(log: SqliteEventStore): Prewarmed {
  const started = performance.now();
  const { db, fileBytes, mmapBytes } = log.memoryMap();
  if (fileBytes > mmapBytes) return { fileBytes, read: false, ms: 0 };
  db.prepare('SELECT SUM(LENGTH(data)) + SUM(LENGTH(metadata)) AS n FROM events').get();
  const streamIndexes = db
    .prepare(`SELECT name FROM pragma_index_list('events') WHERE origin = 'u'`)
    .pluck()
    .all() as string[];
  for (const index of streamIndexes) db.prepare(`SELECT COUNT(*) AS n FROM events INDEXED BY "${index}"`).get();
  return { fileBytes, read: true, ms: Math.round(performance.now() - started) };
}

/** At the API's start (`EVENT_LOG_PREWARM`): prewarms a SQLite log (another adapter has nothing to warm) and says what took long. */
export function prewarmEventLogAtStart(
  adapter: EventStore,
  log: (line: string) => void = (line) => console.log(line),
): void {
  if (!(adapter instanceof SqliteEventStore)) return;
  const warm = prewarmEventLog(adapter);
  const size = `${Math.round(warm.fileBytes / 2 ** 20)} MiB`;
  if (!warm.read) log(`Event log: ${size}, larger than its memory map; not read into memory at start`);
  else if (warm.ms >= 1000) log(`Event log: ${size} read into memory in ${(warm.ms / 1000).toFixed(1)} s`);
}
