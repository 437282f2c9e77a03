// Tax certificates (issue 25): the Muster II PDF of a closure of 10,000 generated members, one member per page, as the
// `taxCertificates` task renders it (the pure builder `taxCertificatesPdf` with pdfkit; the read-model queries around it
// are left out: no full fill of 10,000 members with a closure is made here). Time, peak RSS (sampled every 20 ms and
// the process's maxRSS), file size; the pages are read back and counted, and one page's amounts checked.
// Target: at most 60 s. `node bench/tax-certificates.js` (BENCH_TAX_CERTIFICATES_MEMBERS to change the count).
import { asTheProductRuns, built, log, now, rng, round, saveResult } from './lib.js';

asTheProductRuns();

const MEMBERS = Number(process.env.BENCH_TAX_CERTIFICATES_MEMBERS ?? 10_000);
const TARGET_SECONDS = 60;
const started = now();
const { taxCertificatesPdf } = await built('services/dist/tax-documents/render/tax-certificate-pdf.js');
const { euros } = await built('services/dist/kernel/german-format.js');
const { CHURCH_NAMES } = await built('contracts/dist/index.js');

const random = rng(25);
const churches = Object.values(CHURCH_NAMES);
const GIVEN = ['Jürgen', 'Anna', 'Özlem', 'Hans-Peter', 'Marie'];
const NAMES = ['Weiß', 'Müller', 'Schröder', 'Groß', 'Bäcker'];
const certificates = Array.from({ length: MEMBERS }, (_, i) => {
  const gross = 1_000 + Math.floor(random() * 500_000);
  const exempt = random() < 0.4 ? Math.min(gross, 100_000) : 0;
  const kapest = Math.floor((gross - exempt) * 0.25);
  const soli = Math.floor(kapest * 0.055);
  const church = random() < 0.5 ? churches[Math.floor(random() * churches.length)] : null;
  return {
    memberId: `m${i}`,
    memberNr: i + 1,
    name: `${GIVEN[i % 5]} ${NAMES[(i * 7) % 5]}`,
    street: `Hauptstraße ${i % 200}`,
    zipCity: '10115 Berlin',
    year: 2025,
    paymentDate: '2026-01-15',
    gross,
    exempt,
    kapest,
    soli,
    churchTax: church ? Math.floor(kapest * 0.09) : 0,
    churchName: church,
    basisOfTax: 'standard',
    version: 'original',
  };
});
const issuer = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
  taxNumber: '2311012345',
  taxOffice: 'Finanzamt Musterstadt',
};

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const rssBefore = process.memoryUsage().rss;
const t0 = now();
const pdf = await taxCertificatesPdf(issuer, certificates);
const ms = now() - t0;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const maxRssMb = round(process.resourceUsage().maxRSS / 1024, 0);

// The reader (pdf.js) is loaded only now, so that its heap does not weigh on the render measured above.
const { pdfPages } = await built('services/dist/platform/pdf/pdf-text.js');
const pages = await pdfPages(pdf);
const checked = Math.min(4321, MEMBERS - 1);
const sample = pages[checked] ?? [];
const expected = certificates[checked];
const pageOk =
  pages.length === MEMBERS &&
  sample.includes(expected.name) &&
  sample.includes(`${euros(expected.gross)} EUR`) &&
  sample.includes(`${euros(expected.kapest)} EUR`);
log(
  `${MEMBERS} certificates: ${round(ms / 1000, 1)} s, ${round(pdf.length / 1e6, 1)} MB, peak RSS ${round(peak / 1e6, 0)} MB, pages read back ${pages.length}`,
);

saveResult(
  'tax-certificates',
  started,
  {
    members: MEMBERS,
    seconds: round(ms / 1000, 2),
    pdfMb: round(pdf.length / 1e6, 1),
    rssBeforeMb: round(rssBefore / 1e6, 0),
    sampledPeakRssMb: round(peak / 1e6, 0),
    maxRssMb,
    pagesReadBack: pages.length,
    pageChecked: pageOk,
  },
  [
    {
      metric: `tax certificates PDF, ${MEMBERS} members (pure builder, pdfkit)`,
      target: TARGET_SECONDS,
      actual: round(ms / 1000, 1),
      unit: 's',
      pass: ms / 1000 <= TARGET_SECONDS && pageOk,
      detail: `peak RSS ${maxRssMb} MB (maxRSS), ${round(pdf.length / 1e6, 1)} MB file, ${pages.length} pages read back`,
    },
  ],
);
