// The raw read of an embedded event log, the yardstick the rebuild benches print their rate beside (issue 41):
// better-sqlite3 iterate() and JSON.parse of each event's data and metadata, nothing decoded or opened.
import Database from 'better-sqlite3';
import { now, perSecond, round } from '../lib.js';

/** Reads every event of the log in `eventsFile` in order; answers the rows, the time, the rate and the data's bytes. */
export function rawRead(eventsFile) {
  const db = new Database(eventsFile, { readonly: true });
  const t0 = now();
  let rows = 0;
  let bytes = 0;
  for (const row of db.prepare('SELECT * FROM events ORDER BY position').iterate()) {
    const data = JSON.parse(row.data);
    const meta = JSON.parse(row.metadata);
    if (data && meta) rows++;
    bytes += row.data.length;
  }
  const ms = now() - t0;
  db.close();
  return { rows, ms: round(ms), rowsPerSecond: perSecond(rows, ms), dataBytes: bytes };
}
