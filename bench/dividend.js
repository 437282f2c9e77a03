// The annual dividend at scale (issue 23): 200,000 members and about 2,000,000 postings made by the demo generator (with
// its exemption orders, joint orders, non-assessment certificates, church data, legal entities and members abroad), then,
// against the API in a process of its own (bench/support/api-child.js, built as `npm start` builds it):
//  (a) the calculation GET /api/v1/dividend/calc (last year, 4 %, every tax) as the console asks for it (the totals and
//      the first page of 25 members: the figure against the target) and with every member in the answer (as before the
//      paging): a warm-up of each, then BENCH_DIVIDEND_RUNS timed runs of each, interleaved (page, full, full, page, ...),
//      nothing else in between; each timed from the request to the last byte of the answer;
//  (b) one closure POST /api/v1/dividend/store of the same: the time to its answer, the time until the read models
//      include it, and the events it wrote (counted in the event log before and after).
// For each phase the API process's peak resident memory (VmHWM, reset between the phases) and its CPU time.
// Target: the calculation as the console asks for it in at most 5 s (median of the timed runs; the maximum beside it).
// The run works on a copy of the fill kept in bench/.data/ (the key bench/members.js gives its fills), so the closure
// leaves the fill reusable. A fill made before the dividend's read models existed is rebuilt once in the cache first
// (`services/dist/rebuild.js`, timed).
// `node bench/dividend.js` (built code: `npx tsc -b services` first, or `node bench/run.js dividend`).
// Its requests: bench/support/dividend-requests.js; the closure (b): dividend-closure.js; the fill's dividend read
// models: dividend-read-models.js (all in bench/support/).
// Knobs: BENCH_DIVIDEND_MEMBERS (200000), BENCH_DIVIDEND_POSTINGS (10 a member), BENCH_DIVIDEND_RUNS (5),
// BENCH_DIVIDEND_YEAR (last year), BENCH_DIVIDEND_PERCENT (4), BENCH_DIVIDEND_CLOSURE (1; 0: calculation only),
// BENCH_DIVIDEND_PROFILE=<dir> (`--cpu-prof` of every thread of the API into <dir>; bench/support/profile-summary.js),
// BENCH_DIVIDEND_CALC_PROFILE (1: after the timed runs one more calculation, profiled: the API thread's hot spots and
// every thread's CPU time go into the result; 0: none).
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { built, log, now, round, saveResult, tempDataDir } from './lib.js';
import { memoryWatch, startApi, threadCpu, threadCpuBetween } from './support/api-process.js';
import { profileTop } from './support/profile-top.js';
import { demoFill } from './support/demo-fill.js';
import { closeYear } from './support/dividend-closure.js';
import { dividendReadModels } from './support/dividend-read-models.js';
import { calc, getJson, medianOf, pick } from './support/dividend-requests.js';
import { signIn } from './support/sign-in.js';
import { readModelsCurrent, storeProbe } from './support/store-probe.js';

const MEMBERS = Number(process.env.BENCH_DIVIDEND_MEMBERS ?? 200_000);
const POSTINGS = Number(process.env.BENCH_DIVIDEND_POSTINGS ?? MEMBERS * 10);
const RUNS = Number(process.env.BENCH_DIVIDEND_RUNS ?? 5);
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const YEAR = Number(process.env.BENCH_DIVIDEND_YEAR ?? Number(TODAY.slice(0, 4)) - 1);
const PERCENT = process.env.BENCH_DIVIDEND_PERCENT ?? '4';
const CLOSURE = process.env.BENCH_DIVIDEND_CLOSURE !== '0';
const PROFILE = process.env.BENCH_DIVIDEND_PROFILE ? resolve(process.env.BENCH_DIVIDEND_PROFILE) : null;
const CALC_PROFILE = process.env.BENCH_DIVIDEND_CALC_PROFILE !== '0';
const TARGET_CALC_MS = 5000;
/** The answer's totals: the same whether it holds a page of the members or all of them. */
const TOTAL_FIELDS = [
  'memberCount',
  'amount',
  'dividend',
  'percent',
  'exemptions',
  'taxableAmount',
  'taxAmount',
  'solidaryTaxAmount',
  'churchTax',
  'paymentAmount',
  'taxReturn',
  'singleChurchTax',
];

/** The resolution as the console's step 1 sends it (defaults: last year, percent, 4, dates today). */
const params = { year: YEAR, type: 'percent', amount: PERCENT, decision_date: TODAY, payment_date: TODAY };
const calcPath = `/api/v1/dividend/calc?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
/** The console's list: the first page of 25 members (offset, limit), the totals and the errors beside it. */
const PAGE = 25;
const pagePath = `${calcPath}&offset=0&limit=${PAGE}`;

const started = now();
const { DIVIDEND_INPUTS } = await built('projections/dist/owned/dividend.js');

log(
  `the fill (kept in bench/.data/ or made now by the demo generator): ${MEMBERS} members, about ${POSTINGS} postings`,
);
const kept = await demoFill(MEMBERS, POSTINGS, null);
const demo = kept.info.result;
log(
  `    ${kept.reused ? `kept fill of ${kept.info.madeAt} (commit ${kept.info.commit})` : 'filled'}: ${round(demo.fillMs / 1000, 1)} s, ` +
    `${demo.members} members, ${demo.postings} postings, ${demo.events} events, ${demo.exemptionOrders} exemption orders ` +
    `(${demo.jointExemptionOrders} joint), ${demo.nonAssessments} non-assessment certificates`,
);
const rebuild = await dividendReadModels(kept.dir);

const { dir, cleanup } = tempDataDir('dividend');
const t0 = now();
await demoFill(MEMBERS, POSTINGS, dir);
log(`    copied for this run in ${round((now() - t0) / 1000, 1)} s`);

if (PROFILE) mkdirSync(PROFILE, { recursive: true });
const api = await startApi(dir, { nodeFlags: PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : [] });
const memory = memoryWatch(api.pid);
const probe = storeProbe(dir);
let result;
try {
  const catchUpMs = await readModelsCurrent(probe);
  const startPeakMb = memory.peakMb();
  log(
    `API (pid ${api.pid}) listening after ${round(api.startMs / 1000, 1)} s, read models current ${round(catchUpMs / 1000, 1)} s later; ` +
      `peak resident ${startPeakMb} MB`,
  );
  const inputs = probe.documents(DIVIDEND_INPUTS.name);
  const auth = { authorization: `Bearer ${await signIn(api.url)}` };

  const years = await getJson(api.url, '/api/v1/dividend/years', auth);
  const chosen = years.find((y) => y.key === YEAR);
  if (!chosen) throw new Error(`GET /dividend/years offers no ${YEAR}: ${JSON.stringify(years)}`);
  if (chosen.closed) throw new Error(`${YEAR} is already closed in the fill`);

  // (a) The calculation: the console's page (the figure of record) and every member (as before the paging), interleaved.
  memory.reset();
  const calcRssBeforeMb = memory.rssMb();
  log(
    `(a) ${pagePath} and without the page: a warm-up of each, then ${RUNS} timed runs of each, interleaved (API resident before: ${calcRssBeforeMb} MB)`,
  );
  const warmUp = await calc(api, auth, calcPath, { keep: true });
  const answer = JSON.parse(warmUp.body);
  warmUp.body = undefined;
  log(
    `    warm-up, every member: ${warmUp.ms} ms (${warmUp.mb} MB answer, API CPU ${warmUp.cpuSeconds} s, read ${warmUp.readMB} MB from the disk): ` +
      `${answer.memberCount} members with a dividend, ${answer.errors.length} errors ${JSON.stringify(answer.errors.map((e) => `${e.code} (${e.members.length})`))}`,
  );
  const pageWarmUp = await calc(api, auth, pagePath, { keep: true });
  const pageAnswer = JSON.parse(pageWarmUp.body);
  pageWarmUp.body = undefined;
  const sameTotals = JSON.stringify(pick(pageAnswer, TOTAL_FIELDS)) === JSON.stringify(pick(answer, TOTAL_FIELDS));
  log(
    `    warm-up, the page: ${pageWarmUp.ms} ms (${pageWarmUp.kb} kB answer, ${pageAnswer.members.length} members of ${pageWarmUp.totalItems}); ` +
      `totals ${sameTotals ? 'the same as' : 'DIFFERENT from'} the full answer's`,
  );
  if (!sameTotals || pageAnswer.members.length !== PAGE)
    throw new Error('The page answers other totals or another number of members than the full answer');
  const runs = [];
  const pageRuns = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternating which goes first, so that neither always runs after the other's garbage.
    for (const full of i % 2 === 0 ? [false, true] : [true, false]) {
      const run = await calc(api, auth, full ? calcPath : pagePath);
      (full ? runs : pageRuns).push(run);
      log(
        `    run ${i + 1}, ${full ? 'every member' : 'the page   '}: ${run.ms} ms, API CPU ${run.cpuSeconds} s, read ${run.readMB} MB from the disk (${run.majorFaults} major faults)`,
      );
    }
  }
  const { median, times } = medianOf(runs);
  const page = { path: pagePath, answerKb: pageWarmUp.kb, warmUp: pageWarmUp, runs: pageRuns, ...medianOf(pageRuns) };
  const calcPeakMb = memory.peakMb();
  const calcSampledPeakMb = memory.sampledPeakMb();
  log(
    `    the page: median ${round(page.median, 0)} ms, max ${page.times.at(-1)} ms (target <= ${TARGET_CALC_MS}); every member: median ${round(median, 0)} ms, max ${times.at(-1)} ms; ` +
      `API peak resident ${calcPeakMb} MB`,
  );

  // One more calculation (the console's page), not timed: where its time goes (the API thread's profile, every thread's CPU).
  let calcProfile = null;
  if (CALC_PROFILE) {
    const file = join(PROFILE ?? tmpdir(), 'coop-bench-dividend-calc.cpuprofile');
    const before = threadCpu(api.pid);
    await api.startProfile();
    const run = await calc(api, auth, pagePath);
    await api.stopProfile(file);
    calcProfile = {
      file,
      ms: run.ms,
      threads: threadCpuBetween(api.pid, before, threadCpu(api.pid)),
      ...profileTop(file),
    };
    log(
      `    profiled run ${run.ms} ms; CPU by thread ${calcProfile.threads.map((t) => `${t.thread} ${t.cpuSeconds} s`).join(', ')}; ` +
        `API thread self time: ${calcProfile.self
          .slice(0, 6)
          .map((f) => `${f.fn} ${f.ms} ms`)
          .join('; ')} (${file})`,
    );
  }

  // (b) The closure, on this run's copy of the fill (bench/support/dividend-closure.js).
  const { closure, fixes } = CLOSURE
    ? await closeYear({ api, auth, probe, memory, params, year: YEAR, page: PAGE, answer, calcPath })
    : { closure: null, fixes: null };

  result = saveResult(
    'dividend',
    started,
    {
      members: demo.members,
      postingsGenerated: demo.postings,
      eventsGenerated: demo.events,
      exemptionOrders: demo.exemptionOrders,
      jointExemptionOrders: demo.jointExemptionOrders,
      nonAssessments: demo.nonAssessments,
      legalEntities: demo.legalEntities,
      foreign: demo.foreign,
      withTaxId: demo.withTaxId,
      withChurch: demo.withChurch,
      fillSeconds: round(demo.fillMs / 1000, 1),
      fillMadeAt: kept.info.madeAt,
      fillCommit: kept.info.commit,
      fillReused: kept.reused,
      rebuild,
      dividendInputs: inputs,
      apiStartSeconds: round(api.startMs / 1000, 1),
      startPeakMb,
      calc: {
        page,
        path: calcPath,
        answerMb: warmUp.mb,
        memberCount: answer.memberCount,
        errors: answer.errors.map((e) => ({ code: e.code, members: e.members.length })),
        totals: pick(answer, TOTAL_FIELDS),
        warmUp,
        runs,
        medianMs: round(median, 0),
        maxMs: times.at(-1),
        rssBeforeMb: calcRssBeforeMb,
        peakMb: calcPeakMb,
        sampledPeakMb: calcSampledPeakMb,
      },
      calcProfile,
      taxIdFixes: fixes,
      closure,
      profileDir: PROFILE,
    },
    [
      {
        metric: `fill: ${demo.members} members, ${demo.postings} postings (generator)`,
        target: null,
        actual: round(demo.fillMs / 1000, 1),
        unit: 's',
        pass: null,
        detail: `${demo.events} events, ${demo.exemptionOrders} exemption orders, ${demo.nonAssessments} certificates; made ${kept.info.madeAt} (commit ${kept.info.commit})`,
      },
      ...(rebuild
        ? [
            {
              metric: 'projections rebuild of the fill (the dividend read models added)',
              target: null,
              actual: rebuild.seconds,
              unit: 's',
              pass: null,
              detail: `${rebuild.output}${rebuild.earlierRun ? ` (made ${rebuild.at}, commit ${rebuild.commit})` : ''}`,
            },
          ]
        : []),
      {
        metric: `calculation GET /dividend/calc as the console asks (totals, first ${PAGE} of ${answer.memberCount} members), median of ${RUNS}`,
        target: `<= ${TARGET_CALC_MS}`,
        actual: round(page.median, 0),
        unit: 'ms',
        pass: page.median <= TARGET_CALC_MS && pageRuns.every((r) => r.status === 200),
        detail: `max ${page.times.at(-1)} ms, runs ${pageRuns.map((r) => r.ms).join(' / ')} ms, answer ${page.answerKb} kB, API CPU ${pageRuns.map((r) => r.cpuSeconds).join(' / ')} s`,
      },
      {
        metric: `calculation GET /dividend/calc with every member (${answer.memberCount}), median of ${RUNS}`,
        target: null,
        actual: round(median, 0),
        unit: 'ms',
        pass: null,
        detail: `max ${times.at(-1)} ms, runs ${runs.map((r) => r.ms).join(' / ')} ms, answer ${warmUp.mb} MB, API CPU ${runs.map((r) => r.cpuSeconds).join(' / ')} s`,
      },
      {
        metric: 'API peak resident memory, calculation',
        target: null,
        actual: calcPeakMb,
        unit: 'MB',
        pass: null,
        detail: `peak at start ${startPeakMb} MB, resident before the calculations ${calcRssBeforeMb} MB (the event log is mapped: decision 41)`,
      },
      ...(closure
        ? [
            // 202: stored, but the read models did not include it within the write path's wait (decision 34).
            {
              metric: `closure POST /dividend/store (${closure.status})`,
              target: null,
              actual: closure.answerMs,
              unit: 'ms',
              pass: [201, 202].includes(closure.status) ? null : false,
              detail: `in the read models after ${closure.shownMs} ms; API CPU ${closure.cpuSeconds} s${closure.status === 202 ? '; 202: saved, shown later (decision 34)' : ''}`,
            },
            {
              // Issue 41: the closure's member results in the read models within 10 s of its last step.
              metric: 'closure: read models after its last append',
              target: '<= 10000',
              actual: closure.readModelLag.lagMs,
              unit: 'ms',
              pass: closure.readModelLag.lagMs !== null && closure.readModelLag.lagMs <= 10_000,
              detail: `last append ${closure.readModelLag.lastAppendMs} ms after the POST; at most ${closure.readModelLag.mostEventsBehind} events behind while it wrote (sampled every 50 ms)`,
            },
            {
              metric: 'closure: events written',
              target: null,
              actual: closure.eventsWritten,
              unit: 'events',
              pass: null,
              detail: `${JSON.stringify(closure.eventTypes)}${fixes ? `; before it ${fixes.members} members' tax ids entered (the calculation's errors)` : ''}`,
            },
            {
              metric: 'API peak resident memory, closure',
              target: null,
              actual: closure.peakMb,
              unit: 'MB',
              pass: null,
              detail: `resident before ${closure.rssBeforeMb} MB`,
            },
          ]
        : []),
    ],
  );
} finally {
  probe.close();
  memory.stop();
  await api.stop();
  cleanup();
}
if (PROFILE)
  log(
    `profiles of the API's threads in ${PROFILE}: ${readdirSync(PROFILE).join(', ')} (node bench/support/profile-summary.js <file>)`,
  );
// A missed target shows as FAIL in the result (bench/run.js); the exit code tells only whether the script ran.
process.exit(result ? 0 : 1);
