// Shared helpers of the bench scripts: temp data directories, timing and the results file format.
//
// Every bench script writes bench/results/<name>.json:
//   { name, startedAt, durationMs, machine, figures: {...}, checks: [{ metric, target, actual, unit, pass }] }
// bench/run.js reads these files to print the summary table.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The V8 flags the product runs with (`npm start`, docs/decisions.md 31). */
export const PRODUCT_NODE_FLAGS = ['--no-memory-reducer'];

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

/** Where filled data directories are kept between runs (see `cachedFill`); ignored by git. */
export const CACHE_DIR = join(ROOT, 'bench', '.data');

/**
 * A filled data directory, reused between runs: `bench/.data/<key>/` holds the data files of a finished
 * fill and `fill.json` (what `fill(dir)` returned, when and from which commit it was made). When it is
 * missing, `fill(dir)` runs in a scratch directory that becomes the cache only once it completed (an
 * interrupted fill leaves nothing to reuse). `fill` must close every store of the directory before it
 * returns. The run itself gets a copy in `runDir`, so what it writes never reaches the cache.
 * Returns `{ reused, info }`, `info` being the stored `fill.json`.
 */
export async function cachedFill(key, runDir, fill, { enabled = true } = {}) {
  if (!enabled) {
    const result = await fill(runDir);
    return { reused: false, info: { key, result, madeAt: new Date().toISOString(), commit: commitId() } };
  }
  const { reused, info, dir } = await ensureCachedFill(key, fill);
  copyInPages(dir, runDir, (name) => name !== 'fill.json');
  return { reused, info };
}

/**
 * The cached fill `bench/.data/<key>/` itself (no copy: for a benchmark that only reads it, or copies it later), made
 * by `fill(dir)` when it holds no finished fill, its read models brought to the current format when reused (unless
 * `upgrade` is off: the caller rebuilds them itself, timed). Returns `{ reused, info, dir }`.
 */
export async function ensureCachedFill(key, fill, { upgrade = true } = {}) {
  mkdirSync(CACHE_DIR, { recursive: true });
  // The cache is never committed: the directory ignores itself.
  if (!existsSync(join(CACHE_DIR, '.gitignore'))) writeFileSync(join(CACHE_DIR, '.gitignore'), '*\n');
  const cached = join(CACHE_DIR, key);
  const reused = existsSync(join(cached, 'fill.json'));
  if (!reused) {
    rmSync(cached, { recursive: true, force: true });
    const scratch = `${cached}.filling-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    try {
      const result = await fill(scratch);
      writeFileSync(
        join(scratch, 'fill.json'),
        `${JSON.stringify({ key, result, madeAt: new Date().toISOString(), commit: commitId() }, null, 2)}\n`,
      );
      renameSync(scratch, cached);
    } catch (error) {
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }
  const info = JSON.parse(readFileSync(join(cached, 'fill.json'), 'utf8'));
  if (reused && upgrade) await upgradeReadModelFormat(cached);
  return { reused, info, dir: cached };
}

/** The unit SQLite reads and writes its files in (its default page size). */
export const PAGE_BYTES = 4096;

/**
 * Copies a directory as SQLite would have written it: one write call per 4 KiB page, then each file written out to
 * the disk (fsync) before anything is measured on it (otherwise the kernel writes the gigabytes back while the
 * benchmark runs). Not `cpSync`: this kernel (Linux 6.18, ext4) caches a file copied or read in large pieces in large
 * folios, and every later 4 KiB write of SQLite's checkpoints into such a folio, and its write-back, walks all of the
 * folio's blocks. The product's own page-by-page reads and writes make no such folios, so the copy does not either
 * (bench/README.md, "Large folios": the read-ahead's folios cost up to a third of the server's CPU a posting).
 */
export function copyInPages(from, to, keep = () => true) {
  mkdirSync(to, { recursive: true });
  const buffer = Buffer.allocUnsafe(16 * 2 ** 20);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!keep(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      copyInPages(source, target, keep);
      continue;
    }
    if (!entry.isFile()) continue;
    const input = openSync(source, 'r');
    const output = openSync(target, 'w');
    try {
      for (let position = 0, n; (n = readSync(input, buffer, 0, buffer.length, position)) > 0; position += n) {
        for (let at = 0; at < n; at += PAGE_BYTES)
          writeSync(output, buffer, at, Math.min(PAGE_BYTES, n - at), position + at);
      }
      fsyncSync(output);
    } finally {
      closeSync(input);
      closeSync(output);
    }
  }
}

/**
 * Reads a file into the OS page cache a 4 KiB page at a time, from its end to its start, and returns its size.
 * Read backwards the kernel sees no forward stream and reads nothing ahead, so what it caches comes in 4 KiB folios,
 * as the product's own page reads bring them in (see copyInPages for why that matters here).
 */
export function readInPages(file) {
  const buffer = Buffer.allocUnsafe(PAGE_BYTES);
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    for (let position = Math.ceil(size / PAGE_BYTES) * PAGE_BYTES - PAGE_BYTES; position >= 0; position -= PAGE_BYTES) {
      readSync(fd, buffer, 0, PAGE_BYTES, position);
    }
    return size;
  } finally {
    closeSync(fd);
  }
}

/**
 * A cache filled by an older version may hold read models with another format (READ_MODEL_FORMAT); the
 * app would rebuild them at every start of every run (in the copy). They are rebuilt once, in the cache.
 */
async function upgradeReadModelFormat(cached) {
  const file = join(cached, 'read-models.sqlite');
  if (!existsSync(file)) return;
  const { READ_MODEL_FORMAT, READ_MODEL_FORMAT_CHECKPOINT } = await built('projections/dist/index.js');
  if (READ_MODEL_FORMAT === undefined)
    throw new Error('projections/dist/index.js exports no READ_MODEL_FORMAT: build the projections');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  let format;
  try {
    format = db.prepare('SELECT position FROM checkpoints WHERE name = ?').pluck().get(READ_MODEL_FORMAT_CHECKPOINT);
  } finally {
    db.close();
  }
  if (format === String(READ_MODEL_FORMAT)) return;
  log(`    ${cached}: read models of an older format; rebuilding them once in the cache (minutes at 1,000,000 events)`);
  execFileSync(process.execPath, [join(ROOT, 'services/dist/rebuild.js')], { env: benchEnv(cached), stdio: 'inherit' });
}

function commitId() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
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

/** One counter of a Linux `io` file (/proc/<pid>/io, /proc/self/task/<tid>/io), or null where there is none. */
export function ioCounter(file, name) {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    return line ? Number(line.split(':')[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by each thread of this process (Linux: /proc/self/task/<tid>/stat, in clock ticks of
 * 10 ms), its major page faults (a page of a memory-mapped file read from the disk: the event log) and the bytes it
 * read from the disk (`read_bytes` of /proc/self/task/<tid>/io: the read store's pages not in the page cache), by
 * thread id; null elsewhere. The API thread's id is the process id.
 */
export function threadTimes() {
  const tasks = '/proc/self/task';
  if (!existsSync(tasks)) return null;
  const out = new Map();
  for (const tid of readdirSync(tasks)) {
    try {
      const stat = readFileSync(`${tasks}/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), {
        cpu: (Number(fields[11]) + Number(fields[12])) / 100,
        majorFaults: Number(fields[9]),
        readBytes: ioCounter(`${tasks}/${tid}/io`, 'read_bytes') ?? 0,
      });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** Per thread, the CPU it used between two readings `seconds` apart: the API thread first, then the others, busiest first. */
export function threadShares(before, after, seconds) {
  if (!before || !after) return null;
  const used = [...after].map(([tid, t]) => {
    const b = before.get(tid);
    return {
      tid,
      seconds: t.cpu - (b?.cpu ?? 0),
      majorFaults: t.majorFaults - (b?.majorFaults ?? 0),
      readMB: round((t.readBytes - (b?.readBytes ?? 0)) / 2 ** 20, 1),
    };
  });
  const named = used.map((u) => ({
    ...u,
    name: u.tid === process.pid ? 'API' : `thread ${u.tid}`,
    percent: Math.round((u.seconds / seconds) * 100),
  }));
  const api = named.find((u) => u.tid === process.pid);
  return [api, ...named.filter((u) => u !== api).sort((a, b) => b.seconds - a.seconds)];
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
