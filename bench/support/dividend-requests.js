// The requests bench/dividend.js makes of the API, and what it reads from their answers.
import { get as httpGet } from 'node:http';
import { now, round } from '../lib.js';
import { processUsage, usageBetween } from './api-process.js';

/**
 * One calculation: the time from the request to the answer's last byte, and the API process's CPU and disk reads
 * meanwhile, of the calculation at `path`. The answer (about 100 MB at 200,000 members) is read with node:http and only counted, so that the client
 * takes as little as it can of the two cores the server runs on; `keep` keeps its text (for the runs that read it).
 */
export function calc(server, auth, path, { keep = false } = {}) {
  const before = processUsage(server.pid);
  const t = now();
  return new Promise((resolve, reject) => {
    const req = httpGet(server.url + path, { headers: auth }, (res) => {
      const chunks = [];
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (keep || res.statusCode !== 200) chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const ms = round(now() - t, 0);
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200)
          return reject(new Error(`${path} answered ${res.statusCode}: ${body.slice(0, 1000)}`));
        resolve({
          ms,
          status: res.statusCode,
          mb: round(bytes / 2 ** 20, 1),
          kb: round(bytes / 1024, 1),
          totalItems: Number(res.headers.totalitems),
          ...usageBetween(before, processUsage(server.pid)),
          ...(keep ? { body } : {}),
        });
      });
    });
    req.on('error', reject);
  });
}

export async function getJson(url, path, auth) {
  const res = await fetch(url + path, { headers: auth });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 1000)}`);
  return res.json();
}

export function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The runs' median and their times in ascending order. */
export function medianOf(runs) {
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median =
    times[Math.floor((times.length - 1) / 2)] +
    (times.length % 2 === 0 ? (times[times.length / 2] - times[times.length / 2 - 1]) / 2 : 0);
  return { median, medianMs: round(median, 0), maxMs: times.at(-1), times };
}

export function pick(o, keys) {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
