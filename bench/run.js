// Runs every benchmark in its own child process, one after the other, and prints a summary table.
// `npm run bench` (or `node bench/run.js [name ...]` to run some of them, e.g. `node bench/run.js list members`).
// `node bench/run.js --results` runs nothing: it prints and saves the summary of the result files as they are.
// Builds first: `npx tsc -b services` and, when admin-ui/package.json exists, `npm run build -w admin-ui`.
// Each bench writes bench/results/<name>.json; the summary goes to bench/results/summary.json.
// Exit code 1 when a bench script failed to run; missed targets show as FAIL in the table only.
// With EVENT_STORE_URL and/or MONGODB_URL set, append, rebuild and list also measure KurrentDB / MongoDB (bench/engines.js):
// their rows say `on KurrentDB` / `on MongoDB` and carry the embedded figure in their detail.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, PRODUCT_NODE_FLAGS, RESULTS_DIR, ROOT } from './lib.js';

const BENCHES = [
  'append',
  'rebuild',
  'rebuild-demo',
  'rebuild-stages',
  'list',
  'members',
  'dividend',
  'sepa',
  'tax-certificates',
  'member-pdfs',
  'exports',
  'import',
  'console-load',
  'fuzz',
  'soak',
];
const fromResults = process.argv.includes('--results');
const only = process.argv.slice(2).filter((a) => a !== '--results');
const started = Date.now();

function run(command, args) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env }).status;
}

if (!fromResults && run('npx', ['tsc', '-b', 'services']) !== 0) {
  if (!existsSync(join(ROOT, 'services/dist/create-app.js'))) {
    console.error('Build failed and there is no services/dist to benchmark.');
    process.exit(1);
  }
  console.warn('WARNING: the build reported errors; benchmarking the code it emitted into */dist.');
}
if (
  !fromResults &&
  existsSync(join(ROOT, 'admin-ui/package.json')) &&
  run('npm', ['run', 'build', '-w', 'admin-ui']) !== 0
) {
  console.warn('WARNING: the admin-ui build failed.');
}

mkdirSync(RESULTS_DIR, { recursive: true });
const benches = [];
for (const name of BENCHES) {
  const script = join(ROOT, 'bench', `${name}.js`);
  if (only.length > 0 && !only.includes(name)) continue;
  if (fromResults) {
    const file = join(RESULTS_DIR, `${name}.json`);
    if (!existsSync(file)) continue;
    const result = JSON.parse(readFileSync(file, 'utf8'));
    const seconds = Math.round((result.durationMs ?? 0) / 100) / 10;
    benches.push({ name, exitCode: 0, seconds, checks: Array.isArray(result.checks) ? result.checks : [], result });
    continue;
  }
  if (!existsSync(script)) {
    if (name !== 'console-load') console.warn(`bench/${name}.js is missing`);
    continue;
  }
  const t0 = Date.now();
  // With the product's V8 flags, so the scripts that run the app in-process need not start themselves again.
  const exitCode = run(process.execPath, [...PRODUCT_NODE_FLAGS, script]);
  const seconds = Math.round((Date.now() - t0) / 100) / 10;
  const file = join(RESULTS_DIR, `${name}.json`);
  // Only a result written by this run counts.
  const result = existsSync(file) && statSync(file).mtimeMs >= t0 ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  const checks = Array.isArray(result?.checks)
    ? result.checks
    : [
        {
          metric: result ? `see bench/results/${name}.json` : 'no result file written',
          target: null,
          actual: null,
          pass: exitCode === 0 ? null : false,
        },
      ];
  benches.push({ name, exitCode, seconds, checks, result });
}

const cell = (v) => (v === null || v === undefined ? '-' : String(v));
const rows = [['bench', 'metric', 'target', 'actual', 'unit', 'pass', 'detail']];
for (const b of benches) {
  if (b.exitCode !== 0) rows.push([b.name, `script failed (exit ${b.exitCode})`, '-', '-', '-', 'FAIL', '']);
  for (const c of b.checks) {
    rows.push([
      b.name,
      c.metric,
      cell(c.target),
      cell(c.actual),
      cell(c.unit),
      c.pass === null || c.pass === undefined ? 'info' : c.pass ? 'PASS' : 'FAIL',
      cell(c.detail),
    ]);
  }
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
console.log('\nSummary');
console.log(line(rows[0]));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows.slice(1)) console.log(line(r));

const totalSeconds = Math.round((Date.now() - started) / 100) / 10;
console.log(`\nTotal ${totalSeconds} s; results in bench/results/`);
writeFileSync(
  join(RESULTS_DIR, 'summary.json'),
  `${JSON.stringify(
    {
      startedAt: new Date(started).toISOString(),
      totalSeconds,
      machine: machine(),
      ...(fromResults ? { from: 'the result files as they were (node bench/run.js --results)' } : {}),
      benches: benches.map(({ name, exitCode, seconds, checks, result }) => ({
        name,
        ranAt: result?.startedAt ?? null,
        exitCode,
        seconds,
        checks,
      })),
    },
    null,
    2,
  )}\n`,
);
process.exit(benches.some((b) => b.exitCode !== 0) ? 1 : 0);
