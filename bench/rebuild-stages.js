// Where a rebuild's time goes, stage by stage (issue 41): on the demo generator's log (the fill of rebuild-demo.js,
// bench/README.md section 2d), each stage of a rebuild done alone, as cheaply as the product's code allows, on one core:
//   A. the log read as the runner reads it (the event codec: rows decoded, personal data opened), batches of 20,000;
//   B. every projector's fold over the whole log in memory (the runner's `fold`, a store that holds nothing, the
//      documents never written or read back), then each projector alone;
//   C. the documents B left written once each into a new SQLite read store as a rebuild writes them (its indexes set
//      aside, applyBatch in pieces of 50,000 documents), then its set-aside indexes made (bulk-load/); beside C, the
//      same rows inserted by SQLite alone into a new file, with and without their JSON (support/sqlite-insert-floor.js).
// The sum of A, B and C is this design's floor: what a rebuild would cost with every document written once and nothing
// read back. Beside it, in the same run, the raw read of the log and the product's own rebuild (openStorage(), the
// runner's rebuild on two cores) of the same log. B holds every document of the cooperative in memory: at the demo's
// 20,000 members about 0.9 GB; this is a measurement, not a way to rebuild a larger cooperative.
// `BENCH_REBUILD_STAGES_DIR=<dir>`: a copy of that filled directory instead. `BENCH_REBUILD_STAGES_MEMBERS` (20,000).
import { join } from 'node:path';
import { asTheProductRuns, benchEnv, built, load, log, now, perSecond, round, saveResult, tempDataDir } from './lib.js';
import { copyFill } from './support/cached-fill.js';
import { demoFill, fillKey } from './support/demo-fill.js';
import { anonMb } from './support/proc-status.js';
import { rawRead } from './support/raw-read.js';
import { sqliteInsertFloor } from './support/sqlite-insert-floor.js';

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_REBUILD_STAGES_MEMBERS ?? 20_000);
const TARGET_MS = 3_000;
const READ_BATCH = 20_000;
const WRITE_PIECE = 50_000;

const started = now();
const { dir, cleanup } = tempDataDir('rebuild-stages');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');
const { openStorage } = await built('services/dist/platform/storage.js');
const { fold } = await built('projections/dist/runner/batch-fold.js');
const { Pending } = await built('projections/dist/runner/pending.js');
const { SqliteReadStore } = await built('projections/dist/read-store/sqlite-read-store.js');

/** `work()` timed in wall and CPU time (this process, every thread). */
async function timed(work) {
  const t = now();
  const cpu0 = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpu0);
  return { result, ms: round(now() - t), cpuMs: round((cpu.user + cpu.system) / 1000) };
}

/** A read store that holds nothing: the fold finds no stored document and loads none. */
const nothingStored = { getMany: async () => [] };

/** B: the projectors' fold over every batch into one pending set of documents, never flushed. */
async function foldAll(projectors, batches) {
  const pending = new Pending();
  for (const batch of batches) await fold(projectors, nothingStored, batch, pending, -1n);
  return pending.writes();
}

/** A copy of the log to measure in `dir`: the kept demo fill (made first when missing), or BENCH_REBUILD_STAGES_DIR's. */
async function filled() {
  const from = process.env.BENCH_REBUILD_STAGES_DIR;
  if (from) {
    await copyFill(from, dir);
    return { key: from };
  }
  log(`filling (or reusing bench/.data/${fillKey(MEMBERS)}) with the demo generator: ${MEMBERS} members`);
  return (await demoFill(MEMBERS, undefined, dir)).info;
}

try {
  const info = await filled();
  const eventsFile = join(dir, 'events.sqlite');
  rawRead(eventsFile); // warm the page cache: every stage reads from memory
  const raw = rawRead(eventsFile);
  log(`raw read: ${raw.rows} rows in ${raw.ms} ms, ${raw.rowsPerSecond} rows/s (load ${load()})`);

  const storage = await openStorage(loadConfig(benchEnv(dir)), areas, { readThreads: false, projectionThread: false });
  const batches = [];
  const read = await timed(async () => {
    for (let after = -1n; ;) {
      const batch = await storage.events.readAll(after, READ_BATCH);
      if (batch.length === 0) return batches.reduce((n, b) => n + b.length, 0);
      batches.push(batch);
      after = batch.at(-1).position;
    }
  });
  const events = read.result;
  log(`A. log read, decoded and opened: ${events} events in ${read.ms} ms (CPU ${read.cpuMs} ms, load ${load()})`);

  // Each projector alone first, its documents let go after it: with B's documents (kept for C) in memory, every later
  // fold's garbage collection would mark them too (at 100,000 members 4 GB).
  const byProjector = [];
  for (const projector of areas.projectors) {
    const alone = await timed(() => foldAll([projector], batches));
    byProjector.push({ collections: projector.collections.map((c) => c.name).join(', '), ms: alone.ms });
  }
  byProjector.sort((a, b) => b.ms - a.ms);
  log(
    `B. each projector folded alone, the slowest: ${byProjector
      .slice(0, 5)
      .map((p) => `${p.collections} ${p.ms} ms`)
      .join('; ')}`,
  );
  const folded = await timed(() => foldAll(areas.projectors, batches));
  const ops = folded.result;
  const anonFolded = anonMb(process.pid);
  log(
    `B. every projector folded in memory: ${folded.ms} ms (CPU ${folded.cpuMs} ms), ${ops.length} documents, anonymous ${anonFolded} MiB`,
  );
  const perCollection = {};
  for (const op of ops) perCollection[op.collection] = (perCollection[op.collection] ?? 0) + 1;
  const json = await timed(() => ops.reduce((n, op) => n + (op.kind === 'put' ? JSON.stringify(op.doc).length : 0), 0));
  batches.length = 0;
  await storage.close();

  const store = new SqliteReadStore(join(dir, 'stages.sqlite'));
  const specs = areas.projectors.flatMap((p) => p.collections);
  const names = specs.map((c) => c.name);
  await store.ensureCollections(specs);
  const written = await timed(async () => {
    await store.bulkLoad.begin(names);
    for (let i = 0; i < ops.length; i += WRITE_PIECE)
      await store.applyBatch(ops.slice(i, i + WRITE_PIECE), { name: 'stages', position: 1n });
  });
  const indexed = await timed(() => store.bulkLoad.finish(names));
  await store.close();
  log(
    `C. written once: ${written.ms} ms (CPU ${written.cpuMs} ms; ${round(json.result / 1e6, 1)} MB of JSON, of which ` +
      `JSON.stringify alone ${json.ms} ms), indexes made ${indexed.ms} ms (load ${load()})`,
  );

  const sqliteInsert = sqliteInsertFloor(join(dir, 'stages.sqlite'), dir, WRITE_PIECE);
  log(
    `C's rows inserted by SQLite alone: ${sqliteInsert.rows} rows in ${sqliteInsert.ms} ms ` +
      `(${sqliteInsert.perRowUs} µs a row), without their JSON ${sqliteInsert.withoutDocMs} ms (load ${load()})`,
  );

  const floorMs = round(read.ms + folded.ms + written.ms + indexed.ms);
  const rebuildStorage = await openStorage(loadConfig(benchEnv(dir)), areas, { readThreads: false });
  const rebuilt = await timed(() => rebuildStorage.runner.rebuild());
  await rebuildStorage.close();
  log(
    `floor (A + B + C, one core): ${floorMs} ms; the product's rebuild of the same log: ${rebuilt.ms} ms ` +
      `(CPU ${rebuilt.cpuMs} ms, load ${load()})`,
  );
  const stage = (metric, t, detail) => ({ metric, target: null, actual: t.ms, unit: 'ms', pass: null, detail });
  saveResult(
    'rebuild-stages',
    started,
    {
      fill: info.key,
      events,
      rawRead: raw,
      read: { ms: read.ms, cpuMs: read.cpuMs, eventsPerSecond: perSecond(events, read.ms) },
      fold: { ms: folded.ms, cpuMs: folded.cpuMs, documents: ops.length, anonymousMb: anonFolded, byProjector },
      documentsByCollection: perCollection,
      write: { ms: written.ms, cpuMs: written.cpuMs, jsonMb: round(json.result / 1e6, 1), stringifyMs: json.ms },
      indexes: { ms: indexed.ms },
      sqliteInsert,
      floorMs,
      rebuild: { ms: rebuilt.ms, cpuMs: rebuilt.cpuMs, events: rebuilt.result.events },
    },
    [
      stage('A. log read, decoded and opened (one core)', read, `raw read of the same rows ${raw.ms} ms`),
      stage('B. every projector folded in memory (one core)', folded, `${ops.length} documents`),
      stage(
        'C. the documents written once, then the indexes made',
        { ms: round(written.ms + indexed.ms) },
        `indexes ${indexed.ms} ms; SQLite alone inserting the same rows ${sqliteInsert.ms} ms, without their JSON ` +
          `${sqliteInsert.withoutDocMs} ms`,
      ),
      {
        metric: `floor of this design (A + B + C) against issue 41's demo rebuild`,
        target: `<= ${TARGET_MS}`,
        actual: floorMs,
        unit: 'ms',
        pass: floorMs <= TARGET_MS,
        detail: `the product's rebuild of the same log (two cores): ${rebuilt.ms} ms, CPU ${rebuilt.cpuMs} ms`,
      },
    ],
  );
} finally {
  cleanup();
}
