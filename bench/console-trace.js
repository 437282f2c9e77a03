// Profiling aid (issue 43): starts the built product, signs in through the API, then opens /users signed in in fresh
// browser contexts (no cache, as bench/console-load.js does) with Chromium's tracing on (timeline, network and the V8
// sampling profiler), prints each load's requests (ms after goto was called) and writes each trace to
// $TRACE_DIR/trace-<n>.json (default /tmp), to open in Chromium's performance panel or to read with a script.
// A build without minifying (`npx vite build --minify false --outDir /tmp/ui`, then ADMIN_UI_DIR=/tmp/ui) names the
// functions in the profile. Usage: npm run build && node bench/console-trace.js [runs]   (CHROME_PATH as for the bench)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_NODE_FLAGS, ROOT, launchChromium } from './lib.js';

const RUNS = Number(process.argv[2] ?? 3);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'coop-trace-'));
const password = `Trace-${randomBytes(9).toString('base64url')}`;
const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, join(ROOT, 'services/dist/main.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    const r = await fetch(`${base}/api/v1/ping`);
    if (r.status === 401 || r.status === 200) break;
  } catch {
    // not up yet
  }
  if (i > 400) throw new Error('no start');
  await sleep(150);
}
const { token } = await (
  await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  })
).json();
const browser = await launchChromium();
const CATS = [
  'disabled-by-default-v8.cpu_profiler',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8',
  'toplevel',
];
async function load(trace) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 1366, height: 860 });
  await page.setCacheEnabled(false);
  await page.evaluateOnNewDocument((t) => localStorage.setItem('coop.token', t), token);
  const net = [];
  const t0 = performance.now();
  page.on('request', (req) =>
    net.push({
      req,
      url: new URL(req.url()).pathname.replace('/assets/', ''),
      type: req.resourceType(),
      start: performance.now() - t0,
      end: null,
    }),
  );
  page.on('requestfinished', (req) => {
    const e = net.find((x) => x.req === req);
    if (e) e.end = performance.now() - t0;
  });
  if (trace) await page.tracing.start({ path: trace, categories: CATS });
  await page.goto(`${base}/users`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="users-row"]', { visible: true });
  await page.waitForSelector('[data-testid="user-form"] input[name="username"]', { visible: true });
  const ms = performance.now() - t0;
  const nav = await page.evaluate(() => JSON.stringify(performance.getEntriesByType('navigation')[0]));
  const paints = await page.evaluate(() =>
    performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
  );
  if (trace) await page.tracing.stop();
  await ctx.close();
  return { ms, net, nav: JSON.parse(nav), paints };
}
await load(null); // warm-up
const results = [];
for (let i = 0; i < RUNS; i++) {
  const trace = join(process.env.TRACE_DIR ?? tmpdir(), `trace-${i}.json`);
  const r = await load(trace);
  results.push(r);
  console.log(
    `load ${i + 1}: ${Math.round(r.ms)} ms (load ${loadavg()[0].toFixed(2)}); paints ${r.paints.join(', ')}; responseEnd ${Math.round(r.nav.responseEnd)} domInteractive ${Math.round(r.nav.domInteractive)} dcl ${Math.round(r.nav.domContentLoadedEventEnd)}`,
  );
  for (const e of r.net)
    console.log(
      `   ${e.type.padEnd(10)} ${String(Math.round(e.start)).padStart(5)}-${e.end === null ? '   ?' : String(Math.round(e.end)).padStart(5)} ${e.url}`,
    );
}
await browser.close();
child.kill('SIGTERM');
await sleep(500);
rmSync(dataDir, { recursive: true, force: true });
