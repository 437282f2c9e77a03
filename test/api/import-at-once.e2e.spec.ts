/**
 * Import uploads at once (a review, stop 63): ten uploads within every limit, sent together, each kept its files' rows
 * on the API's thread until it answered, and together they filled the heap and ended the process. Now the server works
 * on IMPORTS_AT_ONCE at a time, lets IMPORTS_WAITING wait, and answers the rest 503 `importBusy` (ImportGate); the
 * uploads it takes answer as one alone would, and `GET /ping` answers all the while.
 */
import request from 'supertest';
import { IMPORTS_AT_ONCE, IMPORTS_WAITING } from '../../services/src/member-import/http/import-gate.js';
import { auth, startApp, type TestApp } from './support/app.js';

/** A blocked API thread answers in tens of seconds or not at all; 5 s leaves room for suites sharing two cores. */
const PING_WITHIN_MS = 5_000;
const UPLOADS = IMPORTS_AT_ONCE + IMPORTS_WAITING + 4;

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
}, 60_000);
afterAll(async () => t?.close());

/** A members file of about 10 MB (230,000 rows): its inspection takes long enough for the others to arrive meanwhile. */
function membersCsv(): Buffer {
  const rows = Array.from({ length: 230_000 }, (_, i) => `${i + 1};Meier;Anna;Hauptstraße;${i % 90};12345;Musterstadt`);
  return Buffer.from(`Mitgliedsnummer;Name;Vorname;Straße;Hausnummer;PLZ;Ort\n${rows.join('\n')}\n`);
}

it(`works on ${IMPORTS_AT_ONCE} uploads at once, lets ${IMPORTS_WAITING} wait and answers the others 503 importBusy, pinging all the while`, async () => {
  const file = membersCsv();
  let finished = false;
  const uploads = Promise.all(
    Array.from({ length: UPLOADS }, () =>
      request(t.http).post('/api/v1/import/inspect').set(auth(t.adminToken)).attach('files', file, 'mitglieder.csv'),
    ),
  ).then((answers) => {
    finished = true;
    return answers;
  });
  let slowestPing = 0;
  do {
    const started = performance.now();
    expect((await request(t.http).get('/api/v1/ping').set(auth(t.adminToken))).status).toBe(200);
    slowestPing = Math.max(slowestPing, performance.now() - started);
  } while (!finished);
  const answers = await uploads;

  const taken = answers.filter((a) => a.status === 200);
  const busy = answers.filter((a) => a.status === 503);
  expect(taken.length + busy.length).toBe(UPLOADS);
  expect(taken.length).toBeGreaterThanOrEqual(IMPORTS_AT_ONCE);
  expect(busy.length).toBeGreaterThan(0);
  for (const a of busy) expect(a.body).toMatchObject({ errors: [{ field: null, template: 'importBusy' }] });
  for (const a of taken) expect(a.body).toEqual(taken[0]!.body);
  expect(slowestPing).toBeLessThan(PING_WITHIN_MS);
  // Once they ended, an upload is taken again.
  const again = await request(t.http)
    .post('/api/v1/import/inspect')
    .set(auth(t.adminToken))
    .attach('files', file, 'mitglieder.csv');
  expect(again.status).toBe(200);
}, 180_000);
