import request from 'supertest';
import type { BankStatementDetailDto, BankStatementDto, ShareDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/**
 * Issue 45: a bank statement (CAMT.053) read in, its credits matched by the member number in the remittance text to
 * the member's oldest outstanding subscriptions, the clerk confirming what matched and choosing the member for what did
 * not; each confirmed entry is a payment on shares (method transfer); the same statement twice books nothing twice;
 * another cooperative sees nothing; hostile files and bodies are refused before the work.
 */

const credit = (amount: string, text: string, ref: string, indicator = 'CRDT'): string =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-04-02</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>` +
  `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Zahler ${ref}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const camt = (statementId: string, entries: string): Buffer =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M-${statementId}</MsgId></GrpHdr>` +
      `<Stmt><Id>${statementId}</Id><FrToDt><FrDtTm>2025-04-02T00:00:00</FrDtTm><ToDtTm>2025-04-02T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${entries}</Stmt></BkToCstmrStmt></Document>`,
  );

describe('bank statements (CAMT.053): read, match, confirm', () => {
  let t: TestApp;
  let nrA: number;
  let nrB: number;
  let memberA: string;
  let memberB: string;
  let shareA: string;
  let shareB: string;
  let statement: BankStatementDetailDto;

  const upload = (bytes: Buffer, token = t.adminToken, name = 'auszug.xml'): request.Test =>
    request(t.http).post('/api/v1/bank-statements').set(auth(token)).attach('file', bytes, name);
  const paidOn = async (balanceId: string): Promise<number> =>
    ((await request(t.http).get(`/api/v1/shares/${balanceId}`).set(auth(t.adminToken)).expect(200)).body as ShareDto)
      .rueckpfleinzahlung;
  const admission = async (memberId: string): Promise<string> =>
    (
      (await request(t.http).get(`/api/v1/shares?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200))
        .body as ShareDto[]
    )[0]!.id;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const a = await createMember(t.http, t.adminToken, { name: 'Zahlerin', shareAmount: 4 });
    const b = await createMember(t.http, t.adminToken, { name: 'Schuldner', shareAmount: 2 });
    [memberA, memberB, nrA, nrB] = [a.id, b.id, a.memberNr!, b.memberNr!];
    [shareA, shareB] = [await admission(a.id), await admission(b.id)];
    // What was actually paid, as the register records it: 400 € of 1,000 €, nothing of 500 €.
    await request(t.http)
      .put(`/api/v1/shares/${shareA}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40000, interestEnd: null })
      .expect(200);
    await request(t.http)
      .put(`/api/v1/shares/${shareB}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
  });
  afterAll(async () => t.close());

  it('reads the statement and matches each credit, or says why not', async () => {
    const file = camt(
      '2025-04-02-1',
      [
        credit('250.00', `Geschaeftsanteile Mitgl.-Nr. ${nrA}`, 'R1'),
        credit('100.00', `Anteile ${nrA} und ${nrB}`, 'R2'),
        credit('39.95', 'Rechnung 4711', 'R3', 'DBIT'),
        credit('1000.00', `Mitglied ${nrB}`, 'R4'),
        credit('5.00', 'Spende Sommerfest', 'R5'),
      ].join(''),
    );
    const res = await upload(file).expect(201);
    statement = res.body as BankStatementDetailDto;
    expect([
      statement.account,
      statement.bankStatementId,
      statement.fileName,
      statement.credits,
      statement.creditSum,
      statement.matched,
      statement.unmatched,
      statement.open,
    ]).toEqual(['DE02120300000000202051', '2025-04-02-1', 'auszug.xml', 4, 135_500, 1, 3, 4]);
    expect(
      statement.entryList.map((e) => [e.entryId, e.state, e.kind, e.amount, e.memberId, e.unmatched, e.allocations]),
    ).toEqual([
      ['1', 'matched', 'credit', 25_000, memberA, null, [{ balanceId: shareA, amount: 25_000, paymentId: null }]],
      ['2', 'unmatched', 'credit', 10_000, null, 'severalMemberNumbers', []],
      ['3', 'listed', 'debit', 3_995, null, null, []],
      ['4', 'unmatched', 'credit', 100_000, memberB, 'aboveOutstanding', []],
      ['5', 'unmatched', 'credit', 500, null, 'noMemberNumber', []],
    ]);
    expect(statement.entryList[0]).toMatchObject({
      memberNr: nrA,
      memberName: 'Anna Zahlerin',
      partyName: 'Zahler R1',
      bankReference: 'R1',
    });
  });

  it('refuses the same statement again, also two uploads at once: nothing is read or booked twice', async () => {
    const again = await upload(camt('2025-04-02-1', credit('1.00', 'x', 'R9'))).expect(409);
    expect(again.body.errors).toEqual([
      { field: 'file', template: 'bankStatementAlreadyRead', parameters: { 0: statement.readOn } },
    ]);
    const twice = camt('2025-04-03-1', credit('1.00', 'Spende', 'R10'));
    const answers = await Promise.all([upload(twice), upload(twice)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const list = await request(t.http).get('/api/v1/bank-statements').set(auth(t.adminToken)).expect(200);
    expect(list.headers.totalitems).toBe('2');
  });

  it('books the confirmed entries as payments on shares, the unmatched one for the member the clerk chose', async () => {
    const res = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({
        entries: [
          { entryId: '1', memberId: memberA },
          { entryId: '2', memberId: memberB, balanceId: shareB },
        ],
      })
      .expect(200);
    const after = res.body as BankStatementDetailDto;
    expect(
      after.entryList
        .filter((e) => e.state === 'confirmed')
        .map((e) => [e.entryId, e.memberId, e.allocations.map((a) => [a.balanceId, a.amount])]),
    ).toEqual([
      ['1', memberA, [[shareA, 25_000]]],
      ['2', memberB, [[shareB, 10_000]]],
    ]);
    expect([after.confirmed, after.confirmedSum, after.open]).toEqual([2, 35_000, 2]);
    expect([await paidOn(shareA), await paidOn(shareB)]).toEqual([65_000, 10_000]);
  });

  it('refuses an entry decided already (409, nothing booked twice), an amount above what is outstanding, a debit', async () => {
    const twice = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: [{ entryId: '1', memberId: memberA }] })
      .expect(409);
    expect(twice.body.errors).toEqual([
      { field: 'entries.0.entryId', template: 'bankStatementEntryDone', parameters: { 0: '1' } },
    ]);
    const above = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: [{ entryId: '4', memberId: memberB }] })
      .expect(400);
    expect(above.body.errors).toEqual([
      { field: 'entries.0.memberId', template: 'bankStatementAboveOutstanding', parameters: { 0: '4', 1: '400,00' } },
    ]);
    const debit = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: [{ entryId: '3', memberId: memberA }] })
      .expect(400);
    expect(debit.body.errors).toEqual([
      { field: 'entries.0.entryId', template: 'bankStatementEntryNotCredit', parameters: { 0: '3' } },
    ]);
    expect([await paidOn(shareA), await paidOn(shareB)]).toEqual([65_000, 10_000]);
  });

  it('sets credits aside once', async () => {
    const res = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/ignore`)
      .set(auth(t.adminToken))
      .send({ entryIds: ['5'] })
      .expect(200);
    expect((res.body as BankStatementDetailDto).entryList.find((e) => e.entryId === '5')?.state).toBe('ignored');
    await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/ignore`)
      .set(auth(t.adminToken))
      .send({ entryIds: ['5'] })
      .expect(409);
  });

  it('shows nothing of another cooperative and lets a restricted user read only', async () => {
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    const other = await userWith(
      t.http,
      t.adminToken,
      'andere-admin',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (created.body as { id: string }).id,
    );
    await request(t.http).get('/api/v1/bank-statements').set(auth(other.token)).expect(204);
    await request(t.http).get(`/api/v1/bank-statements/${statement.id}`).set(auth(other.token)).expect(404);
    await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(other.token))
      .send({ entries: [{ entryId: '4', memberId: memberB }] })
      .expect(404);
    await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/ignore`)
      .set(auth(other.token))
      .send({ entryIds: ['4'] })
      .expect(404);
    // The other cooperative's clerk cannot book onto this cooperative's member through a statement of its own.
    const own = (await upload(camt('X-1', credit('10.00', `Mitglied ${nrB}`, 'X1')), other.token).expect(201))
      .body as BankStatementDetailDto;
    expect(own.entryList[0]).toMatchObject({ state: 'unmatched', memberId: null });
    const foreign = await request(t.http)
      .post(`/api/v1/bank-statements/${own.id}/confirm`)
      .set(auth(other.token))
      .send({ entries: [{ entryId: '1', memberId: memberB }] })
      .expect(400);
    expect(foreign.body.errors).toEqual([
      { field: 'entries.0.memberId', template: 'bankStatementMemberUnknown', parameters: { 0: '1', 1: '' } },
    ]);
    const restricted = await userWith(t.http, t.adminToken, 'pruefer', ['ROLE_RESTRICTED_USER']);
    expect(
      (
        (await request(t.http).get(`/api/v1/bank-statements/${statement.id}`).set(auth(restricted.token)).expect(200))
          .body as BankStatementDto
      ).id,
    ).toBe(statement.id);
    await upload(camt('R-1', ''), restricted.token).expect(403);
    await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/ignore`)
      .set(auth(restricted.token))
      .send({ entryIds: ['4'] })
      .expect(403);
  });

  it('refuses hostile files and bodies before the work', async () => {
    const laughs = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><Document>&b;</Document>',
    );
    expect((await upload(laughs).expect(400)).body.errors).toEqual([
      { field: 'file', template: 'bankStatementDeclarations', parameters: {} },
    ]);
    const big = await request(t.http)
      .post('/api/v1/bank-statements')
      .set(auth(t.adminToken))
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(21 * 1024 * 1024))
      .send('--x\r\n');
    expect([big.status, big.body.errors]).toEqual([
      413,
      [{ field: 'file', template: 'bankStatementTooLarge', parameters: { 0: '20' } }],
    ]);
    await request(t.http).post('/api/v1/bank-statements').set(auth(t.adminToken)).send({ file: 'x' }).expect(400);
    const many = Array.from({ length: 1001 }, (_, i) => ({ entryId: String(i), memberId: memberA }));
    const tooMany = await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: many })
      .expect(400);
    expect(tooMany.body.errors[0]).toEqual({ field: 'entries', template: 'mustBeAtMost', parameters: { 0: '1000' } });
    await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: [{ entryId: '4', memberId: 'x'.repeat(65) }] })
      .expect(400);
    await request(t.http)
      .post(`/api/v1/bank-statements/${statement.id}/confirm`)
      .set(auth(t.adminToken))
      .send({ entries: [{ entryId: '4', memberId: memberB, amount: 1 }] })
      .expect(400);
    await request(t.http)
      .get(`/api/v1/bank-statements/${'x'.repeat(65)}`)
      .set(auth(t.adminToken))
      .expect(404);
  });
});
