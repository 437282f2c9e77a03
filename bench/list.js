// List endpoint under load: GET /api/v1/users?search=<text>&order_by=username&limit=20 over a
// 100,000-document `users` read model, against a nearly bare authenticated route of the same server
// (GET /api/v1/users/options?attribute=roles: token check and credentials look-up, no list query).
// The real app runs in this process (createApp + listen on a free port); autocannon runs in a child
// process (bench/support/cannon.js) so it does not share the server's event loop.
// Target: list p99 < 25 ms at 100,000 documents.
// With MONGODB_URL set, the same fill and the closed-loop list and bare runs are repeated with the read models on
// MongoDB (this run's database; the event log stays embedded), and printed beside the embedded figures (bench/engines.js).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asTheProductRuns, benchEnv, built, log, now, perSecond, round, ROOT, saveResult, tempDataDir } from './lib.js';
import { cachedFill } from './support/cached-fill.js';
import { announceEngines, dropRunDatabase, engineEnv, ENGINES } from './engines.js';
import { signIn } from './support/sign-in.js';
import { fillUsers } from './support/user-fill.js';

asTheProductRuns();
announceEngines('list', { events: false });

const USERS = Number(process.env.BENCH_LIST_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_LIST_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 10);
/**
 * Offered loads (requests/s, comma-separated; empty: none), each run open-loop with RATE_CONNECTIONS connections
 * beside the closed-loop saturation run (docs/decisions.md, "Read latency at a stated offered load").
 */
const RATES = (process.env.BENCH_LIST_RATES ?? '50,100')
  .split(',')
  .filter((r) => r.trim() !== '')
  .map(Number);
const RATE_CONNECTIONS = Number(process.env.BENCH_LIST_RATE_CONNECTIONS ?? 20);
/** Reuse the filled data directory in bench/.data/ (made by the first run with as many users); 0 fills afresh. */
const CACHE = process.env.BENCH_LIST_CACHE !== '0';
const APPEND_BATCH = 5000;
const TARGET_P99_MS = 25;

/** What people type into the search box: names, fragments, other case, an umlaut, a number, one miss. */
const TERMS = [
  'müller',
  'SCHMI',
  'anna.',
  'hof',
  'weber',
  'jürg',
  'lena.k',
  'mann',
  'ÖZLEM',
  'er.sch',
  'könig',
  'becker-1',
  'lukas.w',
  'krü',
  'marie.b',
  '-4711',
  'nobody-here',
  'stefan',
  'huber',
  'ke.w',
];

const started = now();
const { dir, cleanup } = tempDataDir('list');
const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');

const listPath = (term) => `/api/v1/users?search=${encodeURIComponent(term)}&order_by=username&limit=20`;
const barePath = '/api/v1/users/options?attribute=roles';

function cannon(url, token, paths, load = { connections: CONNECTIONS }) {
  const args = [
    join(ROOT, 'bench/support/cannon.js'),
    JSON.stringify({ url, token, paths, duration: DURATION, ...load }),
  ];
  return promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 2 ** 20 }).then(({ stdout }) =>
    JSON.parse(stdout.trim().split('\n').at(-1)),
  );
}

log(
  `${CACHE ? 'filling (or reusing bench/.data/)' : 'filling'}: the users read model with ${USERS} users (UserCreated events, ${APPEND_BATCH} per appendMulti)`,
);
const t0 = now();
/** The fill, the closed-loop list run and the bare route with the read models on MongoDB (this run's database). */
async function onMongoDb() {
  const dataDir = join(dir, 'mongodb');
  const app = await createApp(loadConfig(engineEnv(dataDir, { reads: true })), areas, { logger: false });
  try {
    const cooperativeId = app.firstStart.cooperativeId;
    log(`MongoDB: filling the users read model with ${USERS} users`);
    const fillMs = await fillUsers(app.storage, cooperativeId, USERS, APPEND_BATCH);
    const total = (await app.storage.readStore.find('users', { cooperativeId, limit: 1 })).total;
    log(`    ${total} users in ${round(fillMs / 1000, 1)} s`);
    await app.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${app.app.getHttpServer().address().port}`;
    const token = await signIn(url);
    log(`MongoDB: autocannon ${DURATION} s x ${CONNECTIONS} connections: list with search + order_by`);
    const list = await cannon(url, token, TERMS.map(listPath));
    log(
      `    ${list.requestsPerSecond} req/s, p50 ${list.latencyMs.p50} ms, p95 ${list.latencyMs.p95} ms, p99 ${list.latencyMs.p99} ms`,
      JSON.stringify(list.statuses),
    );
    const bare = await cannon(url, token, [barePath]);
    log(`    bare route: ${bare.requestsPerSecond} req/s, p99 ${bare.latencyMs.p99} ms`);
    return {
      engine: 'MongoDB',
      documents: total,
      fillSeconds: round(fillMs / 1000, 1),
      fillEventsPerSecond: perSecond(USERS, fillMs),
      list,
      bare,
    };
  } finally {
    await app.close();
  }
}

const fill = await cachedFill(
  `list-users-${USERS}`,
  dir,
  async (target) => {
    const filling = await createApp(loadConfig(benchEnv(target)), areas, { logger: false });
    try {
      const cooperativeId = filling.firstStart.cooperativeId;
      return { cooperativeId, fillMs: await fillUsers(filling.storage, cooperativeId, USERS, APPEND_BATCH) };
    } finally {
      await filling.close();
    }
  },
  { enabled: CACHE },
);
const fillMs = fill.info.result.fillMs;
log(
  `    ${fill.reused ? `reused the fill of ${fill.info.madeAt} (commit ${fill.info.commit}), copied in ${round((now() - t0) / 1000, 1)} s; ` : ''}filled in ${round(fillMs / 1000, 1)} s`,
);

const running = await createApp(loadConfig(benchEnv(dir)), areas, { logger: false });
let runningClosed = false;
const closeRunning = async () => {
  if (runningClosed) return;
  runningClosed = true;
  await running.close();
};
try {
  const { storage } = running;
  const cooperativeId = fill.info.result.cooperativeId;
  const total = (await storage.readStore.find('users', { cooperativeId, limit: 1 })).total;
  log(`    ${total} users in the read model`);

  await running.app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  const token = await signIn(url);
  const auth = { authorization: `Bearer ${token}` };

  // Check the answers once (and warm up): every term answers 200 with TotalItems or 204.
  const matches = {};
  for (const term of TERMS) {
    const res = await fetch(url + listPath(term), { headers: auth });
    if (res.status !== 200 && res.status !== 204) throw new Error(`${listPath(term)} answered ${res.status}`);
    matches[term] = Number(res.headers.get('totalitems') ?? 0);
    await res.arrayBuffer();
  }
  log('    matches per term:', JSON.stringify(matches));

  // Sequential service time of one list request (no concurrency), in-process fetch over loopback.
  const serial = [];
  for (let i = 0; i < 200; i++) {
    const t = now();
    const res = await fetch(url + listPath(TERMS[i % TERMS.length]), { headers: auth });
    await res.arrayBuffer();
    serial.push(now() - t);
  }
  serial.sort((a, b) => a - b);
  const serialMedian = round(serial[Math.floor(serial.length / 2)], 2);
  log(`    sequential list request: median ${serialMedian} ms`);

  log(`autocannon ${DURATION} s x ${CONNECTIONS} connections: list with search + order_by`);
  const list = await cannon(url, token, TERMS.map(listPath));
  log(
    `    ${list.requestsPerSecond} req/s, p50 ${list.latencyMs.p50} ms, p95 ${list.latencyMs.p95} ms, p99 ${list.latencyMs.p99} ms`,
    JSON.stringify(list.statuses),
  );
  log(`autocannon ${DURATION} s x ${CONNECTIONS} connections: bare route ${barePath}`);
  const bare = await cannon(url, token, [barePath]);
  log(
    `    ${bare.requestsPerSecond} req/s, p50 ${bare.latencyMs.p50} ms, p95 ${bare.latencyMs.p95} ms, p99 ${bare.latencyMs.p99} ms`,
    JSON.stringify(bare.statuses),
  );
  const offered = [];
  for (const rate of RATES) {
    log(
      `autocannon ${DURATION} s, offered ${rate} req/s over ${RATE_CONNECTIONS} connections: list with search + order_by`,
    );
    const run = await cannon(url, token, TERMS.map(listPath), { connections: RATE_CONNECTIONS, overallRate: rate });
    log(
      `    ${run.requestsPerSecond} req/s achieved${run.saturated ? ' (SATURATED: below 95 % of the offered rate)' : ''}, p50 ${run.latencyMs.p50} ms, p95 ${run.latencyMs.p95} ms, p99 ${run.latencyMs.p99} ms`,
      JSON.stringify(run.statuses),
    );
    log(`autocannon ${DURATION} s, offered ${rate} req/s over ${RATE_CONNECTIONS} connections: bare route`);
    const bareRun = await cannon(url, token, [barePath], { connections: RATE_CONNECTIONS, overallRate: rate });
    log(
      `    ${bareRun.requestsPerSecond} req/s achieved, p50 ${bareRun.latencyMs.p50} ms, p95 ${bareRun.latencyMs.p95} ms, p99 ${bareRun.latencyMs.p99} ms`,
    );
    offered.push({ ...run, bare: bareRun });
  }
  const bad = (r) =>
    r.errors +
    r.timeouts +
    Object.entries(r.statuses)
      .filter(([s]) => s !== '200' && s !== '204')
      .reduce((a, [, n]) => a + n, 0);
  if (bad(list) > 0 || bad(bare) > 0 || offered.some((r) => bad(r) > 0 || bad(r.bare) > 0)) {
    throw new Error(`Failed requests: list ${bad(list)}, bare ${bad(bare)}, offered ${offered.map(bad).join('/')}`);
  }
  await closeRunning();
  const mongodb = ENGINES.mongodbUrl ? await onMongoDb() : null;
  if (mongodb && (bad(mongodb.list) > 0 || bad(mongodb.bare) > 0))
    throw new Error(`Failed requests on MongoDB: list ${bad(mongodb.list)}, bare ${bad(mongodb.bare)}`);

  saveResult(
    'list',
    started,
    {
      documents: total,
      fillSeconds: round(fillMs / 1000, 1),
      fillEventsPerSecond: perSecond(USERS, fillMs),
      fillReused: fill.reused,
      fillMadeAt: fill.info.madeAt,
      fillCommit: fill.info.commit,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      terms: TERMS,
      matchesPerTerm: matches,
      sequentialListMedianMs: serialMedian,
      list: { path: listPath('<term>'), load: `closed loop, ${CONNECTIONS} connections (saturation)`, ...list },
      listAtOfferedLoad: offered.map((r) => ({
        path: listPath('<term>'),
        load: `open loop, ${r.offeredRate} req/s offered over ${r.connections} connections`,
        ...r,
      })),
      bare: { path: barePath, ...bare },
      engines: mongodb ? [mongodb] : [],
    },
    [
      {
        metric: `list p99, ${total} docs, ${CONNECTIONS} conn closed loop (saturation)`,
        target: `< ${TARGET_P99_MS}`,
        actual: list.latencyMs.p99,
        unit: 'ms',
        pass: list.latencyMs.p99 < TARGET_P99_MS,
        detail: `p50 ${list.latencyMs.p50} / p95 ${list.latencyMs.p95} ms, ${list.requestsPerSecond} req/s`,
      },
      ...offered.map((r) => ({
        metric: `list p99, ${total} docs, offered ${r.offeredRate} req/s (${r.connections} conn, open loop)`,
        target: `< ${TARGET_P99_MS}`,
        actual: r.latencyMs.p99,
        unit: 'ms',
        pass: r.latencyMs.p99 < TARGET_P99_MS && !r.saturated,
        detail:
          `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s achieved${r.saturated ? ' (saturated)' : ''}; ` +
          `bare route at the same load: p50 ${r.bare.latencyMs.p50} / p95 ${r.bare.latencyMs.p95} / p99 ${r.bare.latencyMs.p99} ms`,
      })),
      {
        metric: 'bare route p99 (reference)',
        target: null,
        actual: bare.latencyMs.p99,
        unit: 'ms',
        pass: null,
        detail: `p50 ${bare.latencyMs.p50} / p95 ${bare.latencyMs.p95} ms, ${bare.requestsPerSecond} req/s`,
      },
      ...(mongodb
        ? [
            {
              metric: `list p99 on MongoDB, ${mongodb.documents} docs, ${CONNECTIONS} conn closed loop`,
              target: null,
              actual: mongodb.list.latencyMs.p99,
              unit: 'ms',
              pass: null,
              detail: `embedded p99 ${list.latencyMs.p99} ms; p50 ${mongodb.list.latencyMs.p50} / p95 ${mongodb.list.latencyMs.p95} ms, ${mongodb.list.requestsPerSecond} req/s; bare p99 ${mongodb.bare.latencyMs.p99} ms`,
            },
          ]
        : []),
    ],
  );
} finally {
  await closeRunning();
  await dropRunDatabase();
  cleanup();
}
