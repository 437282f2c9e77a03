// Load generator in its own process (so it does not share the server's event loop); prints one JSON line with
// exact latency percentiles computed from every response time.
// Usage: node bench/support/cannon.js '<json: {url, token, paths, connections, duration, overallRate?}>'
//
// Without overallRate: autocannon, closed loop. Every connection sends its next request as soon as the answer
// came, so the server is saturated and latency is mostly queueing (the saturation figure).
//
// With overallRate (requests/s): open loop. Requests are scheduled at random (Poisson) arrival times at that
// mean rate, over a keep-alive pool of `connections` sockets, and each latency is measured from the request's
// scheduled time, so time spent waiting for a free socket or a busy server counts (no coordinated omission).
// autocannon's own overallRate is not used: it resets a per-connection quota every second, so each second's
// requests leave together as one burst. The achieved rate is reported beside the scheduled one; a run whose
// answers came at less than 95 % of the scheduled rate is flagged `saturated`.
import http from 'node:http';
import autocannon from 'autocannon';
import { latencySummary } from '../lib.js';

const { url, token, paths, connections = 10, duration = 10, overallRate } = JSON.parse(process.argv[2]);
const times = [];
const statuses = {};

if (overallRate) console.log(JSON.stringify(await openLoop()));
else console.log(JSON.stringify(await closedLoop()));

async function closedLoop() {
  let next = 0;
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
  return {
    requests: times.length,
    durationSeconds: result.duration,
    requestsPerSecond: Math.round((times.length / result.duration) * 10) / 10,
    connections,
    offeredRate: null,
    saturated: true,
    latencyMs: latencySummary(times),
    autocannonLatencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function openLoop() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  // Seeded (mulberry32): every run offers the same arrival pattern.
  let seed = 20261123;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let errors = 0;
  let timeouts = 0;
  let scheduled = 0;
  let pending = 0;
  let lastAnswer = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  /** The five slowest requests, with when they were due (ms after the start): a pause shows as a cluster. */
  const slowest = [];
  let start = 0;
  const options = (path) => ({
    host: target.hostname,
    port: target.port,
    path,
    agent,
    headers: { authorization: `Bearer ${token}` },
  });
  const send = (path, due) => {
    pending += 1;
    const req = http.request({ ...options(path), timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => {
        lastAnswer = performance.now();
        times.push(lastAnswer - due);
        slowest.push({ ms: Math.round((lastAnswer - due) * 100) / 100, atMs: Math.round(due - start) });
        slowest.sort((a, b) => b.ms - a.ms);
        if (slowest.length > 5) slowest.pop();
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        settle();
      });
    });
    let timedOut = false;
    req.on('timeout', () => {
      timedOut = true;
      timeouts += 1;
      req.destroy();
    });
    req.on('error', () => {
      if (!timedOut) errors += 1;
      settle();
    });
    req.end();
  };
  let sending = true;
  const settle = () => {
    pending -= 1;
    if (!sending && pending === 0) done();
  };
  // The pool's sockets are opened (one request each, not measured) before the clock starts: otherwise the first
  // requests carry this process's start-up (its http code still loading, the TCP connects) as if the server had
  // been slow, and at 50 requests/s the p99 is the fifth-slowest request.
  await Promise.all(
    Array.from(
      { length: connections },
      (_, i) =>
        new Promise((resolve) => {
          const req = http.request(options(paths[i % paths.length]), (res) => {
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', resolve);
          req.end();
        }),
    ),
  );
  start = performance.now();
  const end = start + duration * 1000;
  let due = start;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        send(paths[scheduled % paths.length], due);
        scheduled += 1;
        due += (-Math.log(1 - random()) / overallRate) * 1000;
      }
      if (due >= end) return resolve();
      setTimeout(tick, Math.max(0, Math.min(due - performance.now(), 50)));
    };
    tick();
  });
  sending = false;
  if (pending > 0) await finished;
  agent.destroy();
  const seconds = (Math.max(lastAnswer, end) - start) / 1000;
  const scheduledRate = scheduled / duration;
  const achieved = times.length / seconds;
  return {
    requests: times.length,
    durationSeconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round(achieved * 10) / 10,
    connections,
    offeredRate: overallRate,
    scheduledRate: Math.round(scheduledRate * 10) / 10,
    slowest,
    arrivals: 'Poisson, latency from the scheduled time',
    saturated: achieved < 0.95 * scheduledRate,
    latencyMs: latencySummary(times),
    statuses,
    errors,
    timeouts,
    non2xx: Object.entries(statuses)
      .filter(([s]) => !s.startsWith('2'))
      .reduce((a, [, n]) => a + n, 0),
  };
}
