// Member PDFs (issue 26): the statements of account of 10,000 generated active members as the `memberPdfs` task
// renders them: the statement lines from generated member documents and postings (`statementLines`, the pure part of
// the source) into the pdfkit builder `statementsPdf` through `MemberPdfRenderer` (a render thread, as the product
// renders more than 1,000), in batches of 1,000 as `membersAsOf` yields them. The read-model
// queries around it are left out: no full API fill of 10,000 members with postings and closures is made here.
// Figures: time, peak RSS (sampled every 20 ms, and the process's maxRSS), file size, the longest event-loop delay
// while it renders (the 50 ms rule), pages read back and one statement checked. Target: at most 60 s.
// `node bench/member-pdfs.js` (BENCH_MEMBER_PDFS_MEMBERS to change the count).
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { asTheProductRuns, built, log, now, rng, round, saveResult } from './lib.js';

asTheProductRuns();

const machineLoad = () => loadavg()[0];

const MEMBERS = Number(process.env.BENCH_MEMBER_PDFS_MEMBERS ?? 10_000);
const TARGET_SECONDS = 60;
const DATE = '2025-12-31';
const started = now();
const { statementLines } = await built('services/dist/member-pdfs/index.js');
// The postings as the product reads them: typed by the share ledger's one reader (decision 257).
const { readBalance } = await built('projections/dist/owned/share-ledger.js');
const { MemberPdfRenderer } = await built('services/dist/member-pdfs/render-thread/member-pdf-renderer.js');
// As the product renders them: in a render thread (above 1,000 members); BENCH_MEMBER_PDFS_IN=here on this thread.
const IN_THREAD = process.env.BENCH_MEMBER_PDFS_IN !== 'here';
const renderer = IN_THREAD ? new MemberPdfRenderer() : new MemberPdfRenderer(undefined, Number.MAX_SAFE_INTEGER);
if (IN_THREAD && !renderer.inThread(MEMBERS))
  throw new Error(
    `${MEMBERS} statements would not be rendered in a render thread (more than 1,000 and npx tsc -b services)`,
  );
const { euros } = await built('services/dist/kernel/german-format.js');

const random = rng(26);
const GIVEN = ['Jürgen', 'Anna', 'Özlem', 'Hans-Peter', 'Marie'];
const NAMES = ['Weiß', 'Müller', 'Schröder', 'Groß', 'Bäcker'];
const PRICE = 25_000;

/** A generated member: its document's postings (1 to 12, a few annulled) and their BALANCES documents. */
function generated(i) {
  const postings = [];
  const balances = new Map();
  const count = 1 + Math.floor(random() * 12);
  let day = 0;
  for (let p = 0; p < count; p++) {
    day += 1 + Math.floor(random() * 200);
    const d = new Date(Date.UTC(2015, 0, 1 + day)).toISOString().slice(0, 10);
    const shares = p === 0 ? 1 + Math.floor(random() * 10) : 1 + Math.floor(random() * 3);
    const id = `b${i}-${p}`;
    postings.push({ b: id, d, s: shares, a: shares * PRICE });
    balances.set(id, { id, type: p === 0 ? 0 : 1, annulated: false, rueckpfleinzahlung: shares * PRICE });
    if (p > 0 && random() < 0.05) {
      balances.get(id).annulated = true;
      const annul = `${id}-x`;
      postings.push({ b: annul, d, s: -shares, a: -shares * PRICE });
      balances.set(annul, { id: annul, type: 5, annulated: false, rueckpfleinzahlung: -shares * PRICE });
    }
  }
  const doc = { id: `m${i}`, postings };
  const typed = new Map([...balances].map(([id, b]) => [id, readBalance({ cooperativeId: 'c', position: '1', ...b })]));
  const lines = statementLines(doc, DATE, typed);
  const last = lines[lines.length - 1];
  const member = {
    id: `m${i}`,
    memberNr: i + 1,
    salutation: i % 2 ? 'Herr' : 'Frau',
    title: 'none',
    givenName: GIVEN[i % 5],
    name: NAMES[(i * 7) % 5],
    legalForm: 0,
    street: 'Hauptstraße',
    streetHomeNumber: String(1 + (i % 200)),
    zipCode: '10115',
    city: 'Berlin',
    isForeign: false,
    country: null,
    entryDate: postings[0].d,
    exitDate: null,
    shareAmount: last.holdingShares,
    shareTotalEUR: last.holdingCents,
  };
  const dividends = [2024, 2023, 2022].slice(0, Math.floor(random() * 4)).map((year) => {
    const gross = Math.floor(last.holdingCents * 0.03);
    const taxes = Math.floor(gross * 0.26375);
    return { year, gross, taxes, net: gross - taxes };
  });
  return { member, lines, shares: last.holdingShares, cents: last.holdingCents, dividends, settlements: [] };
}

let sample;
async function* batches() {
  for (let from = 0; from < MEMBERS; from += 1000) {
    const batch = [];
    for (let i = from; i < Math.min(MEMBERS, from + 1000); i++) {
      batch.push(generated(i));
      // The product's batches come from the read threads; generating them here must not count as the builder's delay.
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    if (from <= 4321 && 4321 < from + 1000) sample = batch[4321 - from];
    yield batch;
  }
}
const issuer = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
};

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
// The process's own CPU time between two ticks of a 5 ms timer: on a loaded machine the wall-clock delay also holds the
// time other processes had the cores; the CPU time is what the render itself held the loop for.
let lastCpu = process.cpuUsage();
let maxCpuGapMs = 0;
const cpuTicker = setInterval(() => {
  const cpu = process.cpuUsage(lastCpu);
  lastCpu = process.cpuUsage();
  maxCpuGapMs = Math.max(maxCpuGapMs, (cpu.user + cpu.system) / 1000);
}, 5);
const rssBefore = process.memoryUsage().rss;
const t0 = now();
const pdf = await renderer.statements(issuer, DATE, MEMBERS, batches());
const ms = now() - t0;
loop.disable();
clearInterval(sampler);
clearInterval(cpuTicker);
peak = Math.max(peak, process.memoryUsage().rss);
const maxRssMb = round(process.resourceUsage().maxRSS / 1024, 0);
const maxDelayMs = round(loop.max / 1e6, 0);
const p99DelayMs = round(loop.percentile(99) / 1e6, 0);
const cpuGapMs = round(maxCpuGapMs, 0);
const loadAverage = round(machineLoad(), 1);

// The reader (pdf.js) is loaded only now, so that its heap does not weigh on the render measured above.
const { pdfPages } = await built('services/dist/platform/pdf/pdf-text.js');
const pages = await pdfPages(pdf);
const page =
  pages.find((p) =>
    p.includes(
      `Mitgliedsnummer: ${sample.member.memberNr}     Eintritt: ${sample.member.entryDate.split('-').reverse().join('.')}`,
    ),
  ) ?? [];
const pageOk =
  pages.length >= MEMBERS &&
  page.includes(
    `Bestand am 31.12.2025: ${sample.shares} ${sample.shares === 1 ? 'Anteil' : 'Anteile'}, ${euros(sample.cents)} EUR`,
  );
log(
  `${MEMBERS} statements (${IN_THREAD ? 'render thread' : 'this thread'}): ${round(ms / 1000, 1)} s, ${round(pdf.length / 1e6, 1)} MB, ${pages.length} pages, peak RSS ${round(peak / 1e6, 0)} MB (maxRSS ${maxRssMb} MB), event loop max ${maxDelayMs} ms, p99 ${p99DelayMs} ms (wall, load ${loadAverage}), own CPU between ticks max ${cpuGapMs} ms`,
);

saveResult(
  'member-pdfs',
  started,
  {
    members: MEMBERS,
    renderedIn: IN_THREAD ? 'render thread' : 'this thread',
    seconds: round(ms / 1000, 2),
    pdfMb: round(pdf.length / 1e6, 1),
    pages: pages.length,
    rssBeforeMb: round(rssBefore / 1e6, 0),
    sampledPeakRssMb: round(peak / 1e6, 0),
    maxRssMb,
    eventLoopMaxDelayMs: maxDelayMs,
    eventLoopP99DelayMs: p99DelayMs,
    maxOwnCpuBetweenTicksMs: cpuGapMs,
    loadAverage,
    pageChecked: pageOk,
  },
  [
    {
      metric: `statements of account, ${MEMBERS} members (builders on generated data, pdfkit)`,
      target: TARGET_SECONDS,
      actual: round(ms / 1000, 1),
      unit: 's',
      pass: ms / 1000 <= TARGET_SECONDS && pageOk,
      detail: `peak RSS ${maxRssMb} MB (maxRSS), ${round(pdf.length / 1e6, 1)} MB file, ${pages.length} pages read back`,
    },
    // In a render thread the process's CPU time counts the thread's too: the calling thread's loop delay is the figure.
    IN_THREAD
      ? {
          metric: 'longest event-loop delay of the calling (API) thread while the render thread renders',
          target: 50,
          actual: maxDelayMs,
          unit: 'ms',
          pass: maxDelayMs <= 50,
          detail: `p99 ${p99DelayMs} ms at load average ${loadAverage} (2 cores shared); wall clock, so it holds the time other processes had the cores`,
        }
      : {
          metric: 'longest stretch of own CPU between two 5 ms ticks while rendering',
          target: 50,
          actual: cpuGapMs,
          unit: 'ms',
          pass: cpuGapMs <= 50,
          detail: `wall-clock event-loop delay max ${maxDelayMs} ms, p99 ${p99DelayMs} ms at load average ${loadAverage} (2 cores shared)`,
        },
  ],
);
