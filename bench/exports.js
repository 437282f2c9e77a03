// Member list exports (issue 26): CSV, XLSX and ODS of 100,000 members.
//  (a) The builders on generated members (services/dist/exports/render/*: csv-stringify, exceljs's streaming
//      WorkbookWriter, jszip), fed in batches of 1,000 as `membersAsOf` hands them: time, peak RSS (sampled every
//      20 ms), file size, the longest event-loop stall (perf_hooks.monitorEventLoopDelay), each file read back
//      (csv-parse; SheetJS for XLSX and ODS) and its row count and one row checked.
//  (b) Unless BENCH_EXPORTS_API=0: the real app on a demo fill of the same number of members (services/dist/demo,
//      kept in bench/.data/ as bench/members.js keeps its fill): GET /api/v1/export/members.{csv,xlsx,ods} end to end
//      (EXPORT_SYNC_LIMIT raised so they answer at once), and the member list's latency (search, open loop at
//      BENCH_EXPORTS_RATE requests/s, bench/support/cannon.js in a child process) alone and while XLSX exports run.
// Targets: CSV <= 3 s, XLSX <= 10 s at 100,000 members. `node bench/exports.js` (BENCH_EXPORTS_MEMBERS to change the count).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { parse as parseCsv } from 'csv-parse/sync';
import XLSX from 'xlsx';
import { asTheProductRuns, benchEnv, built, log, now, rng, round, ROOT, saveResult, tempDataDir } from './lib.js';
import { cachedFill } from './support/cached-fill.js';

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_EXPORTS_MEMBERS ?? 100_000);
const API = process.env.BENCH_EXPORTS_API !== '0';
const BUILDERS = process.env.BENCH_EXPORTS_BUILDERS !== '0';
const API_POSTINGS = Number(process.env.BENCH_EXPORTS_POSTINGS ?? MEMBERS * 2);
const RATE = Number(process.env.BENCH_EXPORTS_RATE ?? 50);
const DURATION = Number(process.env.BENCH_EXPORTS_DURATION ?? 10);
const SEED = 42;
const TARGETS = { csv: 3, xlsx: 10 };
const started = now();

const { memberCsv } = await built('services/dist/exports/render/member-csv.js');
const { memberXlsx } = await built('services/dist/exports/render/member-xlsx.js');
const { memberOds } = await built('services/dist/exports/render/member-ods.js');

const random = rng(26);
const GIVEN = ['Jürgen', 'Anna', 'Özlem', 'Hans-Peter', 'Marie', 'Lukas'];
const NAMES = ['Weiß', 'Müller', 'Schröder', 'Groß', 'Bäcker', 'Stadtwerke Musterstadt GmbH'];
const member = (i) => {
  const shares = 1 + Math.floor(random() * 40);
  const exiting = random() < 0.05;
  return {
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
    exitDate: exiting ? '2026-12-31' : null,
    exitReason: exiting ? 'exit' : null,
    shareAmount: shares,
    shareTotalEUR: shares * 25_000,
  };
};
const members = Array.from({ length: MEMBERS }, (_, i) => member(i));
async function* batches() {
  for (let i = 0; i < members.length; i += 1000) yield members.slice(i, i + 1000);
}

/** Runs `make` with RSS sampling and the event-loop delay histogram; answers time, peak RSS, longest stall and the bytes. */
async function measured(make) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = now();
  const bytes = await make();
  const ms = now() - t0;
  loop.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    bytes,
    seconds: round(ms / 1000, 2),
    peakRssMb: round(peak / 1e6, 0),
    rssBeforeMb: round(rssBefore / 1e6, 0),
    maxStallMs: round(loop.max / 1e6, 1),
    sizeMb: round(bytes.length / 1e6, 1),
  };
}

const figures = { members: MEMBERS, builders: {} };
const checks = [];
const sample = members[54_321 % MEMBERS];

if (BUILDERS) await builderRun();
members.length = 0;

if (API) await apiRun();
saveResult('exports', started, figures, checks);

async function builderRun() {
  log(`(a) builders, ${MEMBERS} generated members`);
  const csv = await measured(() => memberCsv(batches(), 'excel'));
  const csvRows = parseCsv(csv.bytes, { bom: true, delimiter: ';' });
  const csvOk =
    csvRows.length === MEMBERS + 1 &&
    csvRows[1 + (54_321 % MEMBERS)][3] === sample.name &&
    csvRows[1 + (54_321 % MEMBERS)][15] === String(sample.shareAmount);
  const xlsx = await measured(() => memberXlsx(batches()));
  const xlsxRows = XLSX.utils.sheet_to_json(XLSX.read(xlsx.bytes, { type: 'buffer', dense: true }).Sheets.Mitglieder, {
    header: 1,
    raw: true,
  });
  const xlsxOk = xlsxRows.length === MEMBERS + 1 && xlsxRows[1 + (54_321 % MEMBERS)][16] === sample.shareTotalEUR / 100;
  const ods = await measured(() => memberOds(batches()));
  const odsRows = XLSX.utils.sheet_to_json(XLSX.read(ods.bytes, { type: 'buffer', dense: true }).Sheets.Mitglieder, {
    header: 1,
    raw: true,
  });
  const odsOk = odsRows.length === MEMBERS + 1 && odsRows[1 + (54_321 % MEMBERS)][16] === sample.shareTotalEUR / 100;
  for (const [format, r, ok] of [
    ['csv', csv, csvOk],
    ['xlsx', xlsx, xlsxOk],
    ['ods', ods, odsOk],
  ]) {
    const { bytes: _bytes, ...rest } = r;
    figures.builders[format] = { ...rest, readBack: ok };
    log(
      `    ${format}: ${r.seconds} s, ${r.sizeMb} MB, peak RSS ${r.peakRssMb} MB (before ${r.rssBeforeMb}), longest event-loop stall ${r.maxStallMs} ms, read back ${ok ? 'ok' : 'WRONG'}`,
    );
    checks.push({
      metric: `${format.toUpperCase()} builder, ${MEMBERS} generated members`,
      target: TARGETS[format] ?? null,
      actual: r.seconds,
      unit: 's',
      pass: TARGETS[format] ? r.seconds <= TARGETS[format] && ok : ok ? null : false,
      detail: `peak RSS ${r.peakRssMb} MB, ${r.sizeMb} MB, longest stall ${r.maxStallMs} ms, read back ${ok ? 'ok' : 'WRONG'}`,
    });
  }
}

async function apiRun() {
  const { dir, cleanup } = tempDataDir('exports');
  const { createApp } = await built('services/dist/create-app.js');
  const { areas } = await built('services/dist/areas.js');
  const { loadConfig } = await built('services/dist/platform/config/config.js');
  const { fillDemo } = await built('services/dist/demo/demo.js');
  log(`(b) the API on a demo fill: ${MEMBERS} members, about ${API_POSTINGS} postings (or reused from bench/.data/)`);
  const t0 = now();
  const fill = await cachedFill(`members-${MEMBERS}-postings-${API_POSTINGS}-seed-${SEED}`, dir, async (target) => {
    const filling = await createApp(loadConfig(benchEnv(target)), areas, { logger: false });
    try {
      const t = now();
      const summary = await fillDemo(filling, {
        members: MEMBERS,
        postings: API_POSTINGS,
        seed: SEED,
        log: (line) => log(`    ${line}`),
      });
      return { ...summary, fillMs: now() - t };
    } finally {
      await filling.close();
    }
  });
  log(`    ${fill.reused ? 'reused' : 'filled'} in ${round((now() - t0) / 1000, 1)} s`);
  const running = await createApp(loadConfig(benchEnv(dir, { EXPORT_SYNC_LIMIT: String(MEMBERS * 10) })), areas, {
    logger: false,
  });
  try {
    await running.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
    const login = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-Kennwort-2026' }),
    });
    const { token } = await login.json();
    // The app runs in this process: the event-loop delay measured here is the API thread's (the 50 ms rule).
    const get = async (path) => {
      global.gc?.();
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const t = now();
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      loop.disable();
      return {
        status: res.status,
        seconds: round((now() - t) / 1000, 2),
        sizeMb: round(bytes.length / 1e6, 1),
        name: res.headers.get('content-disposition'),
        maxStallMs: round(loop.max / 1e6, 1),
        p99StallMs: round(loop.percentile(99) / 1e6, 1),
        bytes,
      };
    };
    figures.api = { fill: fill.info.result, exports: {} };
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    for (const format of ['csv', 'xlsx', 'ods']) {
      const { bytes, ...r } = await get(`/api/v1/export/members.${format}`);
      // Read back (not timed): the three files, built in the render thread, hold the same number of rows.
      r.rows =
        format === 'csv'
          ? parseCsv(bytes, { bom: true, delimiter: ';' }).length
          : XLSX.utils.sheet_to_json(XLSX.read(bytes, { type: 'buffer', dense: true }).Sheets.Mitglieder, {
              header: 1,
              raw: true,
            }).length;
      figures.api.exports[format] = r;
      log(
        `    GET /export/members.${format}: ${r.status} in ${r.seconds} s, ${r.sizeMb} MB, ${r.rows} rows read back, ${r.name}, API thread's longest event-loop stall ${r.maxStallMs} ms (p99 ${r.p99StallMs} ms)`,
      );
      checks.push({
        metric: `GET /export/members.${format}, ${MEMBERS} members (API, end to end)`,
        target: TARGETS[format] ?? null,
        actual: r.seconds,
        unit: 's',
        pass:
          r.status !== 200 || r.rows !== figures.api.exports.csv.rows
            ? false
            : TARGETS[format]
              ? r.seconds <= TARGETS[format]
              : null,
        detail: `${r.sizeMb} MB, ${r.rows} rows read back${r.rows === figures.api.exports.csv.rows ? '' : ' (CSV: ' + figures.api.exports.csv.rows + ')'}`,
      });
      checks.push({
        metric: `API thread's longest event-loop stall during GET /export/members.${format}`,
        target: 50,
        actual: r.maxStallMs,
        unit: 'ms',
        pass: r.maxStallMs <= 50,
        detail: `p99 of the loop delay ${r.p99StallMs} ms`,
      });
    }
    clearInterval(sampler);
    figures.api.peakRssMb = round(peak / 1e6, 0);
    const cannon = () =>
      promisify(execFile)(
        process.execPath,
        [
          join(ROOT, 'bench/support/cannon.js'),
          JSON.stringify({
            url,
            token,
            paths: ['müller', 'SCHMI', 'hof', 'anna', 'bau'].map(
              (s) => `/api/v1/members?search=${encodeURIComponent(s)}&order_by=name&limit=20`,
            ),
            connections: 20,
            duration: DURATION,
            overallRate: RATE,
          }),
        ],
        { maxBuffer: 64 * 2 ** 20 },
      ).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)));
    const alone = await cannon();
    let exporting = true;
    let exportsDone = 0;
    const loop = (async () => {
      while (exporting) {
        await get('/api/v1/export/members.xlsx');
        exportsDone += 1;
      }
    })();
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    const during = await cannon();
    stalls.disable();
    exporting = false;
    await loop;
    const maxStallMs = round(stalls.max / 1e6, 1);
    figures.api.memberList = {
      rate: RATE,
      alone: alone.latencyMs,
      whileExporting: during.latencyMs,
      exportsDuringRun: exportsDone,
      maxStallWhileExportingMs: maxStallMs,
    };
    log(
      `    member list at ${RATE}/s: alone p99 ${alone.latencyMs.p99} ms; while XLSX exports run (${exportsDone} finished) p99 ${during.latencyMs.p99} ms, max ${during.latencyMs.max} ms; API thread's longest stall ${maxStallMs} ms`,
    );
    checks.push({
      metric: `member list p99 at ${RATE}/s while XLSX exports of ${MEMBERS} run`,
      target: null,
      actual: during.latencyMs.p99,
      unit: 'ms',
      pass: null,
      detail: `alone p99 ${alone.latencyMs.p99} ms; max ${during.latencyMs.max} ms; API thread's longest event-loop stall ${maxStallMs} ms`,
    });
  } finally {
    await running.close();
    cleanup();
  }
}
