import { expect } from '@jest/globals';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { auth } from './app.js';

/**
 * Pings `GET /api/v1/ping` as `token`, one request after another (`pauseMs` between), until `work` settled: what
 * a test of a hostile request shows the server answering meanwhile. Each ping must answer 200 (within `timeoutMs` when
 * given). Answers `work`'s value, the slowest ping in ms and how many were sent.
 */
export async function pingingUntil<T>(
  http: App,
  token: string,
  work: Promise<T>,
  options: { readonly pauseMs?: number; readonly timeoutMs?: number } = {},
): Promise<{ result: T; slowestPingMs: number; pings: number }> {
  let settled = false;
  const done = work.finally(() => (settled = true));
  done.catch(() => undefined);
  let slowestPingMs = 0;
  let pings = 0;
  do {
    if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    const started = performance.now();
    const ping = request(http).get('/api/v1/ping').set(auth(token));
    const answer = await (options.timeoutMs ? ping.timeout(options.timeoutMs) : ping);
    expect(answer.status).toBe(200);
    slowestPingMs = Math.max(slowestPingMs, performance.now() - started);
    pings++;
  } while (!settled);
  return { result: await done, slowestPingMs, pings };
}
