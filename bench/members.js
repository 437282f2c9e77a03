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
// sends GETs only); `--poster '<json>'` posts one body every 1/rate s, each as soon as it is due, for (d) (both in
// bench/support/post-load.js; the result's figures and checks: bench/support/members-result.js).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  asTheProductRuns,
  benchEnv,
  built,
  caughtUp,
  log,
  now,
  rng,
  round,
  ROOT,
  saveResult,
  tempDataDir,
} from './lib.js';
import { demoFill, DEMO_SEED as SEED } from './support/demo-fill.js';
import { failedRequests, membersResult } from './support/members-result.js';
import { postingMembers } from './support/posting-members.js';
import { cannonChild, posterChild } from './support/post-load.js';
import { signedInClerk, signIn } from './support/sign-in.js';
import { threadShares, threadTimes } from './support/threads.js';

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
const WARM_UP = Number(process.env.BENCH_MEMBERS_WARM_UP ?? 3);
const WIDE_POSTING_CONNECTIONS = Number(process.env.BENCH_MEMBERS_WIDE_CONNECTIONS ?? 40);
/** (d): postings/s written steadily while the member list is asked at the first offered rate (0: no such run). */
const MIXED_POSTINGS_PER_SECOND = Number(process.env.BENCH_MEMBERS_MIXED_POSTINGS ?? 20);
/** Reuse a filled data directory from bench/.data/ (made by the first run of the same size and seed); 0 fills afresh.
 * BENCH_MEMBERS_FILL_ONLY=1 only makes sure the filled directory exists (fills it when missing) and measures nothing. */
const CACHE = process.env.BENCH_MEMBERS_CACHE !== '0';
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

/** The log lines of an open-loop run: what it achieved and its slowest requests. */
function logOpenLoop(what, r) {
  log(
    `    ${what}: ${r.requestsPerSecond} req/s achieved${r.saturated ? ' (SATURATED)' : ''}, p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms`,
    JSON.stringify(r.statuses),
  );
  log(
    `      slowest (ms, due at ms after the start): ${(r.slowest ?? []).map((x) => `${x.ms} @${x.atMs}`).join(', ')}`,
  );
}

const started = now();
const { dir, cleanup } = tempDataDir('members');
const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');
const { MEMBERS: MEMBERS_COLLECTION } = await built('projections/dist/owned/members.js');
const { SHARE_DUES } = await built('projections/dist/owned/share-payments.js');

log(
  `${CACHE ? 'filling (or reusing bench/.data/)' : 'filling'} with the demo generator: ${MEMBERS} members, about ${POSTINGS} postings, seed ${SEED}`,
);
const fill = await demoFill(MEMBERS, POSTINGS, dir, { cache: CACHE });
const demo = fill.info.result;
log(
  `    ${fill.reused ? `reused the fill of ${fill.info.madeAt} (commit ${fill.info.commit}), copied in ${round(fill.copyMs / 1000, 1)} s` : 'filled'}: ` +
    `${round(demo.fillMs / 1000, 1)} s, ${demo.members} members, ${demo.postings} postings, ${demo.events} events`,
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
  const {
    memberIds,
    notExited,
    owing,
    postable: activeIds,
  } = await postingMembers(running.storage.readStore, cooperativeId, {
    members: MEMBERS_COLLECTION.name,
    shareDues: SHARE_DUES.name,
  });
  const random = rng(7);
  const sample = (ids, n) => Array.from({ length: n }, () => ids[Math.floor(random() * ids.length)]);
  log(
    `    ${memberIds.length} members in the read model, ${notExited} not exited, ${owing} owing on their shares: ${activeIds.length} posted to`,
  );

  await running.app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  const token = await signIn(url);
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
    logOpenLoop('list', listRun);
    logOpenLoop('dashboard', dashboardRun);
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
    logOpenLoop('list', listRun);
    logOpenLoop('dashboard', dashboardRun);
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
  // More concurrent clients show the server's own ceiling (a reference figure, no target).
  log(`autocannon ${DURATION} s x ${WIDE_POSTING_CONNECTIONS} connections: the same postings`);
  const widePostings = await postingRun(url, token, bodies.slice().reverse(), WIDE_POSTING_CONNECTIONS);

  const failed = failedRequests({ list, offered, mixed, dashboard, bare, postings, widePostings });
  if (Object.values(failed).some((n) => n > 0))
    log('    FAILED requests (errors, timeouts or other statuses):', JSON.stringify(failed));

  const stats = await (await fetch(`${url}/api/v1/dashboard`, { headers: auth })).json();
  const { figures, checks } = membersResult(
    {
      demo,
      fill,
      fillMs: demo.fillMs,
      openMs,
      memberCount: memberIds.length,
      membersNotExited: notExited,
      membersOwing: owing,
      stats,
      matches,
      postingsPerDashboard,
      serialList,
      serialDashboard,
      postings,
      widePostings,
      list,
      dashboard,
      offered,
      mixed,
      bare,
      failed,
    },
    {
      CONNECTIONS,
      DURATION,
      RATE_CONNECTIONS,
      WIDE_POSTING_CONNECTIONS,
      TERMS,
      TARGET_POSTINGS_PER_SECOND,
      TARGET_P99_MS,
      listPath,
      barePath,
    },
  );
  saveResult('members', started, figures, checks);
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
