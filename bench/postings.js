// Postings through the API, quickly and repeatably: POST /api/v1/balances (type 1, 1-5 shares, today) on random
// members that have not exited, with autocannon in a child process, against the real app on a data directory filled
// once by the demo generator and kept for later runs (the fill of 100,000 members takes minutes; each run adds its
// few thousand postings to the kept store, which does not change the figure).
// It measures the same request as bench/members.js (a), without that script's fill and read benchmarks, for iterating
// on the write path; bench/members.js stays the figure of record.
//
//   npx tsc -b services && flock /tmp/bench.lock node bench/postings.js
//
// Knobs: BENCH_POSTINGS_MEMBERS (default 100000; about 10 postings each), BENCH_POSTINGS_DIR (the kept store, default
// $TMPDIR/coop-bench-postings-<members>; delete it to fill again), BENCH_POSTINGS_DURATION (s, default 10),
// BENCH_POSTINGS_CONNECTIONS (default 10), BENCH_POSTINGS_PROFILE=<file.cpuprofile> (CPU profile of the server's
// thread during the load, for `node bench/support/profile-summary.js <file>` or Chrome DevTools),
// BENCH_POSTINGS_WARM=0 (do not read the store's files into the OS page cache first).
// The store's files (about 6 GB at 100,000 members) are read once before the app starts, so every run meets them in
// the page cache as members.js does with its fresh copy: a store only partly cached (after a reboot, or when other
// files pushed it out) gave 390-535 postings/s against 657-702/s once read (2026-11-24, same code, same machine).
// They are read a 4 KiB page at a time from the end (readInPages), so the kernel caches them in 4 KiB folios as the
// product's own reads do: read in large pieces they were cached in large folios, which made every checkpoint write
// and its write-back cost far more (bench/README.md, "Large folios"). A store read the old way before 2026-11-24
// 23:00 UTC may still be cached so: drop it once (`dd if=<file> iflag=nocache count=0` for each file).
// On this machine the kernel also pages out, about a minute after their last use, file pages no process has mapped
// (DAMON proactive reclaim, /sys/kernel/mm/damon/admin): a warm-up that takes longer than that, or a pause between
// runs, leaves much of the store on the disk again. Each run therefore says what every thread read from the disk
// (major faults of the memory-mapped event log, bytes read): a run whose API thread read hundreds of MB was a cold
// one, and its rate is not comparable with a warm one's (docs/decisions.md 38).
// Prints one JSON line with the figures; writes no results file.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asTheProductRuns, benchEnv, built, caughtUp, log, now, rng, round } from './lib.js';
import { readInPages } from './support/cached-fill.js';
import { ioCounter, threadShares, threadTimes } from './support/threads.js';
import { cannonChild } from './support/post-load.js';

if (process.argv[2] === '--cannon') {
  await cannonChild(JSON.parse(readFileSync(process.argv[3], 'utf8')));
  process.exit(0);
}

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_POSTINGS_MEMBERS ?? 100_000);
const DIR = process.env.BENCH_POSTINGS_DIR ?? join(tmpdir(), `coop-bench-postings-${MEMBERS}`);
const DURATION = Number(process.env.BENCH_POSTINGS_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_POSTINGS_CONNECTIONS ?? 10);
const PROFILE = process.env.BENCH_POSTINGS_PROFILE;
const FILLED = join(DIR, 'bench-filled.json');

const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');
const { fillDemo } = await built('services/dist/demo/demo.js');
const { MEMBERS: MEMBERS_COLLECTION } = await built('projections/dist/owned/members.js');

if (!existsSync(FILLED)) {
  log(`filling ${DIR} with the demo generator: ${MEMBERS} members, about ${MEMBERS * 10} postings (seed 42)`);
  const filling = await createApp(loadConfig(benchEnv(DIR)), areas, { logger: false });
  try {
    const t0 = now();
    const demo = await fillDemo(filling, {
      members: MEMBERS,
      postings: MEMBERS * 10,
      seed: 42,
      log: (line) => log(`    ${line}`),
    });
    writeFileSync(
      FILLED,
      JSON.stringify({
        cooperativeId: demo.cooperativeId,
        members: demo.members,
        postings: demo.postings,
        events: demo.events,
      }),
    );
    log(
      `    filled in ${round((now() - t0) / 1000, 1)} s: ${demo.members} members, ${demo.postings} postings, ${demo.events} events`,
    );
  } finally {
    await filling.close();
  }
}
const filled = JSON.parse(readFileSync(FILLED, 'utf8'));
if (process.env.BENCH_POSTINGS_WARM !== '0') {
  const t0 = now();
  const bytes = readdirSync(DIR)
    .filter((f) => /\.sqlite(-wal)?$/.test(f))
    .reduce((sum, f) => sum + readInPages(join(DIR, f)), 0);
  log(`read the store's ${round(bytes / 2 ** 30, 1)} GiB into the page cache in ${round((now() - t0) / 1000, 1)} s`);
}

const running = await createApp(loadConfig(benchEnv(DIR)), areas, { logger: false });
try {
  const cooperativeId = filled.cooperativeId;
  const docs = (
    await running.storage.readStore.find(MEMBERS_COLLECTION.name, { cooperativeId, limit: filled.members + 10 })
  ).items;
  const activeIds = docs.filter((d) => d.exitDate === null).map((d) => d.id);
  log(
    `${DIR}: ${docs.length} members, ${activeIds.length} not exited, ${Number(await running.storage.events.headPosition()) + 1} events`,
  );

  await running.app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-Kennwort-2026' }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`);
  const { token } = await login.json();

  const random = rng(Date.now() >>> 0);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const bodies = Array.from({ length: 20_000 }, () =>
    JSON.stringify({
      member: activeIds[Math.floor(random() * activeIds.length)],
      type: 1,
      quantity: 1 + Math.floor(random() * 5),
      date: today,
      approvalDate: today,
      interestBegin: today,
    }),
  );
  const spec = join(DIR, 'cannon-spec.json');
  writeFileSync(
    spec,
    JSON.stringify({ url, token, path: '/api/v1/balances', bodies, connections: CONNECTIONS, duration: DURATION }),
  );

  const session = PROFILE ? await startProfile() : undefined;
  log(`autocannon ${DURATION} s x ${CONNECTIONS} connections: POST /api/v1/balances type 1`);
  // CPU time of this process (the server: API thread and projection thread) and of the load generator, so a run
  // says how many milliseconds of the two cores one posting costs, whatever else the machine was doing.
  const cpuBefore = process.cpuUsage();
  const threadsBefore = threadTimes();
  const writtenBefore = bytesWritten();
  const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), '--cannon', spec], {
    maxBuffer: 64 * 2 ** 20,
  });
  // Postings are answered before the read models include them: the run lasts until they do.
  const catchUpMs = round(await caughtUp(url, token), 1);
  const cpu = process.cpuUsage(cpuBefore);
  const threadsAfter = threadTimes();
  const writtenAfter = bytesWritten();
  if (session) await stopProfile(session, PROFILE);
  const r = JSON.parse(stdout.trim().split('\n').at(-1));
  const threads = threadShares(threadsBefore, threadsAfter, r.durationSeconds + catchUpMs / 1000);
  const created = r.statuses['201'] ?? 0;
  const postingsPerSecond = Math.round(created / (r.durationSeconds + catchUpMs / 1000));
  const bad =
    r.errors +
    r.timeouts +
    Object.entries(r.statuses)
      .filter(([s]) => s !== '201' && s !== '409')
      .reduce((a, [, n]) => a + n, 0);
  const serverCpuMsPerPosting = round((cpu.user + cpu.system) / 1000 / Math.max(1, r.requests), 3);
  const serverKernelMsPerPosting = round(cpu.system / 1000 / Math.max(1, r.requests), 3);
  const writtenKbPerPosting =
    writtenBefore === null || writtenAfter === null
      ? null
      : round((writtenAfter - writtenBefore) / 1024 / Math.max(1, r.requests), 1);
  log(
    `    ${postingsPerSecond} postings/s (${created} created; the read models included the last ${catchUpMs} ms after the last answer), p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} / p99 ${r.latencyMs.p99} ms`,
    JSON.stringify(r.statuses),
  );
  log(
    `    server CPU ${serverCpuMsPerPosting} ms a posting (all threads; in the kernel ${serverKernelMsPerPosting}), load generator ${r.cpuMsPerRequest} ms a request`,
  );
  if (writtenKbPerPosting !== null)
    log(`    written by the server (write calls: logs and checkpoints): ${writtenKbPerPosting} kB a posting`);
  const diskReads = (threads ?? [])
    .filter((t) => t.majorFaults > 0 || t.readMB > 0)
    .map(({ name, readMB, majorFaults }) => ({ name, readMB, majorFaults }));
  const apiThreadMsPerPosting = threads ? round((threads[0].seconds * 1000) / Math.max(1, r.requests), 3) : null;
  if (threads) {
    log(
      `    busiest threads (% of one core over the load): ${threads
        .slice(0, 4)
        .map((t) => `${t.name} ${t.percent}`)
        .join(', ')}; API thread ${apiThreadMsPerPosting} ms a posting`,
    );
    log(
      `    read from the disk (pages not in the page cache): ${diskReads.map((t) => `${t.name} ${t.readMB} MB, ${t.majorFaults} major faults`).join('; ') || 'nothing'}`,
    );
  }
  console.log(
    JSON.stringify({
      members: docs.length,
      connections: CONNECTIONS,
      postingsPerSecond,
      catchUpMs,
      created,
      failed: bad,
      serverCpuMsPerPosting,
      serverKernelMsPerPosting,
      writtenKbPerPosting,
      apiThreadMsPerPosting,
      diskReads,
      ...r,
    }),
  );
  if (bad > 0) process.exitCode = 1;
} finally {
  await running.close();
}

/**
 * Bytes this process has handed to write calls so far, all threads (Linux: `wchar` of /proc/self/io: the stores'
 * write-ahead log frames and checkpoint copies), or null elsewhere. Not `write_bytes`: on this VM it counted 13 GB
 * for 270 MB of writes in a 3 s run.
 */
function bytesWritten() {
  return ioCounter('/proc/self/io', 'wchar');
}

/** Starts the V8 CPU profiler on this (the server's) thread. */
async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return session;
}

async function stopProfile(session, file) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  log(`    CPU profile written to ${file}`);
}
