// The SEPA payment file of a closure (issue 25; DOMAIN.md 7): 200,000 generated member payouts through the pure
// builders of services/src/payouts (the refusal check, the transfers with their remittance texts, the pain.001.001.09
// XML). The closure is generated (seeded PRNG), not filled through the app: a closure of 200,000 members is beyond
// what a bench run can fill here; the route adds reading the closure's and the members' read models (keyset pages
// of 2,000) on top. The file is then parsed back and checked against the schema's rules and the payouts (not timed).
// Target: at most 5 s for the file of 200,000 members.
import { built, log, now, rng, round, saveResult } from './lib.js';

const MEMBERS = Number(process.env.BENCH_SEPA_MEMBERS ?? 200_000);
const TARGET_MS = 5000;

const { paymentFile, painXml, sepaErrors } = await built('services/dist/payouts/index.js');
const { pain001Violations, parsePain } = await built('services/dist/payouts/sepa/pain001-rules.js');

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

const started = now();
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
log(`sepa: ${MEMBERS} payouts generated`);

// Warm-up on a small file, then the measured run.
painXml(paymentFile({ year: 2024, paymentDate: '2025-06-30' }, cooperative, list.slice(0, 2000), new Date()));
const t0 = now();
const errors = sepaErrors(cooperative, list);
const file = paymentFile({ year: 2024, paymentDate: '2025-06-30' }, cooperative, list, new Date());
const xml = painXml(file);
const ms = now() - t0;
const rss = process.memoryUsage().rss;
log(`sepa: ${file.transfers.length} transfers, ${(xml.length / 1e6).toFixed(1)} MB in ${round(ms)} ms`);

const t1 = now();
const doc = parsePain(xml);
const violations = pain001Violations(doc);
const transfers = doc.children[0].children
  .find((c) => c.name === 'PmtInf')
  .children.filter((c) => c.name === 'CdtTrfTxInf');
let mismatches = 0;
transfers.forEach((t, i) => {
  const amount = t.children.find((c) => c.name === 'Amt').children[0].text;
  if (Number(amount.replace('.', '')) !== list[i].net) mismatches++;
});
const checkMs = now() - t1;
log(
  `sepa: parsed back and checked in ${round(checkMs)} ms: ${violations.length} rule violations, ${mismatches} amounts differing`,
);

saveResult(
  'sepa',
  started,
  {
    members: MEMBERS,
    transfers: file.transfers.length,
    bytes: xml.length,
    buildMs: round(ms),
    rssMb: round(rss / 1e6, 1),
    parseAndCheckMs: round(checkMs),
    refusals: errors.length,
    ruleViolations: violations.length,
    amountMismatches: mismatches,
  },
  [
    {
      metric: `SEPA file of ${MEMBERS} members (pure builder)`,
      target: TARGET_MS,
      actual: round(ms),
      unit: 'ms',
      pass: ms <= TARGET_MS && violations.length === 0 && mismatches === 0 && transfers.length === MEMBERS,
      detail: `${violations.length} rule violations, ${mismatches} amounts differing from the payouts`,
    },
    { metric: 'resident memory after the build', target: null, actual: round(rss / 1e6, 1), unit: 'MB', pass: null },
  ],
);
