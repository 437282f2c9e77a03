/**
 * A statement's entries a page at a time (decision 317): `GET /bank-statements/{id}` answered a statement of 20,000
 * entries whole, 17.6 MB of JSON that held the API 0.8-1.8 s per request. Now it answers the header and one page of
 * the entries (`offset`, `limit` at most 1000, `filter`, as every list) with `entryTotal`; a larger page is refused
 * before any read, entries off the page are still confirmed or set aside by their ids, and another cooperative's
 * statement stays not found.
 */
import request from 'supertest';
import type { BankStatementDetailDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

const ENTRIES = 3_000;

/** Entry i (1-based): a debit every tenth (state `listed`), else a credit without a member number (`unmatched`). */
const entry = (i: number): string =>
  `<Ntry><Amt Ccy="EUR">${i}.00</Amt><CdtDbtInd>${i % 10 === 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>` +
  `<BookgDt><Dt>2025-05-02</Dt></BookgDt><AcctSvcrRef>P${i}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf>` +
  `<Ustrd>Spende ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const camt = (statementId: string, count: number): Buffer =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
      `<BkToCstmrStmt><GrpHdr><MsgId>M-${statementId}</MsgId></GrpHdr><Stmt><Id>${statementId}</Id>` +
      '<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>' +
      Array.from({ length: count }, (_, i) => entry(i + 1)).join('') +
      '</Stmt></BkToCstmrStmt></Document>',
  );

describe('a bank statement of a few thousand entries, a page at a time', () => {
  let t: TestApp;
  let statement: BankStatementDetailDto;
  const page = (query: string, token = t.adminToken): request.Test =>
    request(t.http).get(`/api/v1/bank-statements/${statement.id}${query}`).set(auth(token));

  beforeAll(async () => {
    t = await startApp();
    const res = await request(t.http)
      .post('/api/v1/bank-statements')
      .set(auth(t.adminToken))
      .attach('file', camt('2025-05-02-1', ENTRIES), 'gross.xml')
      .expect(201);
    statement = res.body as BankStatementDetailDto;
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers the upload with the header and the first page only', () => {
    expect([statement.entries, statement.credits, statement.unmatched, statement.entryTotal]).toEqual([
      ENTRIES,
      ENTRIES - ENTRIES / 10,
      ENTRIES - ENTRIES / 10,
      ENTRIES,
    ]);
    expect(statement.entryList.map((e) => e.entryId)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
  });

  it("answers one page of the entries in the file's order, with their total", async () => {
    const res = await page('?offset=1000&limit=50').expect(200);
    const body = res.body as BankStatementDetailDto;
    expect([body.id, body.bankStatementId, body.entries, body.entryTotal]).toEqual([
      statement.id,
      '2025-05-02-1',
      ENTRIES,
      ENTRIES,
    ]);
    expect(body.entryList.map((e) => e.entryId)).toEqual(Array.from({ length: 50 }, (_, i) => String(1001 + i)));
    expect(body.entryList[0]).toMatchObject({ state: 'unmatched', amount: 100_100, remittance: 'Spende 1001' });
    // The default page: 20 entries, a few KB where the whole statement was sent before.
    const first = await page('').expect(200);
    expect((first.body as BankStatementDetailDto).entryList).toHaveLength(20);
    expect(first.text.length).toBeLessThan(20_000);
  });

  it('filters the entries by their state, the total counting the matches', async () => {
    const res = await page('?filter=state:listed&limit=1000').expect(200);
    const body = res.body as BankStatementDetailDto;
    expect(body.entryTotal).toBe(ENTRIES / 10);
    expect(body.entryList).toHaveLength(ENTRIES / 10);
    expect(new Set(body.entryList.map((e) => e.state))).toEqual(new Set(['listed']));
    expect(body.entryList.slice(0, 2).map((e) => e.entryId)).toEqual(['10', '20']);
  });

  it('refuses a page larger than 1000, or a field it does not know, before any read', async () => {
    expect((await page('?limit=1001').expect(400)).body.errors).toEqual([
      { field: 'limit', template: 'invalidNumber', parameters: { 0: '1001' } },
    ]);
    expect((await page('?limit=20000').expect(400)).body.errors).toEqual([
      { field: 'limit', template: 'invalidNumber', parameters: { 0: '20000' } },
    ]);
    expect((await page('?offset=-1').expect(400)).body.errors).toEqual([
      { field: 'offset', template: 'invalidNumber', parameters: { 0: '-1' } },
    ]);
    expect((await page('?filter=payments:x').expect(400)).body.errors).toEqual([
      { field: 'filter', template: 'unknownField', parameters: { 0: 'payments' } },
    ]);
  });

  it('sets aside an entry that is not on the page shown, and finds it by its state', async () => {
    const res = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/ignore`)
      .set(auth(t.adminToken))
      .send({ entryIds: ['2999'] })
      .expect(200);
    const answered = res.body as BankStatementDetailDto;
    expect([answered.ignored, answered.entryTotal, answered.entryList.length]).toEqual([1, ENTRIES, 20]);
    const ignored = (await page('?filter=state:ignored').expect(200)).body as BankStatementDetailDto;
    expect([ignored.entryTotal, ignored.entryList.map((e) => [e.entryId, e.state])]).toEqual([
      1,
      [['2999', 'ignored']],
    ]);
  });

  it("answers another cooperative's clerk 404, whatever page is asked for", async () => {
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg-seiten' }))
      .expect(201);
    const other = await userWith(
      t.http,
      t.adminToken,
      'andere-seiten',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (created.body as { id: string }).id,
    );
    await page('', other.token).expect(404);
    await page('?offset=0&limit=1000&filter=state:unmatched', other.token).expect(404);
  });
});
