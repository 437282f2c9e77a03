// The `sepa` npm package (sepa@3.0.0, the library issue 25 names) against our pain.001.001.09 writer (decision 92),
// measured on the same 200,000-member file. Not part of `npm run bench` and not a product dependency: the package is
// fetched for the measurement only, e.g. `npm pack sepa@3.0.0 && tar xzf sepa-3.0.0.tgz` and
// `SEPA_PACKAGE=/path/to/package node bench/sepa-package.js`, or `npm install sepa@3.0.0 --no-save` and no variable.
//
// Each run is a child process of its own (a clean heap, its own peak RSS), the two writers interleaved
// (ours, sepa, ours, sepa, ...; BENCH_SEPA_RUNS pairs, default 3). Both start from the same transfers (our
// `paymentFile`: texts in the SEPA set, amounts in cents) and write the whole document as a string; the time is the
// writing of the XML alone. Each file is then parsed back and checked with our rule checker (pain001-rules.ts, not
// timed), which names what the package writes differently from the schema.
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { built, log, now, rng, round, saveResult } from './lib.js';

const MEMBERS = Number(process.env.BENCH_SEPA_MEMBERS ?? 200_000);
const RUNS = Number(process.env.BENCH_SEPA_RUNS ?? 3);
const TARGET_MS = 5000;

const NAMES = [
  'Müller',
  'Schröder',
  'Weiß',
  'Groß',
  'Çelik',
  'Łukasiewicz',
  'Øster',
  'Dupré',
  'Schmidt',
  'Bäcker & Söhne GmbH',
];
const GIVEN = ['Jürgen', 'Anna', 'Özlem', 'François', 'Søren', 'Zoë', 'Hans-Peter', 'Marie'];
const IBANS = ['DE89370400440532013000', 'DE02120300000000202051', 'DE75512108001245126199', 'DE12500105170648489890'];
const BICS = ['COBADEFFXXX', 'BYLADEM1001', 'SOGEDEFFXXX', null];

/** The same payouts as bench/sepa.js (seed 25). */
function payouts(count, random) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const gross = 100 + Math.floor(random() * 500_000);
    const kapest = random() < 0.3 ? 0 : Math.floor(gross / 4);
    const soli = Math.floor((kapest * 55) / 1000);
    const churchTax = random() < 0.5 ? 0 : Math.floor((kapest * 9) / 100);
    list.push({
      memberNr: i + 1,
      gross,
      kapest,
      soli,
      churchTax,
      net: gross - kapest - soli - churchTax,
      holder: `${GIVEN[i % GIVEN.length]} ${NAMES[i % NAMES.length]}`,
      iban: IBANS[i % IBANS.length],
      bic: BICS[i % BICS.length],
    });
  }
  return list;
}

async function loadSepa() {
  const dir = process.env.SEPA_PACKAGE;
  const mod = dir ? await import(pathToFileURL(join(dir, 'dist', 'sepa.js')).href) : await import('sepa');
  return mod.default ?? mod;
}

/**
 * The file with the `sepa` package: one PmtInf, one transaction per transfer, validations on (its default). The texts
 * are reduced to the SEPA set and cut to their lengths with our `sepaText` first (timed too, as in our writer): the
 * package neither transliterates nor cuts.
 */
function sepaPackageXml(SEPA, text, file) {
  const { sepaText, NAME_MAX, REMITTANCE_MAX, ID_MAX } = text;
  const debtor = sepaText(file.debtor.name, NAME_MAX);
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = sepaText(file.messageId, ID_MAX);
  doc.grpHdr.created = new Date(`${file.createdAt}Z`);
  doc.grpHdr.initiatorName = debtor;
  const info = doc.createPaymentInfo();
  info.id = 'DIV2024';
  info.batchBooking = true;
  info.requestedExecutionDate = new Date(`${file.executionDate}T12:00:00`);
  info.debtorName = debtor;
  info.debtorIBAN = file.debtor.iban;
  info.debtorBIC = file.debtor.bic;
  doc.addPaymentInfo(info);
  for (const t of file.transfers) {
    const tx = info.createTransaction();
    tx.end2endId = sepaText(t.endToEndId, ID_MAX);
    tx.amount = t.amount / 100;
    tx.creditorName = sepaText(t.creditorName, NAME_MAX);
    tx.creditorIBAN = t.iban;
    tx.creditorBIC = t.bic ?? '';
    tx.remittanceInfo = sepaText(t.remittance, REMITTANCE_MAX);
    tx.purposeCode = 'DIVD';
    info.addTransaction(tx);
  }
  return doc.toString();
}

async function one(writer) {
  const { paymentFile, painXml } = await built('services/dist/payouts/index.js');
  const { pain001Violations, parsePain } = await built('services/dist/payouts/sepa/pain001-rules.js');
  const SEPA = writer === 'sepa' ? await loadSepa() : null;
  const text = await built('services/dist/payouts/sepa/sepa-text.js');
  const list = payouts(MEMBERS, rng(25));
  const cooperative = {
    id: 'c',
    cooperativeId: 'c',
    position: '1',
    name: 'eg',
    fullName: 'Bürgerenergie Süd eG',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  };
  const file = paymentFile({ year: 2024, paymentDate: '2025-06-30' }, cooperative, list, new Date());
  const write = (f) => (writer === 'sepa' ? sepaPackageXml(SEPA, text, f) : painXml(f));
  write({ ...file, transfers: file.transfers.slice(0, 2000) }); // warm-up
  const t0 = now();
  let xml;
  let error = null;
  try {
    xml = write(file);
  } catch (e) {
    error = String(e.message ?? e);
  }
  const ms = now() - t0;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  let violations = [];
  let mismatches = null;
  if (xml !== undefined) {
    const doc = parsePain(xml);
    violations = pain001Violations(doc);
    const pmtInf = doc.children[0].children.find((c) => c.name === 'PmtInf');
    const transfers = pmtInf.children.filter((c) => c.name === 'CdtTrfTxInf');
    mismatches = transfers.length === file.transfers.length ? 0 : Math.abs(transfers.length - file.transfers.length);
    transfers.forEach((t, i) => {
      const amount = t.children.find((c) => c.name === 'Amt').children[0].text;
      if (Number(amount.replace('.', '')) !== file.transfers[i]?.amount) mismatches++;
    });
  }
  const kinds = [...new Set(violations.map((v) => String(v).replace(/\d+/g, '#')))].slice(0, 8);
  process.stdout.write(
    JSON.stringify({
      writer,
      ms: round(ms),
      peakRssMb: round(peakRssMb, 1),
      bytes: xml?.length ?? 0,
      error,
      violations: violations.length,
      violationKinds: kinds,
      amountMismatches: mismatches,
    }) + '\n',
  );
}

async function main() {
  const self = fileURLToPath(import.meta.url);
  const runs = [];
  const started = now();
  for (let i = 0; i < RUNS; i++) {
    for (const writer of ['ours', 'sepa']) {
      const out = execFileSync(process.execPath, [self, '--one', writer], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
        env: process.env,
      });
      const run = JSON.parse(out.trim().split('\n').pop());
      log(
        `sepa-package: ${writer} ${run.ms} ms, peak RSS ${run.peakRssMb} MB, ${run.violations} rule violations${run.error ? `, error: ${run.error}` : ''}`,
      );
      runs.push(run);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const of = (w) => runs.filter((r) => r.writer === w);
  const summary = Object.fromEntries(
    ['ours', 'sepa'].map((w) => [
      w,
      {
        medianMs: median(of(w).map((r) => r.ms)),
        maxPeakRssMb: of(w).reduce((max, r) => Math.max(max, r.peakRssMb), -Infinity),
        violations: of(w)[0].violations,
        violationKinds: of(w)[0].violationKinds,
        error: of(w)[0].error,
      },
    ]),
  );
  log(`sepa-package: ${JSON.stringify(summary)}`);
  saveResult('sepa-package', started, { members: MEMBERS, runs, summary }, [
    {
      metric: `our writer, ${MEMBERS} transfers (median of ${RUNS})`,
      target: TARGET_MS,
      actual: summary.ours.medianMs,
      unit: 'ms',
      pass: summary.ours.medianMs <= TARGET_MS && summary.ours.violations === 0,
    },
    {
      metric: `sepa@3.0.0, ${MEMBERS} transfers (median of ${RUNS})`,
      target: TARGET_MS,
      actual: summary.sepa.medianMs,
      unit: 'ms',
      pass: summary.sepa.medianMs <= TARGET_MS && summary.sepa.violations === 0 && !summary.sepa.error,
    },
    { metric: 'peak RSS, our writer', target: null, actual: summary.ours.maxPeakRssMb, unit: 'MB', pass: null },
    { metric: 'peak RSS, sepa@3.0.0', target: null, actual: summary.sepa.maxPeakRssMb, unit: 'MB', pass: null },
  ]);
}

if (process.argv[2] === '--one') await one(process.argv[3]);
else await main();
