// Issue 41: V8's rest destructuring (`const { a, b, ...rest } = data`) of an event's data as a rebuild holds it (parsed
// JSON with the opened personal fields added) against copying the same fields key by key (`without`, projector.ts),
// 20,000 admissions' data five times each, interleaved, best of two rounds each. No target: the evidence for the change.
import { log, now, round, saveResult } from './lib.js';

const started = now();
const sealedPart = { subject: 'member-1', iv: 'aXY=', tag: 'dGFn', ciphertext: 'Y2lwaGVy', fields: ['name'] };
const base = {
  memberId: 'm-1',
  cooperativeId: 'c-1',
  position: 3,
  memberNr: 12,
  legalForm: 0,
  admissionDate: '2020-01-01',
  type: 1,
  _personal: sealedPart,
};
const personal = {
  name: 'Müller',
  givenName: 'Anna',
  street: 'Hauptstr. 1',
  zipCode: '12345',
  city: 'Köln',
  country: 'DE',
  birthDate: '1970-01-01',
  email: 'a@example.org',
  phone: '0221 123',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  manualTaxId: '12345678901',
  title: null,
  salutation: 'Frau',
  birthName: null,
  nationality: 'DE',
  occupation: 'Lehrerin',
  notes: '',
};
const text = JSON.stringify(base);
const personalText = JSON.stringify(personal);
/** The data as CodecEventStore hands it to the projectors (personal-data.ts before issue 41: rest, then assign). */
function opened() {
  const { _personal: _sealed, ...rest } = JSON.parse(text);
  return Object.assign({ ...rest }, JSON.parse(personalText));
}
const restWay = (d) => {
  const { memberId: _m, cooperativeId: _c, position: _p, ...rest } = d;
  return rest;
};
const loopWay = (d) => {
  const rest = {};
  for (const k in d)
    if (Object.hasOwn(d, k) && k !== 'memberId' && k !== 'cooperativeId' && k !== 'position') rest[k] = d[k];
  return rest;
};
const datas = Array.from({ length: 20_000 }, opened);
const runs = { rest: [], loop: [] };
for (const [name, f] of [
  ['rest', restWay],
  ['loop', loopWay],
  ['loop', loopWay],
  ['rest', restWay],
]) {
  const t = now();
  let keys = 0;
  for (let r = 0; r < 5; r++) for (const d of datas) keys += Object.keys(f(d)).length;
  const ms = now() - t;
  runs[name].push(round(ms));
  log(`${name}: ${round(ms)} ms (${keys} keys copied)`);
}
const fastest = (values) => values.reduce((a, b) => Math.min(a, b), Infinity);
const restUs = round((fastest(runs.rest) * 1000) / 100_000, 2);
const loopUs = round((fastest(runs.loop) * 1000) / 100_000, 2);
saveResult(
  'object-rest',
  started,
  { runs, restMicrosPerCopy: restUs, loopMicrosPerCopy: loopUs, ratio: round(loopUs / restUs, 3) },
  [
    { metric: 'rest destructuring of an opened admission', target: null, actual: restUs, unit: 'us', pass: null },
    {
      metric: 'key-by-key copy (without)',
      target: null,
      actual: loopUs,
      unit: 'us',
      pass: null,
      detail: `ratio ${round(loopUs / restUs, 3)}`,
    },
  ],
);
