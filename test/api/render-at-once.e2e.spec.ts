/**
 * Files made at once (decision 337). A review's probe: 200 `GET /pdf/members?date=2026-12-01` at once by one
 * cooperative's read-only auditor were each made at once, and every cooperative's API stalled (a ping's slowest answer
 * 16-18 s, the process 555 → 737 MB). Now the process makes RENDERS_AT_ONCE files at a time, one per cooperative, a
 * cooperative's next three waiting (RENDERS_PER_COOPERATIVE.held) and RENDERS_WAITING in all; a further request is
 * answered 503 `renderBusy`. No timings are asserted: the statuses are.
 */
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { RENDER_GATE, RENDERS_PER_COOPERATIVE } from '../../services/src/platform/render-thread/render-gate.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { pingingUntil } from './support/pings.js';

const LIST = '/api/v1/pdf/members?date=2026-12-01';
const AT_ONCE = 40;

let t: TestApp;
let auditor: string;
let other: string;
beforeAll(async () => {
  t = await startApp();
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  for (let i = 0; i < 5; i++) await createMember(t.http, t.adminToken, { name: `Render${i}` });
  auditor = (await userWith(t.http, t.adminToken, 'render-auditor', ['ROLE_RESTRICTED_USER'])).token;
  const coop = await request(t.http)
    .post('/api/v1/cooperatives')
    .set(auth(t.adminToken))
    .send(validCooperative({ name: 'render-other-eg' }));
  const otherId = (coop.body as { id: string }).id;
  other = (await userWith(t.http, t.adminToken, 'render-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], otherId)).token;
  await setTerms(t.http, other, otherId, 25_000, 1);
  await createMember(t.http, other, { name: 'Anderswo' });
}, 60_000);
afterAll(async () => t?.close());

const memberList = (http: App, token: string): Promise<request.Response> =>
  request(http)
    .get(LIST)
    .set(auth(token))
    .then((res) => res);
const waitFor = async (ready: () => boolean): Promise<void> => {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20));
};
const isPdf = (res: request.Response): boolean =>
  res.status === 200 && res.headers['content-type'] === 'application/pdf';
const isBusy = (res: request.Response): boolean =>
  res.status === 503 &&
  (res.body as { errors?: { field: null; template: string }[] }).errors?.[0]?.template === 'renderBusy';

it(`answers ${AT_ONCE} member lists of one cooperative at once: three wait their turn, the rest 503 renderBusy; another cooperative's list and pings are answered`, async () => {
  // The cooperative's one place is taken here by the test, so that what follows does not depend on how fast the
  // requests arrive: its next three wait, the others are refused.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const taken = RENDER_GATE.run(() => released, undefined, undefined, t.cooperativeId);
  const answers: request.Response[] = [];
  const all = Array.from({ length: AT_ONCE }, () =>
    memberList(t.http, auditor).then((res) => {
      answers.push(res);
      return res;
    }),
  );
  const waiting = RENDERS_PER_COOPERATIVE.held - 1;
  await waitFor(
    () => answers.length === AT_ONCE || (answers.length >= AT_ONCE - waiting && RENDER_GATE.queued === waiting),
  );
  expect(answers.filter(isBusy)).toHaveLength(AT_ONCE - waiting);
  expect((answers[0]!.body as { message: string }).message).toMatch(/being made just now/);

  // Another cooperative's list takes the other place, and the server answers pings, while the three wait.
  const { result: elsewhere, pings } = await pingingUntil(t.http, other, memberList(t.http, other));
  expect(isPdf(elsewhere)).toBe(true);
  expect(pings).toBeGreaterThan(0);
  expect(RENDER_GATE.queued).toBe(waiting);

  release();
  await taken;
  const settled = await Promise.all(all);
  expect(settled.filter(isPdf)).toHaveLength(waiting);
  expect(settled.filter(isBusy)).toHaveLength(AT_ONCE - waiting);
  expect(RENDER_GATE.queued).toBe(0);
}, 120_000);

it(`answers each of ${AT_ONCE} member lists sent at once with the PDF or 503 renderBusy, pings meanwhile, and the list again after`, async () => {
  const all = Promise.all(Array.from({ length: AT_ONCE }, () => memberList(t.http, auditor)));
  const { result: answers } = await pingingUntil(t.http, other, all);
  expect(answers.every((res) => isPdf(res) || isBusy(res))).toBe(true);
  expect(answers.filter(isPdf).length).toBeGreaterThan(0);
  expect(RENDER_GATE.queued).toBe(0);
  expect(isPdf(await memberList(t.http, auditor))).toBe(true);
}, 120_000);

it('lets a waiting request whose client went away leave its place: nothing is made for it when the turn comes (decision 351)', async () => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const taken = RENDER_GATE.run(() => released, undefined, undefined, t.cooperativeId);
  const waiting = RENDERS_PER_COOPERATIVE.held - 1;
  const gone = Array.from({ length: waiting }, () => request(t.http).get(LIST).set(auth(auditor)));
  const settled = gone.map((req) =>
    req.then(
      () => 'answered',
      () => 'aborted',
    ),
  );
  await waitFor(() => RENDER_GATE.queued === waiting);
  for (const req of gone) req.abort();
  await waitFor(() => RENDER_GATE.queued === 0);
  // Their places are free again while the cooperative's place is still taken: a new request waits, not 503.
  const next = memberList(t.http, auditor);
  await waitFor(() => RENDER_GATE.queued === 1);
  release();
  await taken;
  expect(isPdf(await next)).toBe(true);
  expect(await Promise.all(settled)).toEqual(Array.from({ length: waiting }, () => 'aborted'));
}, 60_000);
