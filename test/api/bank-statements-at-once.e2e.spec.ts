/**
 * Bank statements sent at once (decision 304): reading one of 20,000 entries took a thread about 230 MB and the API's
 * thread its matching and append, and every upload was read at once: four of 15 MB together took 0.9 GB more and held
 * the API's answers 7.7 s (a server of `npm start`, a review's figures), so many would fill the memory. Now one
 * statement is read at a time (StatementGate) and STATEMENTS_WAITING wait, taking a place once the body is read; a
 * further upload is answered 503 `bankStatementBusy` and nothing of it is kept. The places are taken here by the test
 * itself, so that what it shows does not depend on how fast uploads arrive.
 */
import request from 'supertest';
import { businessToday, type BankStatementDto } from '@coop/contracts';
import {
  StatementGate,
  StatementReadGate,
  STATEMENTS_AT_ONCE,
  STATEMENTS_WAITING,
} from '../../services/src/bank-statements/http/statement-gate.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
}, 60_000);

/** Another cooperative's administrator, made once. */
let other: Promise<{ id: string; token: string }> | undefined;
const otherAdmin = (): Promise<{ id: string; token: string }> =>
  (other ??= (async () => {
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'statement-other-eg' }));
    return userWith(
      t.http,
      t.adminToken,
      'statement-other-admin',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (coop.body as { id: string }).id,
    );
  })());
afterAll(async () => t?.close());

/** A statement of one credit, its id `id`. */
const camt = (id: string): Buffer =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
      `<BkToCstmrStmt><GrpHdr><MsgId>${id}</MsgId></GrpHdr><Stmt><Id>${id}</Id>` +
      '<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">10.00</Amt>' +
      `<CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${businessToday()}</Dt></BookgDt>` +
      `<NtryDtls><TxDtls><RmtInf><Ustrd>Spende ${id}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt>` +
      '</BkToCstmrStmt></Document>',
  );
const upload = (id: string): request.Test =>
  request(t.http).post('/api/v1/bank-statements').set(auth(t.adminToken)).attach('file', camt(id), `${id}.xml`);
const read = async (): Promise<string[]> => {
  const res = await request(t.http).get('/api/v1/bank-statements').set(auth(t.adminToken));
  return res.status === 204 ? [] : (res.body as BankStatementDto[]).map((s) => s.bankStatementId);
};

it(`reads ${STATEMENTS_AT_ONCE} statement at a time, lets ${STATEMENTS_WAITING} wait and answers the next 503 bankStatementBusy, keeping nothing of it`, async () => {
  const gate = t.running.app.get(StatementGate);
  expect((await upload('ALONE-1')).status).toBe(201);

  // Every place taken: one reading, STATEMENTS_WAITING - 1 waiting, and one upload waiting behind them.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: STATEMENTS_AT_ONCE + STATEMENTS_WAITING - 1 }, () => gate.run(() => released));
  const waiting = upload('WAITED-1').then((res) => res);
  while (gate.queued < STATEMENTS_WAITING) await new Promise((resolve) => setTimeout(resolve, 20));

  // From another cooperative: one cooperative's uploads wait behind each other before their bodies are read (332).
  const refused = await request(t.http)
    .post('/api/v1/bank-statements')
    .set(auth((await otherAdmin()).token))
    .attach('file', camt('REFUSED-1'), 'REFUSED-1.xml');
  expect({ status: refused.status, body: refused.body as unknown }).toEqual({
    status: 503,
    body: {
      message: 'Other bank statements are being read just now. Please try again in a minute.',
      errors: [{ field: null, template: 'bankStatementBusy', parameters: {} }],
    },
  });
  // The API answers meanwhile, and the one waiting is not read yet.
  expect((await request(t.http).get('/api/v1/ping').set(auth(t.adminToken))).status).toBe(200);
  expect(await read()).toEqual(['ALONE-1']);

  release();
  await Promise.all(held);
  expect((await waiting).status).toBe(201);
  // The refused statement, sent again, is read: nothing of it was kept.
  expect((await upload('REFUSED-1')).status).toBe(201);
  expect((await read()).sort()).toEqual(['ALONE-1', 'REFUSED-1', 'WAITED-1']);
}, 60_000);

// A review's probe: forty uploads of 18.4 MiB sent at once were all held whole while read (980 → 1,994 MB), since a
// body was read before a StatementGate place was taken. Now a body is read in a place of its own, one per cooperative
// at once, kept until its statement is read (StatementReadGate, decision 332): a cooperative's second upload waits
// unread behind its first, and another cooperative's is read meanwhile. The first place is taken here by the test.
it("reads one statement body per cooperative at once; another cooperative's upload is read meanwhile", async () => {
  const reading = t.running.app.get(StatementReadGate);
  const elsewhere = (await otherAdmin()).token;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const slow = reading.run(() => released, undefined, undefined, t.cooperativeId);

  const second = upload('SECOND-1').then((res) => res);
  while (reading.queued < 1) await new Promise((resolve) => setTimeout(resolve, 20));
  const read = await request(t.http)
    .post('/api/v1/bank-statements')
    .set(auth(elsewhere))
    .attach('file', camt('OTHER-1'), 'OTHER-1.xml');
  expect(read.status).toBe(201);
  expect(reading.queued).toBe(1);

  release();
  await slow;
  expect((await second).status).toBe(201);
}, 60_000);
