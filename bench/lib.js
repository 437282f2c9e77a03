// Shared helpers of the bench scripts: temp data directories, timing and the results file format. Kept fills of the
// large benches: bench/support/cached-fill.js; what each thread of a process used: bench/support/threads.js.
//
// Every bench script writes bench/results/<name>.json:
//   { name, startedAt, durationMs, machine, figures: {...}, checks: [{ metric, target, actual, unit, pass }] }
// bench/run.js reads these files to print the summary table.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The V8 flags the product runs with (`npm start`, docs/decisions.md 31). */
export const PRODUCT_NODE_FLAGS = ['--no-memory-reducer'];

/**
 * The node flags `npm run import` starts the import's command line with, as the build at `root` declares them in its
 * package.json (decision 279): each build of an A/B run with its own.
 */
export function importNodeFlags(root = ROOT) {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.import;
  const flags = [];
  for (const word of script.trim().split(/\s+/).slice(1)) {
    if (!word.startsWith('--')) break;
    flags.push(word);
  }
  return flags;
}

/**
 * For a script that runs the app in its own process: runs the script again with the product's V8 flags when it was
 * started without them (`node bench/members.js`), so it measures the server as it runs in production; returns
 * only in the process that has them.
 */
export function asTheProductRuns() {
  if (PRODUCT_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return;
  const { status } = spawnSync(
    process.execPath,
    [...PRODUCT_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(status ?? 1);
}
export const RESULTS_DIR = join(ROOT, 'bench', 'results');

/** Exact percentiles, the maximum and the mean of response times in ms (two decimals; null without any). */
export function latencySummary(times) {
  const sorted = times.slice().sort((a, b) => a - b);
  const pct = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
  const r2 = (x) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    p50: r2(pct(50)),
    p95: r2(pct(95)),
    p99: r2(pct(99)),
    max: r2(sorted.at(-1) ?? null),
    mean: r2(sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : null),
  };
}

/** Imports a module of the built code (services/dist, projections/dist, contracts/dist) by its repo-relative path. */
export function built(relative) {
  return import(join(ROOT, relative));
}

/** A fresh, empty data directory; removed again by `cleanup()` (also on exit and on Ctrl-C). */
export function tempDataDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `coop-bench-${prefix}-`));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', cleanup);
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  return { dir, cleanup };
}

/** Environment for loadConfig(): a temp DATA_DIR, a known admin password, a fixed JWT secret. */
export function benchEnv(dataDir, extra = {}) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-Kennwort-2026',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt-secret',
    PORT: '3999',
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
    ...extra,
  };
}

export const now = () => performance.now();

/** Rate per second, rounded. */
export const perSecond = (count, ms) => Math.round((count * 1000) / ms);

export const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The machine's one-minute load average, two decimals (printed beside a figure). */
export const load = () => round(loadavg()[0], 2);

export function log(...args) {
  console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
}

export function machine() {
  // The load average shows whether other processes shared the cores while the figures were taken.
  return {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    loadAverage: loadavg().map((x) => round(x)),
  };
}

/** Writes the result file and prints it. `checks`: [{ metric, target, actual, unit, pass }]. */
export function saveResult(name, startedAt, figures, checks) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const result = {
    name,
    startedAt: new Date(Date.now() - (now() - startedAt)).toISOString(),
    durationMs: Math.round(now() - startedAt),
    machine: machine(),
    figures,
    checks,
  };
  writeFileSync(join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  return result;
}

/** A small deterministic PRNG (mulberry32) so every run generates the same data. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic UUID-shaped id from a counter (random-looking, so B-tree inserts are not sequential). */
export function fakeUuid(random) {
  const hex = () =>
    Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  const h = hex() + hex() + hex() + hex();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A valid fs approval number: 8 digits, starting with 1, 3, 5 or 7, not ending in 0. */
export function elmaFs(random) {
  const first = '1357'[Math.floor(random() * 4)];
  const middle = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
  const last = String(1 + Math.floor(random() * 9));
  return first + middle + last;
}

/** A valid km approval number: 11 digits. */
export function elmaKm(random) {
  return String(Math.floor(random() * 1e11)).padStart(11, '0');
}

export function metadata(cooperativeId, user = 'bench') {
  return {
    cooperativeId,
    user,
    timestamp: new Date().toISOString(),
    correlationId: '00000000-0000-4000-a000-000000000000',
    causationId: '00000000-0000-4000-a000-000000000000',
    schemaVersion: 1,
  };
}

/**
 * Waits until the read models include every posting the client signed in with `token` was answered for, and answers
 * the milliseconds that took. A posting is answered before the read models include it; the same client's next request
 * waits for them (docs/decisions.md 40), here a `GET /api/v1/dashboard`, again after a 503 (the server's wait ran
 * out). A postings run counts this time in its duration, so its rate is one the read models keep up with.
 */
export async function caughtUp(url, token) {
  const t0 = now();
  for (;;) {
    const res = await fetch(`${url}/api/v1/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status === 200) return now() - t0;
    if (res.status !== 503) throw new Error(`GET /api/v1/dashboard after the postings: ${res.status}`);
  }
}

/** Chromium's flags for the benches (README: headless, no sandbox, nothing fetched in the background). */
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium (`CHROME_PATH` points elsewhere) through puppeteer-core, loaded only by the benches that use it. */
export async function launchChromium() {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROME_ARGS,
  });
}
