// What an object literal costs on this Node (decision 288, docs/performance.md section 48): a literal that adds fields
// after a spread, against the same written out or copied key by key, over a small object and over a parsed 50-field
// document (a stored read model's size). Each case runs 200,000 times, three rounds; the third round's µs per literal
// is printed and saved in bench/results/object-literals.json. No target: the figures say which form the projectors use.
import { now, round, saveResult } from './lib.js';

const N = 200_000;
const started = now();

/** µs per call of `make(i, source)`, the sources taken in turn (the third of three rounds). */
function measure(make, sources) {
  let us = 0;
  for (let r = 0; r < 3; r++) {
    const kept = new Array(sources.length);
    const t = now();
    for (let i = 0; i < N; i++) {
      const k = i % sources.length;
      kept[k] = make(i, sources[k]);
    }
    us = ((now() - t) * 1000) / N;
  }
  return round(us, 3);
}

const small = Array.from({ length: 5 }, (_, i) => ({ cdcUser: `u${i}`, cdcAction: 'insert', cdcTimestamp: 't' }));
const fields = Array.from({ length: 50 }, (_, i) => `field${i}`);
/** 1,000 parsed documents of about 50 fields, a few of them absent in each (their shapes differ, as members' do). */
const documents = Array.from({ length: 1000 }, (_, i) => {
  const doc = {};
  for (const f of fields) if ((i + f.length * 3) % 7 !== 0 || f < 'field3') doc[f] = f.length % 2 ? `x${i}` : i;
  return JSON.parse(JSON.stringify(doc));
});
const withExisting = documents.map((d) => JSON.parse(JSON.stringify({ ...d, a: 0, b: 0, c: 0, d: 0 })));
const copied = (doc, i) => {
  const out = {};
  for (const k in doc) if (Object.hasOwn(doc, k)) out[k] = doc[k];
  out.a = i;
  out.b = i;
  out.c = null;
  out.d = 'p';
  return out;
};

const cases = [
  ['three fields spread, three added: { ...cdc, a, b, c }', (i, c) => ({ ...c, a: i, b: null, c: 'd' }), small],
  [
    'the same written out',
    (i, c) => ({ cdcUser: c.cdcUser, cdcAction: c.cdcAction, cdcTimestamp: c.cdcTimestamp, a: i, b: null, c: 'd' }),
    small,
  ],
  ['50-field document spread alone: { ...doc }', (i, d) => ({ ...d }), documents],
  ['50-field document spread, four new fields added', (i, d) => ({ ...d, a: i, b: i, c: null, d: 'p' }), documents],
  ['50-field document spread, four of its fields set', (i, d) => ({ ...d, a: i, b: i, c: null, d: 'p' }), withExisting],
  ['50-field document copied key by key, four new fields added', (i, d) => copied(d, i), documents],
];

const figures = {};
for (const [name, make, sources] of cases) {
  figures[name] = measure(make, sources);
  console.log(`${String(figures[name]).padStart(8)} µs  ${name}`);
}
saveResult(
  'object-literals',
  started,
  { node: process.version, iterations: N, usPerLiteral: figures },
  cases.map(([name]) => ({ metric: name, target: null, actual: figures[name], unit: 'µs', pass: null })),
);
