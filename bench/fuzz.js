// Bad input at volume (issue 28): 10,000 generated requests to every route of the OpenAPI document, through the same
// generator and checks as `npm test`'s few hundred (test/api/fuzz-requests.ts and fuzz-answers.ts, seeded). The
// requests are written in TypeScript and run on the compiled product as the API tests do, so this script runs that
// suite under jest with FUZZ_REQUESTS and reads the figures it writes: requests, 5xx, dropped connections, refusals
// outside the error format, refusals that stored an event. Targets: none of the last four.
// `node bench/fuzz.js` (BENCH_FUZZ_REQUESTS, BENCH_FUZZ_SEED to change the count and the seed).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, now, ROOT, saveResult } from './lib.js';

const REQUESTS = Number(process.env.BENCH_FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? 2028);
const report = join(tmpdir(), `coop-bench-fuzz-${process.pid}.json`);

const started = now();
log(`fuzz: ${REQUESTS} generated requests, seed ${SEED}`);
const run = spawnSync(
  'npx',
  ['jest', '--selectProjects', 'e2e', 'test/api/fuzz.e2e.spec.ts', '-t', 'generated requests'],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS: '--experimental-vm-modules',
      FUZZ_REQUESTS: String(REQUESTS),
      FUZZ_SEED: String(SEED),
      FUZZ_REPORT: report,
    },
  },
);
if (!existsSync(report)) {
  console.error('The fuzz suite wrote no figures.');
  process.exit(1);
}
const figures = JSON.parse(readFileSync(report, 'utf8'));
rmSync(report, { force: true });
const seconds = (now() - started) / 1000;
const check = (metric, actual) => ({ metric, target: 0, actual, unit: 'answers', pass: actual === 0 });
saveResult(
  'fuzz',
  started,
  {
    requests: figures.requests,
    seed: SEED,
    serverErrors: figures.serverErrors,
    dropped: figures.dropped,
    badFormat: figures.badFormat,
    storedByRefusal: figures.stored,
    byStatus: figures.byStatus,
    requestsPerSecond: Math.round(figures.requests / seconds),
    failures: figures.failures.slice(0, 20).map((f) => ({
      rule: f.rule,
      status: f.answer.status,
      method: f.request.method,
      path: f.request.path.slice(0, 300),
      body: f.request.body?.slice(0, 300),
    })),
  },
  [
    {
      metric: 'generated requests answered',
      target: REQUESTS,
      actual: figures.requests,
      unit: 'requests',
      pass: figures.requests === REQUESTS,
    },
    check('5xx answers', figures.serverErrors),
    check('dropped connections', figures.dropped),
    check('refusals outside the error format', figures.badFormat),
    check('refusals that stored an event', figures.stored),
  ],
);
log(`fuzz: ${figures.requests} requests, ${figures.serverErrors} 5xx, ${figures.dropped} dropped`);
process.exit(run.status === 0 ? 0 : 1);
