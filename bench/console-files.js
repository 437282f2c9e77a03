// The server's side of the console's first load (issue 43): the files the signed-in first load of /users asks for
// (the page, its scripts and stylesheet, the users screen's chunks), fetched as Chromium does (six keep-alive
// connections, `Accept-Encoding: gzip, deflate, br, zstd`) from two servers alternately, started once; per batch the
// wall time and the server process's CPU time (from /proc). Shows what serving the files costs the cores the browser
// and the API share, apart from the browser's own work.
// Usage: node bench/console-files.js <rootA> <rootB> [batches, default 40]   (each root with services/dist and
//   admin-ui/dist built). Results: bench/results/console-files.json.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { log, now, PRODUCT_NODE_FLAGS, round, saveResult } from './lib.js';

const roots = [process.argv[2], process.argv[3]].map((r) => (r ? resolve(r) : undefined));
if (!roots[0] || !roots[1]) throw new Error('usage: node bench/console-files.js <rootA> <rootB> [batches]');
const BATCHES = Number(process.argv[4] ?? 40);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TICK_MS = 1000 / 100; // USER_HZ

const freePort = () =>
  new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
}

function fetchOnce(agent, port, path) {
  return new Promise((done, fail) => {
    const req = get(
      { host: '127.0.0.1', port, path, agent, headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => done(res.statusCode));
      },
    );
    req.on('error', fail);
  });
}

async function start(root) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-bench-files-'));
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, join(root, 'services', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: `Bench-${randomBytes(9).toString('base64url')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      EVENT_STORE_URL: '',
      MONGODB_URL: '',
      ADMIN_UI_DIR: join(root, 'admin-ui', 'dist'),
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/ping`);
      if (res.status === 401 || res.status === 200) break;
    } catch {
      // not up yet
    }
    if (i > 800) throw new Error(`${root} did not start`);
    await sleep(150);
  }
  // The files of the first load: the page's own and the users screen's (its static imports, from the built chunks).
  const html = await (await fetch(`http://127.0.0.1:${port}/users`)).text();
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
  const dist = join(root, 'admin-ui', 'dist');
  const screen = readdirSync(join(dist, 'assets')).find((f) => /^UsersPage-.*\.js$/.test(f));
  const walk = (file) => {
    if (files.has(`/assets/${file}`) && file !== screen) return;
    files.add(`/assets/${file}`);
    const code = readFileSync(join(dist, 'assets', file), 'utf8');
    for (const m of code.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) walk(m[1]);
  };
  if (screen) walk(screen);
  const paths = ['/users', ...files];
  const stop = async () => {
    child.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { root, port, pid: child.pid, paths, stop };
}

async function batch(side) {
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const cpu0 = cpuMs(side.pid);
  const t0 = now();
  const statuses = await Promise.all(side.paths.map((p) => fetchOnce(agent, side.port, p)));
  const ms = now() - t0;
  const cpu = cpuMs(side.pid) - cpu0;
  agent.destroy();
  if (statuses.some((s) => s !== 200)) throw new Error(`${side.root}: ${statuses.join(',')}`);
  return { ms, cpu };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const startedAt = now();
const loadAtStart = loadavg().map((l) => round(l, 2));
const sides = [await start(roots[0]), await start(roots[1])];
try {
  for (const s of sides) for (let i = 0; i < 3; i++) await batch(s); // warm-up
  const results = [[], []];
  for (let i = 0; i < BATCHES; i++)
    for (const s of i % 2 === 0 ? [0, 1] : [1, 0]) results[s].push(await batch(sides[s]));
  const summary = results.map((rs, s) => ({
    root: sides[s].root,
    files: sides[s].paths.length,
    medianMs: round(median(rs.map((r) => r.ms)), 1),
    serverCpuMsPerBatch: round(rs.reduce((a, r) => a + r.cpu, 0) / rs.length, 1),
  }));
  for (const s of summary)
    log(
      `${s.root}: ${s.files} files, a batch in ${s.medianMs} ms (median), server CPU ${s.serverCpuMsPerBatch} ms per batch (mean)`,
    );
  const loadAtEnd = loadavg().map((l) => round(l, 2));
  log(`load average ${loadAtStart.join(' ')} at the start, ${loadAtEnd.join(' ')} at the end`);
  saveResult('console-files', startedAt, { batches: BATCHES, sides: summary, loadAtStart, loadAtEnd }, [
    {
      metric: 'server CPU per first load, B/A',
      target: 'recorded',
      actual: round(summary[1].serverCpuMsPerBatch / summary[0].serverCpuMsPerBatch, 3),
      unit: '',
      pass: true,
    },
  ]);
} finally {
  for (const s of sides) await s.stop();
}
