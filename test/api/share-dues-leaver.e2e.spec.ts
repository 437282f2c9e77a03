import request from 'supertest';
import {
  businessToday,
  type BankStatementDetailDto,
  type CollectionCreatedDto,
  type PaymentReminderDueDto,
  type ShareDueDto,
} from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setPaymentTerms, setTerms } from './support/members.js';

/**
 * Decision 269 (§ 73 (2) GenG, issue 45): a whole end (6, 7, 8) of a holding not fully paid leaves the member's dues
 * owed until its effective date and not after. An end in effect (here: noticed in 2021) takes the leaver's due out of
 * the outstanding list and its sum, the reminders and a direct debit; the member's own list still shows it, no longer
 * owed from that date; a bank statement's credit naming the leaver matches nothing and a payment dated from the end
 * on is refused. An end still to come leaves the due owed and listed. Annulled, the end's due is owed again.
 */
describe('a leaver’s dues are not owed once its end took effect (decision 269)', () => {
  let t: TestApp;
  const ids = { gone: '', leaving: '', staying: '' };
  const nrs = { gone: 0, leaving: 0 };
  let goneEnd = { id: '', date: '' };
  let leavingEnd = '';

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const listed = async (): Promise<{ rows: [string, number][]; sum: string }> => {
    const res = await request(t.http).get('/api/v1/share-dues').set(auth(t.adminToken)).expect(200);
    const rows = (res.body as ShareDueDto[]).map((d): [string, number] => [d.member, d.outstanding]);
    return { rows: rows.sort((a, b) => a[0].localeCompare(b[0])), sum: String(res.headers.totaloutstanding) };
  };
  const reminded = async (): Promise<string[]> => {
    const res = await request(t.http)
      .get(`/api/v1/payment-reminders/due?date=${businessToday()}`)
      .set(auth(t.adminToken));
    return res.status === 204 ? [] : (res.body as PaymentReminderDueDto[]).map((r) => r.id).sort();
  };
  const sorted = (...members: string[]): string[] => [...members].sort();

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    // Three members, 3 shares (750 €) each, 300 € paid with the admission in 2020: 450 € outstanding each.
    const created = async (name: string) =>
      await createMember(t.http, t.adminToken, { name, shareAmount: 3, paid: 30_000 });
    const [gone, leaving] = [await created('Gegangen'), await created('Gehend')];
    [ids.gone, ids.leaving, nrs.gone, nrs.leaving] = [gone.id, leaving.id, gone.memberNr!, leaving.memberNr!];
    ids.staying = (await createMember(t.http, t.adminToken, { name: 'Bleibend', shareAmount: 3, paid: 30_000 })).id;
    const dates = { approvalDate: '2021-03-01', interestBegin: '2021-04-01' };
    // Notice given in 2021: the end took effect years ago. Notice given today: the end lies ahead.
    const end = await posted(t.http, t.adminToken, {
      member: ids.gone,
      type: 8,
      ...dates,
      date: '2021-03-01',
      noticeDate: '2021-03-01',
    });
    goneEnd = { id: end.id, date: end.date };
    const today = businessToday();
    leavingEnd = (
      await posted(t.http, t.adminToken, {
        member: ids.leaving,
        type: 8,
        date: today,
        approvalDate: today,
        interestBegin: today,
        noticeDate: today,
      })
    ).date;
    for (const [memberId, reference] of [
      [ids.gone, 'EG-L-0001'],
      [ids.leaving, 'EG-L-0002'],
    ] as const) {
      await request(t.http)
        .post(`/api/v1/members/${memberId}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference, signedOn: businessToday(), kind: 'recurring' })
        .expect(201);
    }
  }, 90_000);
  afterAll(async () => t.close());

  it('the ends lie on either side of today', () => {
    expect([goneEnd.date < businessToday(), leavingEnd > businessToday()]).toEqual([true, true]);
  });

  it('the member’s own list shows the leaver’s due, owed until its end; a due without end is owed without end', async () => {
    expect(await dues(ids.gone)).toEqual([expect.objectContaining({ outstanding: 45_000, owedUntil: goneEnd.date })]);
    expect(await dues(ids.leaving)).toEqual([expect.objectContaining({ outstanding: 45_000, owedUntil: leavingEnd })]);
    expect(await dues(ids.staying)).toEqual([expect.objectContaining({ owedUntil: '9999-12-31' })]);
  });

  it('an end in effect leaves the outstanding list and its sum; an end to come does not', async () => {
    expect(await listed()).toEqual({
      rows: sorted(ids.leaving, ids.staying).map((m) => [m, 45_000]),
      sum: '90000',
    });
    // Searched by the leaver's name: nothing matches (an empty list answers 204).
    await request(t.http).get('/api/v1/share-dues?search=Gegangen').set(auth(t.adminToken)).expect(204);
  });

  it('an end in effect is not reminded; an end to come is', async () => {
    expect(await reminded()).toEqual(sorted(ids.leaving, ids.staying));
  });

  it('refuses a payment dated from the end on: nothing is owed; the other leaver still pays', async () => {
    const pay = (memberId: string): request.Test =>
      request(t.http)
        .post(`/api/v1/members/${memberId}/share-payments`)
        .set(auth(t.adminToken))
        .send({ date: businessToday(), amount: 1_000, method: 'transfer' });
    expect((await pay(ids.gone).expect(400)).body).toEqual({
      errors: [{ field: 'amount', template: 'nothingOutstanding', parameters: {} }],
    });
    await pay(ids.leaving).expect(201);
  });

  it('a bank statement’s credit naming the leaver matches no due once its end took effect; the other leaver’s does', async () => {
    const credit = (cents: number, nr: number, ref: string): string =>
      `<Ntry><Amt Ccy="EUR">${(cents / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-04-02</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Zahler</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Mitglied ${nr}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const file = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M-L1</MsgId></GrpHdr>` +
        `<Stmt><Id>L1</Id><FrToDt><FrDtTm>2025-04-02T00:00:00</FrDtTm><ToDtTm>2025-04-02T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>` +
        `${credit(10_000, nrs.gone, 'R1')}${credit(10_000, nrs.leaving, 'R2')}</Stmt></BkToCstmrStmt></Document>`,
    );
    const statement = (
      await request(t.http)
        .post('/api/v1/bank-statements')
        .set(auth(t.adminToken))
        .attach('file', file, 'auszug.xml')
        .expect(201)
    ).body as BankStatementDetailDto;
    expect(statement.entryList.map((e) => [e.memberId, e.state, e.allocations.length])).toEqual([
      [ids.gone, 'unmatched', 0],
      [ids.leaving, 'matched', 1],
    ]);
  });

  it('a direct debit skips the due of an end in effect (nothing outstanding) and draws that of an end to come', async () => {
    const [gone] = await dues(ids.gone);
    const [leaving] = await dues(ids.leaving);
    const collection = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate: earliestCollectionDate(businessToday()), balanceIds: [gone!.id, leaving!.id] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect([collection.count, collection.totalCents]).toEqual([1, 44_000]);
    expect(collection.skipped.map((s) => [s.balanceId, s.reason])).toEqual([[gone!.id, 'nothingOutstanding']]);
  });

  it('annulled, the end gives the due back: owed without end, listed and reminded again', async () => {
    await posted(t.http, t.adminToken, { member: ids.gone, type: 5, annulPeer: goneEnd.id, date: businessToday() });
    expect(await dues(ids.gone)).toEqual([expect.objectContaining({ outstanding: 45_000, owedUntil: '9999-12-31' })]);
    // The direct debit paid the leaving member's due: the leaver and the staying member are listed and reminded.
    expect(await listed()).toEqual({ rows: sorted(ids.gone, ids.staying).map((m) => [m, 45_000]), sum: '90000' });
    expect(await reminded()).toEqual(sorted(ids.gone, ids.staying));
  });
});
