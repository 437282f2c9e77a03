// The import's write over time (issues 39/40, performance.md section 28): runs the command line of a build on a copy of
// a store kept by `BENCH_IMPORT_KEEP=1 node bench/import.js` (the files and the first start's store), samples the
// process's anonymous memory (RssAnon) and the size of its spill of decisions (decision 260; 0 for a build without one)
// every 250 ms, and ends the process once it says "Written" (its read models are not waited for).
// `node bench/import-trace.js KEPT_DIR [BUILD_DIR]` (BUILD_DIR: a checkout whose services/dist was built; this one by
// default). Prints the time to "Written", the peak and where it was, and saves the samples with the load beside them.
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchEnv, load, log, now, importNodeFlags, round, ROOT, saveResult } from './lib.js';
import { anonMb } from './support/proc-status.js';

const [kept, build = ROOT] = process.argv.slice(2);
if (!kept) throw new Error('usage: node bench/import-trace.js KEPT_DIR [BUILD_DIR]');
const started = now();
const store = join(kept, 'store-trace');
rmSync(store, { recursive: true, force: true });
cpSync(join(kept, 'store'), store, { recursive: true });
const files = readdirSync(kept)
  .filter((f) => f.endsWith('.csv'))
  .map((f) => join(kept, f));
const db = new Database(join(store, 'events.sqlite'), { readonly: true });
const { stream } = db
  .prepare("SELECT stream_id AS stream FROM events WHERE stream_id LIKE 'cooperative-%' LIMIT 1")
  .get();
db.close();
const cooperativeId = stream.slice('cooperative-'.length);
const loadBefore = load();
const child = spawn(
  process.execPath,
  [
    ...importNodeFlags(build),
    join(build, 'services/dist/member-import/cli/main.js'),
    ...files,
    '--cooperative',
    cooperativeId,
    '--lang',
    'en',
    '--confirm-warnings',
  ],
  { cwd: build, env: benchEnv(store), stdio: ['ignore', 'pipe', 'pipe'] },
);
const t0 = now();
const seconds = () => round((now() - t0) / 1000, 1);
const spillBytes = () => {
  try {
    for (const fd of readdirSync(`/proc/${child.pid}/fd`)) {
      if (readlinkSync(`/proc/${child.pid}/fd/${fd}`).includes('import-spill'))
        return statSync(`/proc/${child.pid}/fd/${fd}`).size;
    }
  } catch {
    // gone
  }
  return 0;
};
/** [seconds, RssAnon MB, spill MB] */
const samples = [];
const timer = setInterval(() => {
  const anon = anonMb(child.pid);
  if (anon > 0) samples.push([seconds(), anon, Math.round(spillBytes() / 1e6)]);
}, 250);
let output = '';
let written = null;
child.stdout.on('data', (c) => {
  output += c.toString();
  const match = /^Written: .*\(after ([\d.]+) s\)/m.exec(output);
  if (written === null && match) {
    written = Number(match[1]);
    child.kill('SIGKILL');
  }
});
child.stderr.on('data', (c) => (output += c.toString()));
child.once('exit', () => {
  clearInterval(timer);
  rmSync(store, { recursive: true, force: true });
  const peak = samples.reduce((p, s) => (s[1] > p[1] ? s : p), [0, 0, 0]);
  const loads = [loadBefore, load()];
  log(
    `${build}: "Written" after ${written} s, anonymous peak ${peak[1]} MB at ${peak[0]} s (spill ${peak[2]} MB then), load ${loads.join(' → ')}`,
  );
  if (written === null) log(output.split('\n').slice(0, 40).join('\n'));
  saveResult(
    process.env.BENCH_IMPORT_RESULT ?? 'import-trace',
    started,
    { build, writtenSeconds: written, peakAnonMb: peak[1], peakAt: peak[0], load: loads, samples },
    [],
  );
});
