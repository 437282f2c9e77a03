// Runs autocannon in its own process (so load generation does not share the server's event loop)
// and prints one JSON line with exact latency percentiles computed from every response time.
// Usage: node bench/support/cannon.js '<json: {url, token, paths, connections, duration}>'
import autocannon from 'autocannon';

const { url, token, paths, connections = 10, duration = 10 } = JSON.parse(process.argv[2]);
let next = 0;
const times = [];
const statuses = {};

const instance = autocannon({
  url,
  connections,
  duration,
  headers: { authorization: `Bearer ${token}` },
  // One request template whose path rotates through `paths` (e.g. different search terms).
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  times.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
const result = await instance;
times.sort((a, b) => a - b);
const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] : null);
const r2 = (x) => (x === null ? null : Math.round(x * 100) / 100);
console.log(
  JSON.stringify({
    requests: times.length,
    durationSeconds: result.duration,
    requestsPerSecond: Math.round((times.length / result.duration) * 10) / 10,
    latencyMs: { p50: r2(pct(50)), p95: r2(pct(95)), p99: r2(pct(99)), max: r2(times.at(-1) ?? null), mean: r2(times.reduce((a, b) => a + b, 0) / (times.length || 1)) },
    autocannonLatencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }),
);
