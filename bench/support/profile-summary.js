// Summarises a V8 .cpuprofile (as written by bench/postings.js with BENCH_POSTINGS_PROFILE): the functions with the
// most self time and the most total (inclusive) time, with their file and line.
// Usage: node bench/support/profile-summary.js <file.cpuprofile> [rows, default 40] [filter: substring of the url]
import { readFileSync } from 'node:fs';

const [file, rowsArg, filter] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map();
let total = 0;
samples.forEach((id, i) => {
  const dt = timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

const label = (n) => {
  const f = n.callFrame;
  const url = f.url.replace(/^file:\/\/.*?\/(services|projections|contracts|node_modules)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
};
const selfBy = new Map();
const inclBy = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + t);
  // Inclusive: every distinct frame on the stack gets the sample once.
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    inclBy.set(l, (inclBy.get(l) ?? 0) + t);
  }
}
const show = (title, map) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  [...map]
    .filter(([l]) => !filter || l.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .forEach(([l, t]) =>
      console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${(t / 1000).toFixed(0).padStart(6)} ms  ${l}`),
    );
};
show('self time', selfBy);
show('total time', inclBy);
