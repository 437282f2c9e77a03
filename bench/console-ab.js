// Interleaved A/B of the console's signed-in first load of /users (issue 43): the same measure as
// `bench/console-load.js` (fresh browser context without cache, the session token in storage, from navigating to
// /users until the users list and form are visible), for two builds served by two servers started once, loaded
// alternately (A B B A ...) so that the load of a shared machine falls on both alike. Prints each side's median and
// quartiles, their ratio, and the median phases of a load measured in the page (ms after the navigation started).
// Usage: node bench/console-ab.js <rootA> <rootB> [loads per side, default 20]
//   a root is a checkout with services/dist and admin-ui/dist built (ADMIN_UI_DIR_A / ADMIN_UI_DIR_B override the
//   console directory of each side). Results: bench/results/console-ab.json (BENCH_CONSOLE_RESULT=<name> names it).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
/* global document, window, MutationObserver -- functions run in the page */
import { log, now, PRODUCT_NODE_FLAGS, round, saveResult, launchChromium } from './lib.js';

const [rootA, rootB] = [process.argv[2], process.argv[3]].map((r) => (r ? resolve(r) : undefined));
if (!rootA || !rootB) throw new Error('usage: node bench/console-ab.js <rootA> <rootB> [loads]');
const LOADS = Number(process.argv[4] ?? 20);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

async function start(root, adminUiDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-bench-ab-'));
  const password = `Bench-${randomBytes(9).toString('base64url')}`;
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, join(root, 'services', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: password,
      JWT_SECRET: randomBytes(32).toString('hex'),
      EVENT_STORE_URL: '',
      MONGODB_URL: '',
      ADMIN_UI_DIR: adminUiDir ?? join(root, 'admin-ui', 'dist'),
    },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product of ${root} exited`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/ping`);
      if (res.status === 401 || res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the product of ${root} did not start`);
    await sleep(150);
  }
  const signIn = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { token } = await signIn.json();
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { root, baseUrl, token, stop };
}

/** One signed-in first load of /users, as console-load.js measures it, with its phases read in the page. */
async function firstLoad(browser, side) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1366, height: 860 });
  await page.setCacheEnabled(false);
  await page.evaluateOnNewDocument((t) => {
    localStorage.setItem('coop.token', t);
    // When the list's first row and the form's first input are in the document (ms after the navigation started).
    const seen = {};
    new MutationObserver(() => {
      if (!seen.row && document.querySelector('[data-testid="users-row"]')) seen.row = performance.now();
      if (!seen.form && document.querySelector('[data-testid="user-form"] input[name="username"]'))
        seen.form = performance.now();
    }).observe(document, { subtree: true, childList: true });
    window.__seen = seen;
  }, side.token);
  const t0 = now();
  await page.goto(`${side.baseUrl}/users`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="users-row"]', { visible: true });
  await page.waitForSelector('[data-testid="user-form"] input[name="username"]', { visible: true });
  const ms = now() - t0;
  const phases = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    const list = resources.find((r) => /\/api\/v1\/users\?/.test(r.name));
    const paint = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
    return {
      html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? null,
      scripts: scripts.length,
      scriptsDone: scripts.reduce((m, r) => Math.max(m, r.responseEnd), 0),
      listStart: list?.startTime ?? null,
      listEnd: list?.responseEnd ?? null,
      paint: paint?.startTime ?? null,
      row: window.__seen.row ?? null,
      form: window.__seen.form ?? null,
    };
  });
  await context.close();
  return { ms, ...phases };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};
const quartiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor(s.length / 4)], s[Math.floor((3 * s.length) / 4)]];
};

const startedAt = now();
const loadAtStart = loadavg();
const sides = [await start(rootA, process.env.ADMIN_UI_DIR_A), await start(rootB, process.env.ADMIN_UI_DIR_B)];
const browser = await launchChromium();
try {
  for (const side of sides) await firstLoad(browser, side); // warm-up
  const loads = [[], []];
  for (let i = 0; i < LOADS; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const s of order) loads[s].push(await firstLoad(browser, sides[s]));
  }
  const summary = loads.map((runs, s) => {
    const ms = runs.map((r) => r.ms);
    const phase = (key) => round(median(runs.map((r) => r[key])), 0);
    return {
      side: s === 0 ? 'A' : 'B',
      root: sides[s].root,
      medianMs: round(median(ms), 0),
      quartilesMs: quartiles(ms).map((x) => round(x, 0)),
      underOneSecond: ms.filter((x) => x < 1000).length,
      scripts: median(runs.map((r) => r.scripts)),
      phasesMs: {
        html: phase('html'),
        scriptsDone: phase('scriptsDone'),
        listStart: phase('listStart'),
        listEnd: phase('listEnd'),
        firstPaint: phase('paint'),
        rowInDocument: phase('row'),
        formInDocument: phase('form'),
      },
    };
  });
  for (const s of summary)
    log(
      `${s.side} ${s.root}: first load of /users signed in, median ${s.medianMs} ms (quartiles ${s.quartilesMs.join('-')}, ${s.underOneSecond}/${LOADS} under 1 s), ${s.scripts} scripts; phases after navigation start: ${JSON.stringify(s.phasesMs)}`,
    );
  const ratio = round(summary[1].medianMs / summary[0].medianMs, 3);
  log(
    `B/A ${ratio}; load average ${loadAtStart.map((l) => round(l, 2)).join(' ')} at the start, ${loadavg()
      .map((l) => round(l, 2))
      .join(' ')} at the end`,
  );
  saveResult(
    process.env.BENCH_CONSOLE_RESULT ?? 'console-ab',
    startedAt,
    {
      loads: LOADS,
      ratio,
      sides: summary,
      loadAtStart: loadAtStart.map((l) => round(l, 2)),
      loadAtEnd: loadavg().map((l) => round(l, 2)),
    },
    [
      {
        metric: 'first load of /users, signed in, B/A of the medians',
        target: 'recorded',
        actual: ratio,
        unit: '',
        pass: true,
      },
    ],
  );
} finally {
  await browser.close();
  for (const side of sides) await side.stop();
}
