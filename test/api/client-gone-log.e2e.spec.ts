import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { RENDER_GATE } from '../../services/src/platform/render-thread/render-gate.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/*
 * A client that goes away while its file waits for its turn (decision 351: a closed tab, a proxy's timeout) is no
 * server error. A probe: each such request was logged as an ERROR with a stack trace ("The upload was abandoned by its
 * client while it waited"), so anyone signed in could fill the error log by dropping requests. Now it is a debug line
 * without a stack, and nothing is logged at warn or error for it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  await createMember(t.http, t.adminToken, { name: 'Weggegangen' });
}, 60_000);
afterAll(async () => t?.close());

const waitFor = async (ready: () => boolean): Promise<void> => {
  const until = Date.now() + 10_000;
  while (!ready() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
};
const text = (args: unknown[]): string => args.map(String).join(' ');

it('logs a request whose client left while it waited for its turn as debug, without a stack, and no error', async () => {
  const levels = ['error', 'warn', 'debug'] as const;
  const spies = levels.map((level) => jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined));
  const calls = (level: (typeof levels)[number]): string[] =>
    spies[levels.indexOf(level)]!.mock.calls.map((args) => text(args)).filter((line) => /abandoned/i.test(line));
  try {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const taken = RENDER_GATE.run(() => released, undefined, undefined, t.cooperativeId);
    const gone = request(t.http).get('/api/v1/pdf/members').set(auth(t.adminToken));
    const settled = gone.then(
      () => 'answered',
      () => 'aborted',
    );
    await waitFor(() => RENDER_GATE.queued === 1);
    gone.abort();
    await waitFor(() => levels.some((level) => calls(level).length > 0));
    release();
    await taken;
    expect(await settled).toBe('aborted');
    expect(calls('error')).toEqual([]);
    expect(calls('warn')).toEqual([]);
    expect(calls('debug')).toHaveLength(1);
    expect(calls('debug')[0]).not.toMatch(/\n\s+at /);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}, 30_000);
