// The POST load generators of bench/members.js and bench/postings.js, run in their child modes (`node bench/members.js --cannon <spec file>`,
// `--poster <spec file>`) so that they do not share the server's event loop; each prints one JSON line.
import { latencySummary } from '../lib.js';

/** Child process: autocannon POSTing `bodies` in turn to `path`; prints one JSON line like bench/support/cannon.js. */
export async function cannonChild({ url, token, path, bodies, connections = 10, duration = 10 }) {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const times = [];
  const statuses = {};
  const instance = autocannon({
    url,
    connections,
    duration,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, method: 'POST', path, body: bodies[next++ % bodies.length] }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const cpuBefore = process.cpuUsage();
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    JSON.stringify({
      requests: times.length,
      durationSeconds: result.duration,
      requestsPerSecond: Math.round((times.length / result.duration) * 10) / 10,
      // The load generator's own CPU a request (bench/postings.js prints it beside the server's).
      cpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, times.length)) * 1000) / 1000,
      latencyMs: latencySummary(times),
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    }),
  );
}

/**
 * Child process: POSTs `bodies` in turn to `path`, one every 1/rate s for `duration` s, each as soon as it is due
 * (its own request: a slow answer does not hold back the next one); prints one JSON line.
 */
export async function posterChild({ url, token, path, bodies, rate, duration }) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const times = [];
  const statuses = {};
  let failed = 0;
  const started = performance.now();
  const sent = [];
  for (let i = 0; i < rate * duration; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(
      fetch(url + path, { method: 'POST', headers, body: bodies[i % bodies.length] })
        .then(async (res) => {
          await res.arrayBuffer();
          times.push(performance.now() - due);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 201 && res.status !== 409) failed += 1;
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(sent);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      requests: times.length,
      postingsPerSecond: Math.round(((statuses['201'] ?? 0) / seconds) * 10) / 10,
      latencyMs: latencySummary(times),
      statuses,
      failed,
    }),
  );
}
