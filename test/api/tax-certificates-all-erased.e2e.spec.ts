import request from 'supertest';
import { taxCertificatesStream, type DividendDto, type MemberDto, type TaxCertificateIssued } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';
import { binary, pdf } from './support/tax-documents.js';

const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };

/*
 * Decision 430 leaves an erased member out of a closure's certificates. A closure whose every member was erased then
 * answered 200 with a "PDF" of no page (`/Count 0`, which readers refuse to open) as the closure's certificates.
 */
describe('tax certificates of a closure whose every member was erased', () => {
  let t: TestApp;
  let closure: DividendDto;
  let gone: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    gone = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Vergessen', givenName: 'Veronika' });
    const res = await request(t.http).post('/api/v1/dividend/store').set(auth(t.adminToken)).send({
      year: '2010',
      type: 'percent',
      amount: '4',
      decision_date: '2011-05-10',
      payment_date: '2011-05-15',
    });
    expect(res.status).toBe(201);
    closure = res.body as DividendDto;
    await pdf(t.http, t.adminToken, `/api/v1/dividend/tax-pdf/${closure.id}?member=${gone.id}`).expect(200);
    await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
    const clean = await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
    expect((clean.body as { count: number }).count).toBe(1);
  }, 60_000);
  afterAll(async () => t.close());

  it('refuses the closure’s file (400 taxCertificatesAllErased), recording nothing, instead of a PDF without a page', async () => {
    const res = await request(t.http)
      .get(`/api/v1/dividend/tax-pdf/${closure.id}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    const body = (res.body as Buffer).toString('latin1');
    expect([res.status, res.status === 400 ? (JSON.parse(body) as unknown) : body.slice(0, 8)]).toEqual([
      400,
      { errors: [{ field: null, template: 'taxCertificatesAllErased', parameters: {} }] },
    ]);
    const register = (await t.running.storage.events.readStream(taxCertificatesStream(closure.id!))).map((e) => {
      const d = e.data as TaxCertificateIssued['data'];
      return [d.version, d.memberIds];
    });
    expect(register).toEqual([['original', [gone.id]]]);
  });
});
