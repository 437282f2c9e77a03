// Projection rebuild of a realistic log (issue 41): the demo generator's cooperative (`npm run demo -- --members N`,
// seed 42; default 20,000 members, the postings the generator chooses), rebuilt as `npm run projections:rebuild`
// rebuilds it (openStorage() without read threads, ProjectionRunner.rebuild()), beside a raw read of the same log
// (better-sqlite3 iterate() + JSON.parse of data and metadata, as bench/rebuild.js) in the same run, with the peak
// anonymous memory of the process (RssAnon: the mapped event log not counted) sampled during the rebuild.
// The filled directory is kept in bench/.data/ (as the other fills, bench/README.md section 4); each run rebuilds a
// copy. Targets: >= 50,000 events/s, and the 20,000-member demo in <= 3 s; anonymous memory <= 1.5 GB.
// `BENCH_REBUILD_DEMO_DIR=<dir>`: rebuild a copy of that filled directory instead (to compare two builds on one log).
// `BENCH_REBUILD_DEMO_BACKLOG=<events>`: instead of a rebuild, the live projections catching up a backlog (issue 41):
// the read models are built (by a rebuild) from the log without its last <events> events, as if the projections had
// been paused while those were appended; then the whole log is put back and the projection thread is started as the
// product starts it (`runner.start()`, the subscription's `apply` path), timed until the read models include the log's
// last event, with the peak anonymous memory meanwhile. Target: the import's 1.3 M events' read models within 20 s of its end.
// `BENCH_REBUILD_DEMO_CONSOLE=1`: instead, the product's API on the copy (createApp, as `npm start`), a rebuild queued
// as the console queues it (`POST /admin/projections/rebuilds`), and the members list asked one request after another
// meanwhile (`GET /members?limit=25&sort=name`): its latency before and during the rebuild, and the rebuild's time.
import { join } from 'node:path';
import { copyFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  asTheProductRuns,
  benchEnv,
  built,
  latencySummary,
  load,
  log,
  now,
  perSecond,
  round,
  saveResult,
  tempDataDir,
} from './lib.js';
import { copyFill } from './support/cached-fill.js';
import { demoFill, fillKey } from './support/demo-fill.js';
import { rawRead } from './support/raw-read.js';
import { signIn } from './support/sign-in.js';

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_REBUILD_DEMO_MEMBERS ?? 20_000);
const POSTINGS = process.env.BENCH_REBUILD_DEMO_POSTINGS ? Number(process.env.BENCH_REBUILD_DEMO_POSTINGS) : undefined;
const TARGET_RATE = 50_000;
const TARGET_ANON_MB = 1536;
const BACKLOG = process.env.BENCH_REBUILD_DEMO_BACKLOG ? Number(process.env.BENCH_REBUILD_DEMO_BACKLOG) : undefined;
const CONSOLE = process.env.BENCH_REBUILD_DEMO_CONSOLE === '1';
const NAME =
  process.env.BENCH_REBUILD_DEMO_NAME ??
  (CONSOLE ? 'rebuild-demo-console' : BACKLOG === undefined ? 'rebuild-demo' : 'rebuild-demo-backlog');

const started = now();
const { dir, cleanup } = tempDataDir('rebuild-demo');
const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');
const { openStorage } = await built('services/dist/platform/storage.js');

/** Anonymous resident memory of this process in MiB (Linux /proc; the mapped files not counted). */
function anonMb() {
  const m = /RssAnon:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? round(Number(m[1]) / 1024, 1) : null;
}

/**
 * The live projections catching up the last `backlog` events of the log in `dir`: read models built from the rest of
 * the log (a copy of the log cut there, rebuilt), then the whole log back and the runner started, timed until it has
 * applied the log's last event. Answers the figures; the read models' size is checked by the caller.
 */
async function catchUpBacklog(dir, backlog) {
  const eventsFile = join(dir, 'events.sqlite');
  const whole = join(dir, 'events.whole');
  copyFileSync(eventsFile, whole);
  const db = new Database(eventsFile);
  const head = db.prepare('SELECT max(position) AS p FROM events').get().p;
  const cut = head - backlog;
  db.prepare('DELETE FROM events WHERE position > ?').run(cut);
  db.close();
  const before = await openStorage(loadConfig(benchEnv(dir)), areas, { readThreads: false });
  await before.runner.rebuild();
  await before.close();
  copyFileSync(whole, eventsFile);
  for (const leftover of [whole, `${eventsFile}-wal`, `${eventsFile}-shm`]) rmSync(leftover, { force: true });
  const storage = await openStorage(loadConfig(benchEnv(dir)), areas, { readThreads: false });
  const { result: _, ...figures } = await measured(storage, async () => {
    await storage.runner.start();
    await storage.runner.waitFor(BigInt(head), 3_600_000);
  });
  return { head, cut, events: backlog, ...figures };
}

/**
 * The members list's latency (ms, one request after another) while `busy()` says so, at most `limit` requests when
 * `busy` is undefined.
 */
async function listLatencies(url, token, busy, limit) {
  const times = [];
  while (busy ? await busy() : times.length < limit) {
    const t = now();
    const res = await fetch(`${url}/api/v1/members?limit=25&sort=name`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /members: ${res.status}`);
    times.push(now() - t);
  }
  return times;
}

/** The console during a rebuild (BENCH_REBUILD_DEMO_CONSOLE): the API on `dir`, a rebuild task, the list's latency. */
async function consoleDuringRebuild(dir) {
  const running = await createApp(loadConfig(benchEnv(dir)), areas, { logger: false });
  try {
    await running.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
    const token = await signIn(url);
    const headers = { authorization: `Bearer ${token}` };
    const before = await listLatencies(url, token, undefined, 200);
    const loadBefore = load();
    const t = now();
    const queued = await fetch(`${url}/api/v1/admin/projections/rebuilds`, { method: 'POST', headers });
    if (queued.status !== 201) throw new Error(`POST /admin/projections/rebuilds: ${queued.status}`);
    const { id } = await queued.json();
    let task;
    const during = await listLatencies(url, token, async () => {
      task = await (await fetch(`${url}/api/v1/tasks/${id}`, { headers })).json();
      return !['completed', 'failed', 'rejected'].includes(task.state);
    });
    const ms = now() - t;
    if (task.state !== 'completed') throw new Error(`the rebuild task ended ${task.state}`);
    return {
      rebuildMs: round(ms),
      events: Number(task.summary.events),
      before: latencySummary(before),
      during: latencySummary(during),
      requestsDuring: during.length,
      load: [loadBefore, load()],
    };
  } finally {
    await running.close();
  }
}

/**
 * Runs `work` on the opened `storage`, timed in wall and CPU time (every thread of the process: the projections run in
 * a thread of their own; beside other work on the machine wall time grows with the load, CPU time much less) with the
 * peak anonymous memory sampled meanwhile; then counts the read models' members and postings and closes the storage.
 */
async function measured(storage, work) {
  const anonBefore = anonMb();
  let anonPeak = anonBefore ?? 0;
  const sampler = setInterval(() => (anonPeak = Math.max(anonPeak, anonMb() ?? 0)), 50);
  const t = now();
  const cpu0 = process.cpuUsage();
  const result = await work();
  const ms = now() - t;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  anonPeak = Math.max(anonPeak, anonMb() ?? 0);
  const total = async (collection) =>
    (await storage.readStore.find(collection, { cooperativeId: null, limit: 1 })).total;
  const members = await total('members');
  const balances = await total('balances');
  await storage.close();
  return {
    result,
    ms: round(ms),
    cpuMs: round((cpu.user + cpu.system) / 1000),
    members,
    balances,
    anonBefore,
    anonPeak,
  };
}

try {
  let info;
  if (process.env.BENCH_REBUILD_DEMO_DIR) {
    await copyFill(process.env.BENCH_REBUILD_DEMO_DIR, dir);
    info = { key: process.env.BENCH_REBUILD_DEMO_DIR };
  } else {
    log(`filling (or reusing bench/.data/${fillKey(MEMBERS, POSTINGS)}) with the demo generator: ${MEMBERS} members`);
    ({ info } = await demoFill(MEMBERS, POSTINGS, dir));
  }
  const eventsFile = join(dir, 'events.sqlite');
  if (CONSOLE) {
    const c = await consoleDuringRebuild(dir);
    log(
      `console during a rebuild of ${c.events} events (${round(c.rebuildMs / 1000, 1)} s, load ${c.load.join(' -> ')}): ` +
        `members list before p50 ${c.before.p50} ms, p95 ${c.before.p95} ms; during (${c.requestsDuring} requests) ` +
        `p50 ${c.during.p50} ms, p95 ${c.during.p95} ms, max ${c.during.max} ms`,
    );
    saveResult(NAME, started, { fill: info.key, ...c }, [
      {
        metric: 'members list p95 during a rebuild',
        target: null,
        actual: c.during.p95,
        unit: 'ms',
        pass: null,
        detail: `before: p95 ${c.before.p95} ms; the rebuild ${round(c.rebuildMs / 1000, 1)} s`,
      },
    ]);
    process.exit(0);
  }
  if (BACKLOG !== undefined) {
    const c = await catchUpBacklog(dir, BACKLOG);
    const rate = perSecond(c.events, c.ms);
    log(
      `catch-up of a backlog of ${c.events} events (read models at ${c.cut}, log head ${c.head}): ${c.ms} ms, ` +
        `${rate} events/s; CPU ${c.cpuMs} ms (${perSecond(c.events, c.cpuMs)} events per CPU second); ` +
        `${c.members} members, ${c.balances} postings; anonymous memory ${c.anonBefore} -> peak ${c.anonPeak} MiB`,
    );
    if (c.members < 1 || c.balances < 1) throw new Error('the read models are empty');
    saveResult(
      NAME,
      started,
      { fill: info.key, ...c, eventsPerSecond: rate, eventsPerCpuSecond: perSecond(c.events, c.cpuMs) },
      [
        {
          metric: `live projection catching up ${c.events} events (demo log, ${c.members} members)`,
          target: null,
          actual: rate,
          unit: 'events/s',
          pass: null,
          detail: `${round(c.ms / 1000, 2)} s; CPU ${round(c.cpuMs / 1000, 2)} s`,
        },
      ],
    );
    process.exit(0);
  }
  rawRead(eventsFile); // warm the page cache: both sides read from memory
  const raw = rawRead(eventsFile);
  log(`raw read: ${raw.rows} rows in ${raw.ms} ms, ${raw.rowsPerSecond} rows/s`);

  const storage = await openStorage(loadConfig(benchEnv(dir)), areas, { readThreads: false });
  const { result, ms, cpuMs, members, balances, anonBefore, anonPeak } = await measured(storage, () =>
    storage.runner.rebuild(),
  );
  const { events } = result;
  const rate = perSecond(events, ms);
  const raw2 = rawRead(eventsFile);
  const rawRate = Math.max(raw.rowsPerSecond, raw2.rowsPerSecond);
  const ratio = round(rate / rawRate, 3);
  log(
    `rebuild: ${events} events in ${round(ms)} ms, ${rate} events/s (raw read ${rawRate} rows/s, ratio ${ratio}); ` +
      `CPU ${cpuMs} ms (${perSecond(events, cpuMs)} events per CPU second); ${members} members, ${balances} postings; anonymous memory ${anonBefore} -> peak ${anonPeak} MiB`,
  );
  if (members < 1 || balances < 1) throw new Error('the rebuilt read models are empty');
  saveResult(
    NAME,
    started,
    {
      fill: info.key,
      members,
      balances,
      events,
      eventsFileMb: round(statSync(eventsFile).size / 2 ** 20, 1),
      rebuildMs: round(ms),
      rebuildEventsPerSecond: rate,
      rebuildCpuMs: cpuMs,
      rebuildEventsPerCpuSecond: perSecond(events, cpuMs),
      rawReadRowsPerSecond: rawRate,
      rawReadRuns: [raw, raw2],
      ratio,
      anonymousMbBefore: anonBefore,
      anonymousMbPeak: anonPeak,
    },
    [
      { metric: 'raw read iterate()+JSON.parse', target: null, actual: rawRate, unit: 'rows/s', pass: null },
      {
        metric: `rebuild of the demo log (${members} members, ${events} events)`,
        target: `>= ${TARGET_RATE}`,
        actual: rate,
        unit: 'events/s',
        pass: rate >= TARGET_RATE,
        detail: `${round(ms / 1000, 2)} s; ratio to the raw read ${ratio}`,
      },
      {
        metric: 'rebuild events per CPU second (all threads)',
        target: null,
        actual: perSecond(events, cpuMs),
        unit: 'events/s',
        pass: null,
      },
      {
        metric: 'rebuild peak anonymous memory',
        target: `<= ${TARGET_ANON_MB}`,
        actual: anonPeak,
        unit: 'MiB',
        pass: anonPeak <= TARGET_ANON_MB,
      },
    ],
  );
} finally {
  cleanup();
}
