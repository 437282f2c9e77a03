// The console's first load on the demo cooperative (issue 43, "the first load under 1 s"): fills a fresh data
// directory with the demo data (`npm run demo`: about 300 members, ten years of postings), starts the built product on
// it and opens, in the system Chromium with a fresh browser context (cold cache, the session token in storage as for a
// clerk still signed in), each of the screens a clerk opens first:
//   - `/` (the dashboard: cooperative, setup, tasks and notifications, the figures) until its cooperative card shows data,
//   - `/members` until the first member row shows,
// several runs each, median and maximum, with the requests that page made (scripts and API calls: count, the last
// one's end, the slowest API call) so that a slow figure says where its time went.
// Target: each first load < 1 s (median).
// Usage: npm run build && node bench/console-first-load.js   (RUNS=7; CHROME_PATH overrides /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, now, PRODUCT_NODE_FLAGS, ROOT, round, saveResult, launchChromium } from './lib.js';

const RUNS = Number(process.env.RUNS ?? 7);
const TARGET_MS = 1000;
const SCREENS = [
  { name: 'dashboard', path: '/', ready: '[data-testid="cooperative-fullName"]:not(:empty)' },
  { name: 'members', path: '/members', ready: '[data-testid="members-row"]' },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The demo cooperative in a new data directory, the built product started on it. */
async function startDemoProduct() {
  const main = join(ROOT, 'services', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'admin-ui', 'dist', 'index.html'))) {
    throw new Error('Build first: npm run build (services/dist and admin-ui/dist)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-bench-first-load-'));
  const password = `Bench-${randomBytes(9).toString('base64url')}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  };
  const fillStart = now();
  const demo = spawnSync(process.execPath, [join(ROOT, 'services', 'dist', 'demo', 'main.js')], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (demo.status !== 0) throw new Error(`demo failed:\n${demo.stdout}\n${demo.stderr}`);
  log(`demo data filled in ${round((now() - fillStart) / 1000, 1)} s`);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, main], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`product exited:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/ping`);
      if (res.status === 401 || res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`product did not start:\n${output}`);
    }
    await sleep(150);
  }
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`sign-in failed: ${login.status}`);
  return { baseUrl, token, stop };
}

/** One cold first load of `screen`: ms until its ready selector shows, and the requests made until then. */
async function firstLoad(browser, product, screen) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.setCacheEnabled(false);
  await page.evaluateOnNewDocument((t) => localStorage.setItem('coop.token', t), product.token);
  const requests = [];
  const started = new Map();
  page.on('request', (req) => started.set(req, now()));
  page.on('requestfinished', (req) => {
    const url = new URL(req.url());
    requests.push({
      kind: url.pathname.startsWith('/api/') ? 'api' : req.resourceType(),
      path: url.pathname + url.search,
      start: started.get(req),
      end: now(),
    });
  });
  const t0 = now();
  await page.goto(`${product.baseUrl}${screen.path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(screen.ready, { visible: true, timeout: 60_000 });
  const ms = now() - t0;
  const until = requests.filter((r) => r.end <= t0 + ms);
  const api = until.filter((r) => r.kind === 'api');
  const slowest = api.reduce((a, r) => (a && a.end - a.start >= r.end - r.start ? a : r), null);
  await context.close();
  return {
    ms,
    scripts: until.filter((r) => r.kind === 'script').length,
    lastScriptEndMs: Math.max(0, ...until.filter((r) => r.kind === 'script').map((r) => r.end - t0)),
    apiCalls: api.length,
    firstApiStartMs: api.length ? api.reduce((least, r) => Math.min(least, r.start - t0), Infinity) : null,
    slowestApi: slowest ? `${slowest.path} ${round(slowest.end - slowest.start, 0)} ms` : null,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const startedAt = now();
const product = await startDemoProduct();
const browser = await launchChromium();
try {
  for (const screen of SCREENS) await firstLoad(browser, product, screen); // warm-up: the server's first requests
  const figures = { runs: RUNS, loadBefore: loadavg().map((l) => round(l, 2)) };
  const checks = [];
  for (const screen of SCREENS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await firstLoad(browser, product, screen);
      log(
        `${screen.name} run ${i + 1}: ${round(r.ms, 0)} ms; ${r.scripts} scripts, the last done at ${round(r.lastScriptEndMs, 0)} ms; ${r.apiCalls} API calls from ${round(r.firstApiStartMs ?? 0, 0)} ms, slowest ${r.slowestApi}`,
      );
      runs.push(r);
    }
    const times = runs.map((r) => r.ms);
    figures[screen.name] = {
      firstLoadMsMedian: round(median(times), 0),
      firstLoadMsMax: round(
        times.reduce((most, t) => Math.max(most, t), -Infinity),
        0,
      ),
      scriptsMedian: median(runs.map((r) => r.scripts)),
      lastScriptEndMsMedian: round(median(runs.map((r) => r.lastScriptEndMs)), 0),
      apiCallsMedian: median(runs.map((r) => r.apiCalls)),
      firstApiStartMsMedian: round(median(runs.map((r) => r.firstApiStartMs ?? 0)), 0),
      slowestApiCalls: runs.map((r) => r.slowestApi),
    };
    checks.push({
      metric: `first load of ${screen.path} on the demo data, signed in, cold cache (median of ${RUNS})`,
      target: `< ${TARGET_MS}`,
      actual: figures[screen.name].firstLoadMsMedian,
      unit: 'ms',
      pass: median(times) < TARGET_MS,
    });
  }
  figures.load = loadavg().map((l) => round(l, 2));
  figures.note =
    'a fresh browser context per run (no cache) with the session token in storage; from navigation until the screen shows data (the dashboard: the cooperative card filled; the members: the first row)';
  saveResult('console-first-load', startedAt, figures, checks);
} finally {
  await browser.close();
  await product.stop();
}
