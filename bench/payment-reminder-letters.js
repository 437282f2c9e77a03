// Payment reminders (issue 45): the letters of one sending of the largest size a request takes (REMINDER_RUN_MAX,
// 2,000 members), rendered as `GET /payment-reminders/{runId}/letters.pdf` renders them: `renderLetters` (above 300
// letters in a render thread) and, interleaved with it, the same letters on this thread (reminderLettersPdf, yielding
// after each letter), BENCH_REMINDER_RUNS pairs (default 2). The read-model queries around it are left out.
// Figures per run: time, file size, pages, the longest event-loop delay of this thread (the 50 ms rule), the longest
// letter and the closing of the file on this thread, the machine's load before and after.
// `node bench/payment-reminder-letters.js` (BENCH_REMINDER_LETTERS to change the count).
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { asTheProductRuns, built, log, now, round, saveResult } from './lib.js';

asTheProductRuns();

const COUNT = Number(process.env.BENCH_REMINDER_LETTERS ?? 2000);
const TARGET_SECONDS = 30;
const started = now();
const { reminderLettersPdf, renderLetters } = await built('services/dist/payment-reminders/index.js');
const RUNS = Number(process.env.BENCH_REMINDER_RUNS ?? 2);
const { pdfPages } = await built('services/dist/platform/pdf/pdf-text.js');

const issuer = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
  bankname: 'Musterbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};
const NAMES = ['Weiß', 'Müller', 'Schröder', 'Groß', 'Bäcker'];
const letters = Array.from({ length: COUNT }, (_, i) => ({
  memberNr: i + 1,
  salutation: `Sehr geehrte Frau ${NAMES[i % NAMES.length]},`,
  recipient: [`Anna ${NAMES[i % NAMES.length]}`, `Lindenweg ${i + 1}`, '12345 Musterstadt'],
  level: (i % 3) + 1,
  date: '2026-02-10',
  amount: 25_000 * (1 + (i % 3)),
  subscriptions: Array.from({ length: 1 + (i % 3) }, (_, k) => ({
    balanceId: `b${i}-${k}`,
    date: '2026-01-10',
    quantity: 1,
    amount: 25_000,
    dueSince: '2026-01-10',
  })),
}));

/** One rendering: `mode` 'thread' (the product's path) or 'here' (this thread, yielding after each letter). */
async function run(mode) {
  const loadBefore = loadavg()[0];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const t0 = now();
  // The longest stretch between two yields on this thread: the drawing of one letter.
  let last = t0;
  let longestLetterMs = 0;
  const between = () => {
    longestLetterMs = Math.max(longestLetterMs, now() - last);
    return new Promise((resolve) =>
      setImmediate(() => {
        last = now();
        resolve();
      }),
    );
  };
  const pdf =
    mode === 'thread' ? await renderLetters(issuer, letters) : await reminderLettersPdf(issuer, letters, between);
  const endMs = mode === 'thread' ? 0 : now() - last;
  const ms = now() - t0;
  delay.disable();
  const pages = await pdfPages(pdf);
  return {
    mode,
    seconds: round(ms / 1000),
    msPerLetter: round(ms / COUNT, 3),
    megabytes: round(pdf.length / 1024 / 1024),
    pages: pages.length,
    maxEventLoopDelayMs: round(delay.max / 1e6),
    longestLetterMs: mode === 'thread' ? null : round(longestLetterMs),
    closingMs: mode === 'thread' ? null : round(endMs),
    load: [round(loadBefore), round(loadavg()[0])],
  };
}

const runs = [];
for (let i = 0; i < RUNS; i++) for (const mode of ['thread', 'here']) runs.push(await run(mode));
const thread = runs.filter((r) => r.mode === 'thread');
const figures = { letters: COUNT, runs };
log(figures);
const slowest = thread.reduce((max, r) => Math.max(max, r.seconds), 0);
saveResult('payment-reminder-letters', started, figures, [
  {
    metric: `letters of ${COUNT} members (render thread, slowest run)`,
    target: TARGET_SECONDS,
    actual: slowest,
    unit: 's',
    pass: slowest <= TARGET_SECONDS,
  },
  {
    metric: 'pages (one per letter)',
    target: COUNT,
    actual: runs.reduce((min, r) => Math.min(min, r.pages), Infinity),
    unit: 'pages',
    pass: runs.every((r) => r.pages === COUNT),
  },
]);
