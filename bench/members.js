// Members at scale: 100,000 members and about 1,000,000 postings made by the demo generator
// (services/dist/demo/demo.js, the code behind `npm run demo`), then, against the real app in this
// process (createApp + listen on a free port) with autocannon in a child process:
//  (a) postings through the API: POST /api/v1/balances, type 1 (additional shares) on random members
//      that have not exited, sustained postings/s (each answered 201 after read-your-writes);
//  (b) the member list with search and sort: GET /api/v1/members?search=<term>&order_by=name&limit=20&filter=exitDate:null;
//  (c) the member dashboard: GET /api/v1/dashboard/member/<id> on random members;
// beside the bare authenticated route GET /api/v1/users/options?attribute=roles (as bench/list.js);
//  (d) the member list at an offered load while postings are written at a steady rate, as in an office where one
//      clerk posts while others search (every posting changes the read store the list is read from).
// Targets: >= 1,000 postings/s; list and dashboard p99 < 25 ms.
// `node bench/members.js` (built code: run `npx tsc -b services` first, or `node bench/run.js members`).
// The child mode `node bench/members.js --cannon '<json>'` runs autocannon with POST bodies (bench/support/cannon.js
// sends GETs only); `--poster '<json>'` posts one body every 1/rate s, each as soon as it is due, for (d).
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  asTheProductRuns,
  benchEnv,
  built,
  cachedFill,
  caughtUp,
  latencySummary,
  log,
  now,
  rng,
  round,
  ROOT,
  saveResult,
  tempDataDir,
  threadShares,
  threadTimes,
} from './lib.js';

const CHILD_MODES = { '--cannon': cannonChild, '--poster': posterChild };
if (process.argv[2] in CHILD_MODES) {
  await CHILD_MODES[process.argv[2]](JSON.parse(readFileSync(process.argv[3], 'utf8')));
  process.exit(0);
}

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTINGS = Number(process.env.BENCH_MEMBERS_POSTINGS ?? MEMBERS * 10);
const DURATION = Number(process.env.BENCH_MEMBERS_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_MEMBERS_CONNECTIONS ?? 10);
/** Offered loads (requests/s, comma-separated; empty: none) for the list and the dashboard, open loop, beside the saturation runs. */
const RATES = (process.env.BENCH_MEMBERS_RATES ?? '50,100')
  .split(',')
  .filter((r) => r.trim() !== '')
  .map(Number);
const RATE_CONNECTIONS = Number(process.env.BENCH_MEMBERS_RATE_CONNECTIONS ?? 20);
/** Member documents read at a time for their ids: small pages die young instead of growing the server's heap. */
const ID_PAGE = 2000;
const WARM_UP = Number(process.env.BENCH_MEMBERS_WARM_UP ?? 3);
const WIDE_POSTING_CONNECTIONS = Number(process.env.BENCH_MEMBERS_WIDE_CONNECTIONS ?? 40);
/** (d): postings/s written steadily while the member list is asked at the first offered rate (0: no such run). */
const MIXED_POSTINGS_PER_SECOND = Number(process.env.BENCH_MEMBERS_MIXED_POSTINGS ?? 20);
/** Reuse a filled data directory from bench/.data/ (made by the first run of the same size and seed); 0 fills afresh.
 * BENCH_MEMBERS_FILL_ONLY=1 only makes sure the filled directory exists (fills it when missing) and measures nothing. */
const CACHE = process.env.BENCH_MEMBERS_CACHE !== '0';
const SEED = 42;
const TARGET_POSTINGS_PER_SECOND = 1000;
const TARGET_P99_MS = 25;

/** What a clerk types into the member search: names, fragments, other case, umlauts, a member number, a firm, one miss. */
const TERMS = [
  'müller',
  'SCHMI',
  'hof',
  'weber',
  'jürg',
  'mann',
  'könig',
  'anna',
  'Stadtwerke',
  'krü',
  'ÖZLEM',
  'lena',
  'huber',
  'schäfer',
  '4711',
  'er',
  'eG',
  'nobody-here',
  'thomas',
  'bau',
];

const listPath = (term) =>
  `/api/v1/members?search=${encodeURIComponent(term)}&order_by=name&limit=20&filter=exitDate:null`;
const barePath = '/api/v1/users/options?attribute=roles';

/** Runs a load generator in a child process (`args` after node) and returns the JSON line it prints last. */
function child(args) {
  return promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 2 ** 20 }).then(({ stdout }) =>
    JSON.parse(stdout.trim().split('\n').at(-1)),
  );
}

/** A child mode of this script (`--cannon`, `--poster`), its spec in a file (POST bodies are too long for argv). */
function childMode(mode, spec) {
  const file = join(dir, `${mode.slice(2)}-spec.json`);
  writeFileSync(file, JSON.stringify(spec));
  return child([fileURLToPath(import.meta.url), mode, file]);
}

/** GETs through bench/support/cannon.js (its spec goes in argv: keep `paths` short); POST bodies through `--cannon`. */
function cannon(url, token, spec) {
  const full = { url, token, connections: CONNECTIONS, duration: DURATION, ...spec };
  return spec.bodies
    ? childMode('--cannon', full)
    : child([join(ROOT, 'bench/support/cannon.js'), JSON.stringify(full)]);
}

const bad = (r, ok) =>
  r.errors +
  r.timeouts +
  Object.entries(r.statuses)
    .filter(([s]) => !ok.includes(s))
    .reduce((a, [, n]) => a + n, 0);
const figure = (r) => `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s`;

const started = now();
const { dir, cleanup } = tempDataDir('members');
const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');
const { fillDemo } = await built('services/dist/demo/demo.js');
const { MEMBERS: MEMBERS_COLLECTION } = await built('projections/dist/owned/members.js');

log(
  `${CACHE ? 'filling (or reusing bench/.data/)' : 'filling'} with the demo generator: ${MEMBERS} members, about ${POSTINGS} postings, seed ${SEED}`,
);
const t0 = now();
const fill = await cachedFill(
  `members-${MEMBERS}-postings-${POSTINGS}-seed-${SEED}`,
  dir,
  async (target) => {
    const filling = await createApp(loadConfig(benchEnv(target)), areas, { logger: false });
    try {
      const t = now();
      const summary = await fillDemo(filling, {
        members: MEMBERS,
        postings: POSTINGS,
        seed: SEED,
        log: (line) => log(`    ${line}`),
      });
      return { ...summary, fillMs: now() - t };
    } finally {
      await filling.close();
    }
  },
  { enabled: CACHE },
);
const demo = fill.info.result;
const fillMs = demo.fillMs;
log(
  `    ${fill.reused ? `reused the fill of ${fill.info.madeAt} (commit ${fill.info.commit}), copied in ${round((now() - t0) / 1000, 1)} s` : 'filled'}: ` +
    `${round(fillMs / 1000, 1)} s, ${demo.members} members, ${demo.postings} postings, ${demo.events} events`,
);

if (process.env.BENCH_MEMBERS_FILL_ONLY === '1') {
  log(`    BENCH_MEMBERS_FILL_ONLY: the filled directory is in bench/.data/; nothing measured`);
  cleanup();
  process.exit(0);
}

const t1 = now();
const running = await createApp(loadConfig(benchEnv(dir)), areas, { logger: false });
const openMs = now() - t1;
log(`    app started on the filled data in ${round(openMs / 1000, 1)} s`);
try {
  const cooperativeId = demo.cooperativeId;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  // Only the ids are kept, read a page at a time: all documents at once (about 200 MB of objects at 100,000 members)
  // grew the server's heap, which a real API process does not carry, and its later garbage collections fell into
  // the measured runs.
  const activeIds = [];
  const memberIds = [];
  for (let offset = 0; ; offset += ID_PAGE) {
    const { items } = await running.storage.readStore.find(MEMBERS_COLLECTION.name, {
      cooperativeId,
      sort: [{ field: 'id', direction: 'asc' }],
      offset,
      limit: ID_PAGE,
    });
    for (const d of items) {
      memberIds.push(d.id);
      if (d.exitDate === null) activeIds.push(d.id);
    }
    if (items.length < ID_PAGE) break;
  }
  const random = rng(7);
  const sample = (ids, n) => Array.from({ length: n }, () => ids[Math.floor(random() * ids.length)]);
  log(`    ${memberIds.length} members in the read model, ${activeIds.length} not exited`);

  await running.app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-Kennwort-2026' }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`);
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };

  // Check the answers once (and warm up).
  const matches = {};
  for (const term of TERMS) {
    const res = await fetch(url + listPath(term), { headers: auth });
    if (res.status !== 200 && res.status !== 204) throw new Error(`${listPath(term)} answered ${res.status}`);
    matches[term] = Number(res.headers.get('totalitems') ?? 0);
    await res.arrayBuffer();
  }
  log('    matches per term:', JSON.stringify(matches));
  const dashboardPaths = sample(memberIds, 1500).map((id) => `/api/v1/dashboard/member/${id}`);
  let postingsPerDashboard = 0;
  for (const path of dashboardPaths.slice(0, 50)) {
    const res = await fetch(url + path, { headers: auth });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    postingsPerDashboard += (await res.json()).balance.length;
  }
  postingsPerDashboard = round(postingsPerDashboard / 50, 1);

  // Sequential service times (no concurrency).
  const serial = async (paths, n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = now();
      const res = await fetch(url + paths[i % paths.length], { headers: auth });
      await res.arrayBuffer();
      times.push(now() - t);
    }
    times.sort((a, b) => a - b);
    return round(times[Math.floor(n / 2)], 2);
  };
  const serialList = await serial(TERMS.map(listPath), 200);
  const serialDashboard = await serial(dashboardPaths, 50);
  log(
    `    sequential: list median ${serialList} ms, dashboard median ${serialDashboard} ms (${postingsPerDashboard} postings per member dashboard)`,
  );

  // Warm-up at the measured concurrency, not recorded: the sequential requests above all go to the first read thread
  // (the one with the fewest open queries), so the second one would meet its cold page cache and its first counts
  // (the widest term, `er`, takes about 0.7 s the first time after a start) inside the measured run.
  log(`warm-up, not recorded: ${WARM_UP} s each of the list and the dashboard at ${CONNECTIONS} connections`);
  for (const paths of [TERMS.map(listPath), dashboardPaths]) await cannon(url, token, { paths, duration: WARM_UP });
  log(
    `autocannon ${DURATION} s x ${CONNECTIONS} connections: member list with search + order_by=name + filter=exitDate:null`,
  );
  const list = await cannon(url, token, { paths: TERMS.map(listPath) });
  log(
    `    ${list.requestsPerSecond} req/s, p50 ${list.latencyMs.p50} ms, p95 ${list.latencyMs.p95} ms, p99 ${list.latencyMs.p99} ms`,
    JSON.stringify(list.statuses),
  );
  log(`autocannon ${DURATION} s x ${CONNECTIONS} connections: member dashboard on random members`);
  const dashboard = await cannon(url, token, { paths: dashboardPaths });
  log(
    `    ${dashboard.requestsPerSecond} req/s, p50 ${dashboard.latencyMs.p50} ms, p95 ${dashboard.latencyMs.p95} ms, p99 ${dashboard.latencyMs.p99} ms`,
    JSON.stringify(dashboard.statuses),
  );
  log(`autocannon ${DURATION} s x ${CONNECTIONS} connections: bare route ${barePath}`);
  const bare = await cannon(url, token, { paths: [barePath] });
  log(
    `    ${bare.requestsPerSecond} req/s, p50 ${bare.latencyMs.p50} ms, p95 ${bare.latencyMs.p95} ms, p99 ${bare.latencyMs.p99} ms`,
    JSON.stringify(bare.statuses),
  );

  const offered = [];
  for (const rate of RATES) {
    const load = { connections: RATE_CONNECTIONS, overallRate: rate };
    log(
      `autocannon ${DURATION} s, offered ${rate} req/s over ${RATE_CONNECTIONS} connections: member list, then member dashboard`,
    );
    const listRun = await cannon(url, token, { paths: TERMS.map(listPath), ...load });
    const dashboardRun = await cannon(url, token, { paths: dashboardPaths, ...load });
    for (const [what, r] of [
      ['list', listRun],
      ['dashboard', dashboardRun],
    ]) {
      log(
        `    ${what}: ${r.requestsPerSecond} req/s achieved${r.saturated ? ' (SATURATED)' : ''}, p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms`,
        JSON.stringify(r.statuses),
      );
      log(
        `      slowest (ms, due at ms after the start): ${(r.slowest ?? []).map((x) => `${x.ms} @${x.atMs}`).join(', ')}`,
      );
    }
    offered.push({ rate, list: listRun, dashboard: dashboardRun });
  }

  // (d) The list while postings are written: each posting changes the read store under the read threads.
  let mixed;
  if (MIXED_POSTINGS_PER_SECOND > 0 && RATES.length > 0) {
    const rate = RATES[0];
    log(
      `autocannon ${DURATION} s, offered ${rate} req/s over ${RATE_CONNECTIONS} connections: member list, then member dashboard, while ${MIXED_POSTINGS_PER_SECOND} postings/s are written`,
    );
    const bodies = sample(activeIds, MIXED_POSTINGS_PER_SECOND * (2 * DURATION + 2)).map((member) =>
      JSON.stringify({
        member,
        type: 1,
        quantity: 1,
        date: today,
        approvalDate: today,
        interestBegin: today,
      }),
    );
    // Another clerk posts: a user's own reads wait for the user's postings (decision 40), a colleague's do not.
    const posterToken = await signedInClerk(url, auth, 'bench-poster');
    const poster = childMode('--poster', {
      url,
      token: posterToken,
      path: '/api/v1/balances',
      bodies,
      rate: MIXED_POSTINGS_PER_SECOND,
      duration: 2 * DURATION + 1.5,
    });
    // The poster starts half a second before the list and ends after the dashboard, so both runs have postings beside them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const load = { connections: RATE_CONNECTIONS, overallRate: rate };
    const listRun = await cannon(url, token, { paths: TERMS.map(listPath), ...load });
    const dashboardRun = await cannon(url, token, { paths: dashboardPaths, ...load });
    const posted = await poster;
    for (const [what, r] of [
      ['list', listRun],
      ['dashboard', dashboardRun],
    ]) {
      log(
        `    ${what}: ${r.requestsPerSecond} req/s achieved${r.saturated ? ' (SATURATED)' : ''}, p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms`,
        JSON.stringify(r.statuses),
      );
      log(
        `      slowest (ms, due at ms after the start): ${(r.slowest ?? []).map((x) => `${x.ms} @${x.atMs}`).join(', ')}`,
      );
    }
    log(
      `    postings beside them: ${posted.postingsPerSecond}/s, p50 ${posted.latencyMs.p50} ms, p99 ${posted.latencyMs.p99} ms`,
      JSON.stringify(posted.statuses),
    );
    mixed = {
      rate,
      postingsPerSecond: MIXED_POSTINGS_PER_SECOND,
      list: listRun,
      dashboard: dashboardRun,
      postings: posted,
    };
  }

  log(
    `autocannon ${DURATION} s x ${CONNECTIONS} connections: POST /api/v1/balances type 1 on random members not exited`,
  );
  const bodies = sample(activeIds, 20_000).map((member) =>
    JSON.stringify({
      member,
      type: 1,
      quantity: 1 + Math.floor(random() * 5),
      date: today,
      approvalDate: today,
      interestBegin: today,
    }),
  );
  const postings = await postingRun(url, token, bodies, CONNECTIONS);
  const postingsPerSecond = postings.postingsPerSecond;
  // More concurrent clients show the server's own ceiling (a reference figure, no target).
  log(`autocannon ${DURATION} s x ${WIDE_POSTING_CONNECTIONS} connections: the same postings`);
  const widePostings = await postingRun(url, token, bodies.slice().reverse(), WIDE_POSTING_CONNECTIONS);
  const widePostingsPerSecond = widePostings.postingsPerSecond;

  // Errors, timeouts and unexpected statuses fail the check they belong to (a posting may collide with a
  // concurrent one on the same member: 409 after the retries is counted, not as a posting, and not as a failure).
  const failed = {
    list:
      bad(list, ['200', '204']) +
      offered.reduce((n, o) => n + bad(o.list, ['200', '204']), 0) +
      (mixed ? bad(mixed.list, ['200', '204']) : 0),
    dashboardWhilePosting: mixed ? bad(mixed.dashboard, ['200']) : 0,
    dashboard: bad(dashboard, ['200']) + offered.reduce((n, o) => n + bad(o.dashboard, ['200']), 0),
    bare: bad(bare, ['200']),
    postings: bad(postings, ['201', '409']),
    widePostings: bad(widePostings, ['201', '409']),
    mixedPostings: mixed ? mixed.postings.failed : 0,
  };
  if (Object.values(failed).some((n) => n > 0))
    log('    FAILED requests (errors, timeouts or other statuses):', JSON.stringify(failed));
  const failures = (n) => (n > 0 ? `, ${n} failed requests (errors/timeouts/other statuses)` : '');

  const stats = await (await fetch(`${url}/api/v1/dashboard`, { headers: auth })).json();
  saveResult(
    'members',
    started,
    {
      members: demo.members,
      postingsGenerated: demo.postings,
      eventsGenerated: demo.events,
      postingsByType: demo.postingsByType,
      exits: demo.exits,
      fillSeconds: round(fillMs / 1000, 1),
      fillReused: fill.reused,
      fillMadeAt: fill.info.madeAt,
      fillCommit: fill.info.commit,
      appStartSeconds: round(openMs / 1000, 1),
      fillAppendSeconds: demo.appendSeconds,
      fillProjectionSeconds: demo.projectionSeconds,
      membersNotExited: activeIds.length,
      dashboardAfter: stats,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      terms: TERMS,
      matchesPerTerm: matches,
      postingsPerMemberDashboard: postingsPerDashboard,
      sequentialListMedianMs: serialList,
      sequentialDashboardMedianMs: serialDashboard,
      postings: { path: 'POST /api/v1/balances (type 1)', ...postings },
      widePostings: { path: 'POST /api/v1/balances (type 1)', connections: WIDE_POSTING_CONNECTIONS, ...widePostings },
      list: { path: listPath('<term>'), load: `closed loop, ${CONNECTIONS} connections (saturation)`, ...list },
      dashboard: {
        path: '/api/v1/dashboard/member/<id>',
        load: `closed loop, ${CONNECTIONS} connections (saturation)`,
        ...dashboard,
      },
      atOfferedLoad: offered.map((o) => ({
        load: `open loop, ${o.rate} req/s offered over ${RATE_CONNECTIONS} connections`,
        list: o.list,
        dashboard: o.dashboard,
      })),
      ...(mixed
        ? {
            whilePosting: {
              load: `open loop, ${mixed.rate} req/s offered over ${RATE_CONNECTIONS} connections, ${mixed.postingsPerSecond} postings/s written beside it`,
              ...mixed,
            },
          }
        : {}),
      bare: { path: barePath, ...bare },
      failedRequests: failed,
    },
    [
      {
        metric: `fill: ${demo.members} members, ${demo.postings} postings (generator)`,
        target: null,
        actual: round(fillMs / 1000, 1),
        unit: 's',
        pass: null,
        detail:
          `append ${demo.appendSeconds} s, read models ${demo.projectionSeconds} s, ${demo.events} events` +
          (fill.reused ? `; reused from bench/.data (filled ${fill.info.madeAt}, commit ${fill.info.commit})` : ''),
      },
      {
        metric: `postings/s via POST /balances, ${CONNECTIONS} conn`,
        target: `>= ${TARGET_POSTINGS_PER_SECOND}`,
        actual: postingsPerSecond,
        unit: 'postings/s',
        pass: postingsPerSecond >= TARGET_POSTINGS_PER_SECOND && failed.postings === 0,
        detail: `${figure(postings)}, p99 ${postings.latencyMs.p99} ms, ${JSON.stringify(postings.statuses)}${failures(failed.postings)}`,
      },
      {
        metric: `postings/s via POST /balances, ${WIDE_POSTING_CONNECTIONS} conn (reference: the server's ceiling)`,
        target: null,
        actual: widePostingsPerSecond,
        unit: 'postings/s',
        pass: null,
        detail: `${figure(widePostings)}, p99 ${widePostings.latencyMs.p99} ms, ${JSON.stringify(widePostings.statuses)}${failures(failed.widePostings)}`,
      },
      {
        metric: `member list p99, ${memberIds.length} members, ${CONNECTIONS} conn closed loop (saturation)`,
        target: `< ${TARGET_P99_MS}`,
        actual: list.latencyMs.p99,
        unit: 'ms',
        pass: list.latencyMs.p99 < TARGET_P99_MS && failed.list === 0,
        detail: figure(list) + failures(failed.list),
      },
      {
        metric: `member dashboard p99, ${CONNECTIONS} conn closed loop (saturation)`,
        target: `< ${TARGET_P99_MS}`,
        actual: dashboard.latencyMs.p99,
        unit: 'ms',
        pass: dashboard.latencyMs.p99 !== null && dashboard.latencyMs.p99 < TARGET_P99_MS && failed.dashboard === 0,
        detail: figure(dashboard) + failures(failed.dashboard),
      },
      ...offered.flatMap((o) =>
        [
          ['member list', o.list],
          ['member dashboard', o.dashboard],
        ].map(([what, r]) => ({
          metric: `${what} p99, offered ${o.rate} req/s (${RATE_CONNECTIONS} conn, open loop)`,
          target: `< ${TARGET_P99_MS}`,
          actual: r.latencyMs.p99,
          unit: 'ms',
          pass: r.latencyMs.p99 !== null && r.latencyMs.p99 < TARGET_P99_MS && !r.saturated,
          detail: `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s achieved${r.saturated ? ' (saturated)' : ''}`,
        })),
      ),
      ...(mixed
        ? [
            ['member list', mixed.list, failed.list],
            ['member dashboard', mixed.dashboard, failed.dashboardWhilePosting],
          ].map(([what, r, requestsFailed]) => ({
            metric: `${what} p99, offered ${mixed.rate} req/s while ${mixed.postingsPerSecond} postings/s are written`,
            target: `< ${TARGET_P99_MS}`,
            actual: r.latencyMs.p99,
            unit: 'ms',
            pass:
              r.latencyMs.p99 !== null &&
              r.latencyMs.p99 < TARGET_P99_MS &&
              !r.saturated &&
              requestsFailed === 0 &&
              failed.mixedPostings === 0,
            detail: `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s achieved; postings beside them ${mixed.postings.postingsPerSecond}/s, p99 ${mixed.postings.latencyMs.p99} ms${failures(failed.mixedPostings)}`,
          }))
        : []),
      {
        metric: 'bare route p99 (reference)',
        target: null,
        actual: bare.latencyMs.p99,
        unit: 'ms',
        pass: null,
        detail: figure(bare) + failures(failed.bare),
      },
    ],
  );
} finally {
  await running.close();
  cleanup();
}

/**
 * One closed-loop postings run: `bodies` POSTed over `connections` for DURATION s. The rate counts the time until the
 * read models include the run's last posting (decision 40). Beside it, what each thread of this process (the server)
 * used of a core and read from the disk (pages not in the page cache) over the run.
 */
async function postingRun(url, token, bodies, connections) {
  const before = threadTimes();
  const r = await cannon(url, token, { bodies, path: '/api/v1/balances', connections });
  r.catchUpMs = round(await caughtUp(url, token), 1);
  const seconds = r.durationSeconds + r.catchUpMs / 1000;
  const threads = threadShares(before, threadTimes(), seconds);
  r.created = r.statuses['201'] ?? 0;
  r.postingsPerSecond = Math.round(r.created / seconds);
  log(
    `    ${r.postingsPerSecond} postings/s (${r.created} created; the read models included the last ${r.catchUpMs} ms after the last answer), p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms`,
    JSON.stringify(r.statuses),
  );
  if (threads) {
    r.threads = threads
      .slice(0, 4)
      .map(({ name, percent, readMB, majorFaults }) => ({ name, percent, readMB, majorFaults }));
    log(
      `    busiest threads (% of one core; MB read from the disk): ${r.threads.map((t) => `${t.name} ${t.percent} % (${t.readMB} MB)`).join(', ')}`,
    );
  }
  return r;
}

/** Creates a clerk (ROLE_USER, ROLE_ADMIN) of the admin's cooperative and answers the clerk's token. */
async function signedInClerk(url, adminAuth, username) {
  const password = `Kennwort-${randomBytes(6).toString('hex')}`;
  const created = await fetch(`${url}/api/v1/users`, {
    method: 'POST',
    headers: { ...adminAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, passwordRepeat: password, roles: ['ROLE_USER', 'ROLE_ADMIN'] }),
  });
  if (created.status !== 201)
    throw new Error(`Creating the user ${username} failed: ${created.status} ${await created.text()}`);
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`Sign-in of ${username} failed: ${login.status}`);
  return (await login.json()).token;
}

/** Child process: autocannon POSTing `bodies` in turn to `path`; prints one JSON line like bench/support/cannon.js. */
async function cannonChild({ url, token, path, bodies, connections = 10, duration = 10 }) {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const times = [];
  const statuses = {};
  const instance = autocannon({
    url,
    connections,
    duration,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, method: 'POST', path, body: bodies[next++ % bodies.length] }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  console.log(
    JSON.stringify({
      requests: times.length,
      durationSeconds: result.duration,
      requestsPerSecond: Math.round((times.length / result.duration) * 10) / 10,
      latencyMs: latencySummary(times),
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    }),
  );
}

/**
 * Child process: POSTs `bodies` in turn to `path`, one every 1/rate s for `duration` s, each as soon as it is due
 * (its own request: a slow answer does not hold back the next one); prints one JSON line.
 */
async function posterChild({ url, token, path, bodies, rate, duration }) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const times = [];
  const statuses = {};
  let failed = 0;
  const started = performance.now();
  const sent = [];
  for (let i = 0; i < rate * duration; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(
      fetch(url + path, { method: 'POST', headers, body: bodies[i % bodies.length] })
        .then(async (res) => {
          await res.arrayBuffer();
          times.push(performance.now() - due);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 201 && res.status !== 409) failed += 1;
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(sent);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      requests: times.length,
      postingsPerSecond: Math.round(((statuses['201'] ?? 0) / seconds) * 10) / 10,
      latencyMs: latencySummary(times),
      statuses,
      failed,
    }),
  );
}
