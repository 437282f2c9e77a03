import request from 'supertest';
import type { BalanceDto, ShareDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/**
 * Decision 339 (a review's probe): further shares paid in part later (a transfer of 50 €) were annulled, and the 50 €
 * left the Geschäftsguthaben (DOMAIN.md 1.1: what was actually paid in) with no record of a refund: the leaver's
 * settlement paid 100 € where 150 € had come in. The annulment is refused while such money stands in the shares'
 * payment; the register's payment is corrected first (the refund, on the record), then the shares are annulled.
 */
describe('annulling shares on which money was received', () => {
  let t: TestApp;
  let memberId: string;
  let furtherId: string;
  const annul = () =>
    request(t.http)
      .post('/api/v1/balances')
      .set(auth(t.adminToken))
      .send({ type: 5, annulPeer: furtherId, date: '2025-06-02' });
  const share = async (id: string): Promise<ShareDto> =>
    (await request(t.http).get(`/api/v1/shares/${id}`).set(auth(t.adminToken)).expect(200)).body as ShareDto;
  const annulled = async (id: string): Promise<boolean> =>
    ((await request(t.http).get(`/api/v1/balances/${id}`).set(auth(t.adminToken)).expect(200)).body as BalanceDto)
      .annulated;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Teilzahlerin', shareAmount: 1 })).id;
    const dates = { ...DATES, date: '2025-02-03', approvalDate: '2025-02-03', interestBegin: '2025-03-01' };
    furtherId = (await posted(t.http, t.adminToken, { member: memberId, type: 1, quantity: 2, paid: 0, ...dates })).id;
    await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ balanceId: furtherId, date: '2025-03-03', amount: 5_000, method: 'transfer' })
      .expect(201);
  });
  afterAll(async () => t.close());

  it('refuses the annulment naming the 50 € received; the register keeps them', async () => {
    const refused = await annul().expect(400);
    expect(refused.body).toEqual({
      errors: [{ field: 'annulPeer', template: 'paymentsReceivedOnPosting', parameters: { 0: '50,00' } }],
    });
    expect([(await share(furtherId)).rueckpfleinzahlung, await annulled(furtherId)]).toEqual([5_000, false]);
  });

  it('annuls the shares once the payment is corrected to what stays (the refund recorded)', async () => {
    await request(t.http)
      .put(`/api/v1/shares/${furtherId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
    await annul().expect(201);
    expect(await annulled(furtherId)).toBe(true);
  });
});
