// The functions with the most self time and the most total (inclusive) time in a V8 .cpuprofile, as data (the same
// reading as profile-summary.js prints), for a benchmark's result file.
import { readFileSync } from 'node:fs';

const label = (n) => {
  const f = n.callFrame;
  const url = f.url.replace(/^file:\/\/.*?\/(services|projections|contracts|node_modules)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${url}${url ? `:${f.lineNumber + 1}` : ''}`;
};

/**
 * `{ sampledMs, self: [{ fn, ms, percent }], total: [...] }`, the `rows` largest of each. Samples inside the inspector's
 * own calls (`node:inspector`: stopping the profile) are left out.
 */
export function profileTop(file, rows = 15) {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfBy = new Map();
  const inclBy = new Map();
  let total = 0;
  const stack = (id) => {
    const frames = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) frames.push(byId.get(cur));
    return frames;
  };
  samples.forEach((id, i) => {
    const dt = timeDeltas[i] ?? 0;
    if (stack(id).some((n) => n.callFrame.url === 'node:inspector')) return;
    total += dt;
    const own = label(byId.get(id));
    selfBy.set(own, (selfBy.get(own) ?? 0) + dt);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur));
      if (seen.has(l)) continue;
      seen.add(l);
      inclBy.set(l, (inclBy.get(l) ?? 0) + dt);
    }
  });
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([fn, t]) => ({ fn, ms: Math.round(t / 1000), percent: Math.round((1000 * t) / total) / 10 }));
  return { sampledMs: Math.round(total / 1000), self: top(selfBy), total: top(inclBy) };
}
