// Import of a member register (issue 29): 100,000 members with 1,000,000 postings as CSV, checked (dry run) and written.
//  - Generates, from a fixed seed, `mitglieder.csv` and `buchungen.csv` in the Excel dialect a German clerk's program
//    writes (UTF-8 with BOM, `;`, dates `31.12.2024`): members with valid IBANs and (half of them) tax ids
//    (services/dist/demo/demo-check-digits.js), and per member its subscription (0), additional shares (1), transfers
//    (3 and 4 as pairs by reference) and annulations (5) of additional shares, dated from 2000 to 2025.
//  - A fresh data directory, first start, the demo cooperative's share terms (services/dist/demo/demo-cooperative.js).
//  - `npm run import -- FILES --cooperative ID --dry-run`, then the same without --dry-run (the write), each in its own
//    process as an operator runs it: the dry run's wall time, the write's time until it says "Written" (start, reading,
//    checking, the one append; the read models it then rebuilds are timed apart), and the peak memory of each (the
//    process's maximum resident set size, which the command line prints last). The log's last position is shown.
// Target: at most 60 s each (issue 29, "on a two-core machine"). `node bench/import.js` (BENCH_IMPORT_MEMBERS and
// BENCH_IMPORT_POSTINGS for quick runs).
// Before and after (issue 39): BENCH_IMPORT_BEFORE=DIR names another build of the product (a checkout whose
// services/dist was built); its dry run is then run interleaved with this build's, BENCH_IMPORT_ROUNDS times each (2),
// the one going first alternating, with the machine's load average beside every figure and their ratio.
// BENCH_IMPORT_STAGES=dry-run leaves the write out (it takes minutes more with its read models); with BENCH_IMPORT_BEFORE
// and the write stage, the writes of both builds are interleaved too, each on a fresh copy of the store as the first
// start left it (issue 39/40, performance.md section 26).
// Memory: besides the peak resident set the command line prints, the process's anonymous memory (RssAnon of
// /proc/PID/status, sampled every 200 ms: the mapped event log not counted, issue 40) is reported at its peak, and for
// the write its peak until "Written" (the read models' rebuild after it runs in a thread of the same process).
// BENCH_IMPORT_UNTIL_WRITTEN=1 ends each write's process once it says "Written" (SIGKILL: its log is in the store, and
// the store is thrown away): the figures for issues 39/40 without the read models' rebuild of several minutes.
// BENCH_IMPORT_VIA=api writes the same files through the API instead, as the console does (bench/support/import-api.js):
// the API in a process of its own on the store, `POST /import` and its task followed to its end; the API process's
// anonymous memory before the upload, its peak until the write ended and the added amount (issue 40's bound), the
// seconds from the request to the write's end, the load before and after. No dry run, no command line; the result is
// saved as `import-api` unless BENCH_IMPORT_RESULT names it.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, built, load, log, now, importNodeFlags, round, ROOT, saveResult, tempDataDir } from './lib.js';
import { generate } from './support/import-files.js';
import { writeViaApi } from './support/import-api.js';
import { anonMb as readAnonMb } from './support/proc-status.js';

const MEMBERS = Number(process.env.BENCH_IMPORT_MEMBERS ?? 100_000);
const POSTINGS = Number(process.env.BENCH_IMPORT_POSTINGS ?? MEMBERS * 10);
const TARGET_SECONDS = 60;
const BEFORE = process.env.BENCH_IMPORT_BEFORE || null;
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 2);
const STAGES = (process.env.BENCH_IMPORT_STAGES ?? 'dry-run,write').split(',');
const UNTIL_WRITTEN = Boolean(process.env.BENCH_IMPORT_UNTIL_WRITTEN);
const VIA_API = process.env.BENCH_IMPORT_VIA === 'api';
if (VIA_API && BEFORE) throw new Error('BENCH_IMPORT_VIA=api measures this build alone: leave BENCH_IMPORT_BEFORE out');
if (!VIA_API && (process.env.BENCH_IMPORT_VIA ?? 'cli') !== 'cli')
  throw new Error(`BENCH_IMPORT_VIA: cli or api, not ${process.env.BENCH_IMPORT_VIA}`);
const started = now();

/** The write's figures of a command line's run: until "Written", the read models after it, memory. */
function writeFigure(r) {
  const written = /^Written: .*\(after ([\d.]+) s\)/m.exec(r.output);
  const projected = /^Read models up to date in ([\d.]+) s/m.exec(r.output);
  return {
    exitCode: r.code,
    seconds: written ? Number(written[1]) : r.seconds,
    processSeconds: r.seconds,
    readModelsSeconds: projected ? Number(projected[1]) : null,
    peakRssMb: r.peakRssMb,
    peakAnonMb: r.peakAnonMb,
    peakAnonUntilWrittenMb: r.peakAnonUntilWrittenMb,
    load: r.load,
  };
}

/** Runs the command line in its own process: exit code, wall time, peak memory it reports, its output. */
function runCli(args, dataDir, root = ROOT) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const loadBefore = load();
    const child = spawn(
      process.execPath,
      [...importNodeFlags(root), join(root, 'services/dist/member-import/cli/main.js'), ...args],
      { cwd: root, env: benchEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let anonMb = 0;
    let anonUntilWrittenMb = null;
    let stopped = false;
    const sample = setInterval(() => {
      anonMb = Math.max(anonMb, readAnonMb(child.pid));
    }, 200);
    child.stdout.on('data', (c) => {
      output += c.toString();
      if (anonUntilWrittenMb === null && /^Written: /m.test(output)) {
        anonMb = Math.max(anonMb, readAnonMb(child.pid));
        anonUntilWrittenMb = anonMb;
        if (UNTIL_WRITTEN) {
          stopped = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (c) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sample);
      const seconds = round((now() - t0) / 1000, 1);
      const peak = /Peak memory: (\d+) MB/.exec(output);
      resolve({
        code: stopped ? 0 : code,
        seconds,
        peakRssMb: peak ? Number(peak[1]) : null,
        peakAnonMb: anonMb,
        peakAnonUntilWrittenMb: anonUntilWrittenMb,
        output,
        load: [loadBefore, load()],
      });
    });
  });
}

// BENCH_IMPORT_KEEP=1 keeps the files and the store (for profiling the command line on them): their folder is printed
const kept = process.env.BENCH_IMPORT_KEEP ? mkdtempSync(join(tmpdir(), 'coop-bench-import-kept-')) : null;
const { dir, cleanup } = kept ? { dir: kept, cleanup: () => log(`    kept: ${kept}`) } : tempDataDir('import');
const figures = { members: MEMBERS };
const checks = [];
try {
  log(`generating ${MEMBERS} members with about ${POSTINGS} postings as CSV`);
  const t0 = now();
  const data = generate(dir, MEMBERS, POSTINGS);
  figures.generated = {
    postings: data.postings,
    byType: data.byType,
    sizeMb: data.sizeMb,
    seconds: round((now() - t0) / 1000, 1),
  };
  log(
    `    ${data.postings} postings (${JSON.stringify(data.byType)}), ${data.sizeMb} MB in ${figures.generated.seconds} s`,
  );

  // A new store: the first start creates the cooperative; the demo's share terms (25,00 EUR... 250 EUR, minimum 2).
  const storeDir = join(dir, 'store');
  const { createApp } = await built('services/dist/create-app.js');
  const { areas } = await built('services/dist/areas.js');
  const { loadConfig } = await built('services/dist/platform/config/config.js');
  const { prepareCooperative } = await built('services/dist/demo/demo-cooperative.js');
  const { ROLES } = await built('contracts/dist/index.js');
  const running = await createApp(loadConfig(benchEnv(storeDir)), areas, { logger: false });
  const cooperativeId = running.firstStart.cooperativeId;
  const { terms } = await prepareCooperative(
    running,
    { userId: 'bench', username: 'bench', roles: [...ROLES], cooperativeId },
    {},
  );
  await running.close();
  figures.terms = terms;
  // The store as the first start left it: each write of a before/after comparison starts from a copy of it.
  const template = join(dir, 'store-template');
  cpSync(storeDir, template, { recursive: true });
  const freshStore = (name) => {
    const copy = join(dir, name);
    rmSync(copy, { recursive: true, force: true });
    cpSync(template, copy, { recursive: true });
    return copy;
  };

  const base = [...data.files, '--cooperative', cooperativeId, '--lang', 'en', '--confirm-warnings']; // generated people may share an IBAN (households): confirmed as a clerk would after the check
  if (BEFORE) {
    // the dry run of the other build and of this one, interleaved, the first alternating: ratios at the same load
    const pairs = [];
    for (let round_ = 0; STAGES.includes('dry-run') && round_ < ROUNDS; round_++) {
      const order = round_ % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      const pair = {};
      for (const which of order) {
        const r = await runCli([...base, '--dry-run'], storeDir, which === 'before' ? BEFORE : ROOT);
        pair[which] = { exitCode: r.code, seconds: r.seconds, peakRssMb: r.peakRssMb, load: r.load };
        log(
          `    dry run ${which} (${which === 'before' ? BEFORE : 'this build'}): exit ${r.code}, ${r.seconds} s, peak ${r.peakRssMb} MB, load ${r.load.join(' → ')}`,
        );
        if (r.code !== 0) log(r.output.split('\n').slice(0, 40).join('\n'));
      }
      pair.ratio = round(pair.after.seconds / pair.before.seconds, 2);
      log(`    round ${round_ + 1}: after / before = ${pair.ratio}`);
      pairs.push(pair);
    }
    figures.beforeAfter = { before: BEFORE, pairs };
    if (STAGES.includes('write')) {
      // the writes, interleaved the same way, each on a fresh copy of the store (a write into a store holding the same
      // files writes nothing)
      const writes = [];
      for (let round_ = 0; round_ < ROUNDS; round_++) {
        const order = round_ % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        const pair = {};
        for (const which of order) {
          const store = freshStore(`store-write-${which}`);
          const r = await runCli(base, store, which === 'before' ? BEFORE : ROOT);
          pair[which] = writeFigure(r);
          rmSync(store, { recursive: true, force: true });
          log(
            `    write ${which} (${which === 'before' ? BEFORE : 'this build'}): exit ${r.code}, ${pair[which].seconds} s to "Written" (process ${r.seconds} s), peak ${r.peakRssMb} MB, anonymous ${r.peakAnonUntilWrittenMb} MB until "Written" (${r.peakAnonMb} MB in all), load ${r.load.join(' → ')}`,
          );
          if (r.code !== 0) log(r.output.split('\n').slice(0, 40).join('\n'));
        }
        pair.ratio = round(pair.after.seconds / pair.before.seconds, 2);
        log(`    write round ${round_ + 1}: after / before = ${pair.ratio}`);
        writes.push(pair);
      }
      figures.beforeAfter.writes = writes;
    }
  }
  if (VIA_API) {
    const w = await writeViaApi(storeDir, data.files, log);
    figures.api = w;
    const ended = w.task ? `task ${w.task.state} (${w.task.done}/${w.task.total})` : `answer ${w.status}`;
    log(
      `    write through the API: ${w.status}, ${ended}; the write ended ${w.writeSeconds} s after the request (answer after ` +
        `${w.answerSeconds} s; the task shown ended after ${w.seconds} s); anonymous ${w.anonBeforeMb} MB before the upload ` +
        `(${w.anonAtStartMb} MB at the API's start), peak ${w.anonPeakUntilEndedMb} MB until the write ended ` +
        `(+${w.anonAddedUntilEndedMb} MB), ${w.anonPeakMb} MB until shown (+${w.anonAddedMb} MB; +${w.anonAddedSinceStartMb} MB ` +
        `over the start); resident peak ${w.residentPeakMb} MB; API CPU ${w.usage.cpuSeconds} s; load ${w.load.join(' → ')}`,
    );
    if (!w.ok) log(`    the write did not complete: ${JSON.stringify(w.task ?? w.result)}`);
    // Against issue 40's 1.5 GB: the peak until the console is shown the end (the read models' catching up included).
    checks.push({
      metric: `import write through the API, ${MEMBERS} members, ${data.postings} postings (CSV): anonymous memory added`,
      target: 1536,
      actual: w.anonAddedMb,
      unit: 'MB',
      pass: w.ok && w.anonAddedMb <= 1536,
      detail:
        `before the upload ${w.anonBeforeMb} MB, peak ${w.anonPeakMb} MB until the task was shown ended after ${w.seconds} s ` +
        `(${w.anonPeakUntilEndedMb} MB until it ended, after ${w.writeSeconds} s); load ${w.load.join(' → ')}; ${ended}`,
    });
  }
  const stages = [
    ['dry run', [...base, '--dry-run']],
    ['write', base],
  ].filter(([stage]) => !VIA_API && STAGES.includes(stage.replace(' ', '-')) && !(BEFORE && stage === 'write'));
  for (const [stage, args] of stages) {
    const r = await runCli(args, storeDir);
    const summary = /Events:\s+(\d+)/.exec(r.output);
    // The write: from the start of the command to "Written" (start, reading, checking, appending); the read models
    // follow after it (rebuilt from the log) and are shown apart.
    const figure = {
      ...(stage === 'write'
        ? writeFigure(r)
        : { exitCode: r.code, seconds: r.seconds, peakRssMb: r.peakRssMb, peakAnonMb: r.peakAnonMb, load: r.load }),
      events: summary ? Number(summary[1]) : null,
    };
    const seconds = figure.seconds;
    figures[stage === 'write' ? 'write' : 'dryRun'] = figure;
    log(
      `    ${stage}: exit ${r.code}, ${seconds} s${stage === 'write' ? ` (read models ${figure.readModelsSeconds} s more, the process ${r.seconds} s)` : ''}, peak memory ${r.peakRssMb} MB, anonymous ${stage === 'write' ? `${r.peakAnonUntilWrittenMb} MB until "Written", ` : ''}${r.peakAnonMb} MB at most, load ${r.load.join(' → ')}`,
    );
    if (r.code !== 0) log(r.output.split('\n').slice(0, 80).join('\n'));
    checks.push({
      metric: `import ${stage}, ${MEMBERS} members, ${data.postings} postings (CSV)`,
      target: TARGET_SECONDS,
      actual: seconds,
      unit: 's',
      pass: r.code === 0 && seconds <= TARGET_SECONDS,
      detail: `peak memory ${r.peakRssMb} MB (anonymous ${r.peakAnonMb} MB)${stage === 'write' ? `; read models rebuilt in ${figure.readModelsSeconds} s after it` : ''}; load ${r.load.join(' → ')}; exit ${r.code}`,
    });
  }
  // The write appended what the dry run said it would.
  if (STAGES.includes('write') || VIA_API) {
    const { SqliteEventStore } = await built('services/dist/platform/event-store/sqlite-event-store.js');
    const events = new SqliteEventStore(join(storeDir, 'events.sqlite'));
    const head = Number(await events.headPosition());
    await events.close();
    figures.logHead = head;
    log(`    the log's last position after the write: ${head}`);
  }
} finally {
  cleanup();
}
saveResult(process.env.BENCH_IMPORT_RESULT ?? (VIA_API ? 'import-api' : 'import'), started, figures, checks);
