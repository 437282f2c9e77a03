// The import's append path alone (issues 39/40, performance.md section 26): the events of an import's log appended again
// through one build's embedded event log (`SqliteEventStore`, services/dist) in the chunks the import's write makes
// (IMPORT_CHUNK_EVENTS, 5,000), each chunk as that build's ImportProcess hands it over: BENCH_APPEND_METADATA=decision
// gives each decision a metadata object of its own (before decision 251), `chunk` one per chunk (after it).
// `node bench/import-append.js LOG.sqlite` (a log an import wrote, e.g. one kept by bench/import.js with
// BENCH_IMPORT_KEEP=1); BENCH_IMPORT_BEFORE=DIR interleaves another build's store (with metadata per decision) with
// this one's, BENCH_APPEND_ROUNDS times (3), the first alternating; the load average beside every figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, log, now, round, ROOT, saveResult } from './lib.js';

const LOG = process.argv[2];
if (!LOG) throw new Error('usage: node bench/import-append.js LOG.sqlite');
const CHUNK = Number(process.env.IMPORT_CHUNK_EVENTS ?? 5000);
const BEFORE = process.env.BENCH_IMPORT_BEFORE || null;
const ROUNDS = Number(process.env.BENCH_APPEND_ROUNDS ?? 3);
const started = now();

const { default: Database } = await import(pathToFileURL(join(ROOT, 'node_modules/better-sqlite3/lib/index.js')).href);
const db = new Database(LOG, { readonly: true });
// the import's decisions: consecutive events of one stream; the first 100 positions are the first start's
const rows = db
  .prepare('SELECT stream_id, revision, type, data, metadata FROM events WHERE position > 100 ORDER BY position')
  .raw()
  .all();
db.close();

/** The decisions as plain data: stream, expected revision, events (type, data). */
const decisions = [];
for (const [streamId, revision, type, data] of rows) {
  const last = decisions.at(-1);
  const event = { type, data: JSON.parse(data) };
  if (last && last.streamId === streamId && last.expected + last.events.length + 1 === revision)
    last.events.push(event);
  else decisions.push({ streamId, expected: revision - 1, events: [event] });
}
const metadataOf = JSON.parse(rows[0][4]);

/** The chunks as an import of `kind` hands them to the store (fresh objects each run). */
function chunksFor(kind) {
  const chunks = [];
  let appends = [];
  let events = 0;
  let metadata = { ...metadataOf, timestamp: new Date().toISOString() };
  for (const d of decisions) {
    const m = kind === 'decision' ? { ...metadataOf, timestamp: new Date().toISOString() } : metadata;
    // every stream may have been started before position 100 (the first start's): 'any', checked as the import checks
    appends.push({ streamId: d.streamId, expected: 'any', events: d.events.map((e) => ({ ...e, metadata: m })) });
    events += d.events.length;
    if (events >= CHUNK) {
      chunks.push(appends);
      appends = [];
      events = 0;
      metadata = { ...metadataOf, timestamp: new Date().toISOString() };
    }
  }
  if (appends.length > 0) chunks.push(appends);
  return chunks;
}

/** Appends every chunk, one after the other, into a new log with `root`'s store; seconds. */
async function run(root, kind) {
  const { SqliteEventStore } = await import(
    pathToFileURL(join(root, 'services/dist/platform/event-store/sqlite-event-store.js')).href
  );
  const chunks = chunksFor(kind);
  const dir = mkdtempSync(join(tmpdir(), 'coop-bench-append-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  const loadBefore = load();
  const t0 = now();
  for (const chunk of chunks) await store.appendMulti(chunk);
  const seconds = round((now() - t0) / 1000, 2);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { seconds, load: [loadBefore, load()] };
}

log(`${rows.length} events in ${decisions.length} decisions, chunks of ${CHUNK} events`);
const figures = { events: rows.length, decisions: decisions.length, chunkEvents: CHUNK, pairs: [] };
const checks = [];
if (BEFORE) {
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    const pair = {};
    for (const which of order) {
      pair[which] = await run(which === 'before' ? BEFORE : ROOT, which === 'before' ? 'decision' : 'chunk');
      log(`    ${which}: ${pair[which].seconds} s, load ${pair[which].load.join(' → ')}`);
    }
    pair.ratio = round(pair.after.seconds / pair.before.seconds, 2);
    log(`    round ${r + 1}: after / before = ${pair.ratio}`);
    figures.pairs.push(pair);
  }
  figures.before = BEFORE;
} else {
  const r = await run(ROOT, 'chunk');
  log(`    ${r.seconds} s, load ${r.load.join(' → ')}`);
  figures.pairs.push({ after: r });
}
saveResult(process.env.BENCH_APPEND_RESULT ?? 'import-append', started, figures, checks);
