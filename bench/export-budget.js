// The member list exports' budget (docs/performance.md §55): 100,000 generated members through `renderInThread` with the
// exports' builders, as a file above 2,000 members is made: per format the time end to end, the thread's used heap
// (sampled every 10 ms and at each progress) and, for each heap limit in BENCH_BUDGET_CAPS (MB), whether the file is
// still made within it (`RenderBudgetExceeded` `memory` if not). BENCH_BUDGET_FULL=1 gives each member all 58 fields of
// a MemberDto (39 more values), as the selection posts them. `node bench/export-budget.js` on the code in services/dist.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { asTheProductRuns, built, log, now, round, ROOT, saveResult, tempDataDir } from './lib.js';

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_EXPORTS_MEMBERS ?? 100_000);
const FULL = process.env.BENCH_BUDGET_FULL === '1';
const RUNS = Number(process.env.BENCH_BUDGET_RUNS ?? 2);
const CAPS = (process.env.BENCH_BUDGET_CAPS ?? '64,96,128,192,256').split(',').filter(Boolean).map(Number);
const FORMATS = (process.env.BENCH_BUDGET_FORMATS ?? 'csv,xlsx,ods').split(',');
const started = now();

const { renderInThread } = await built('services/dist/platform/render-thread/render-in-thread.js');
const { dir, cleanup } = tempDataDir('export-budget');
const entry = join(dir, 'entry.mjs');
const dist = (p) => JSON.stringify(pathToFileURL(join(ROOT, 'services/dist', p)).href);
writeFileSync(
  entry,
  `import { getHeapStatistics } from 'node:v8';
import { serveRender } from ${dist('platform/render-thread/serve-render.js')};
import { buildMemberFile } from ${dist('exports/render/member-file.js')};
serveRender(async ({ format, dialect }, batches, progress) => {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, getHeapStatistics().used_heap_size));
  const timer = setInterval(sample, 10);
  try {
    const bytes = await buildMemberFile(format, dialect, batches, (d) => { sample(); progress(d); });
    sample();
    progress(-Math.round(peak / 1e6));
    return bytes;
  } finally {
    clearInterval(timer);
  }
});
`,
);

const GIVEN = ['Jürgen', 'Anna', 'Özlem', 'Hans-Peter', 'Marie', 'Lukas'];
const NAMES = ['Weiß', 'Müller', 'Schröder', 'Groß', 'Bäcker', 'Stadtwerke Musterstadt GmbH'];
const member = (i) => ({
  id: `m${i}`,
  memberNr: i + 1,
  salutation: i % 2 ? 'Frau' : 'Herr',
  title: i % 17 === 0 ? 'Dr' : 'none',
  name: NAMES[i % 6],
  givenName: GIVEN[i % 6],
  street: 'Hauptstraße',
  streetHomeNumber: String(1 + (i % 300)),
  zipCode: String(10000 + (i % 89999)).padStart(5, '0'),
  city: 'Musterstadt',
  country: null,
  isForeign: false,
  birthDate: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
  entryDate: '2015-01-01',
  approvalDate: '2015-01-15',
  exitDate: i % 20 ? null : '2026-12-31',
  exitReason: i % 20 ? null : 'exit',
  shareAmount: 1 + (i % 40),
  shareTotalEUR: (1 + (i % 40)) * 25_000,
});
const extra = (i) =>
  Object.fromEntries(
    Array.from({ length: 39 }, (_, k) => [`f${k}`, k % 3 === 0 ? null : `DE${String(i * 7919 + k).padStart(20, '0')}`]),
  );
const members = Array.from({ length: MEMBERS }, (_, i) => (FULL ? { ...member(i), ...extra(i) } : member(i)));
async function* batches() {
  for (let i = 0; i < members.length; i += 1000) yield members.slice(i, i + 1000);
}

const figures = { members: MEMBERS, full: FULL, formats: {} };
const checks = [];
try {
  for (const format of FORMATS) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      let heapMb = 0;
      const t = now();
      const bytes = await renderInThread(pathToFileURL(entry), { format, dialect: 'excel' }, batches(), (d) => {
        if (d < 0) heapMb = -d;
      });
      runs.push({
        seconds: round((now() - t) / 1000, 2),
        threadPeakHeapMb: heapMb,
        sizeMb: round(bytes.length / 1e6, 1),
      });
      log(`    ${format}: ${runs.at(-1).seconds} s, thread's peak used heap ${heapMb} MB, ${runs.at(-1).sizeMb} MB`);
    }
    const caps = {};
    for (const cap of CAPS) {
      const t = now();
      caps[cap] = await renderInThread(pathToFileURL(entry), { format, dialect: 'excel' }, batches(), undefined, {
        seconds: 600,
        memoryMb: cap,
      }).then(
        () => `made in ${round((now() - t) / 1000, 2)} s`,
        (error) => `${error.name} ${error.reason ?? error.message}`,
      );
      log(`    ${format} within ${cap} MB of heap: ${caps[cap]}`);
    }
    figures.formats[format] = { runs, caps };
    const slowest = runs.reduce((most, r) => Math.max(most, r.seconds), 0);
    checks.push({
      metric: `${format.toUpperCase()} in a render thread, ${MEMBERS} members${FULL ? ' (all fields)' : ''}`,
      target: null,
      actual: slowest,
      unit: 's',
      pass: null,
      detail: Object.entries(caps)
        .map(([cap, r]) => `${cap} MB: ${r}`)
        .join('; '),
    });
  }
} finally {
  cleanup();
}
saveResult(`export-budget${FULL ? '-full' : ''}`, started, figures, checks);
