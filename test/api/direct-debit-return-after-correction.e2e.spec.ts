import request from 'supertest';
import { businessToday, type ShareDto, type ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/**
 * Decision 340 (a review's probe): 200 € drawn by direct debit on 2 shares of 100 €, the register's payment then
 * corrected to nothing, then the debit returned by the bank. The return took the payment to -200 €: the shares owed
 * 400 €, the reminders asked 400 € and the next collection drew 400 € (pain.008 `InstdAmt` 400.00). The bank's return
 * is recorded as before (never refused), and the payment never falls below nothing: the shares owe their price once.
 */
describe('a debit returned after the register was corrected', () => {
  let t: TestApp;
  let memberId: string;
  let balanceId: string;
  let paymentId: string;
  const today = businessToday();

  const dues = async (): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Doppelt', shareAmount: 2, paid: 0 })).id;
    const recorded = await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: today, amount: 20_000, method: 'directDebit' })
      .expect(201);
    [paymentId] = (recorded.body as { paymentIds: string[] }).paymentIds as [string];
    balanceId = (await dues())[0]!.id;
    await request(t.http)
      .put(`/api/v1/shares/${balanceId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null, expectedRueckpfleinzahlung: 20_000 })
      .expect(200);
  });
  afterAll(async () => t.close());

  it('records the return; the shares owe their price once, and the register holds nothing paid', async () => {
    await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments/${paymentId}/return`)
      .set(auth(t.adminToken))
      .send({ date: today, reason: 'MD06' })
      .expect(200);
    expect(await dues()).toEqual([expect.objectContaining({ amount: 20_000, paid: 0, outstanding: 20_000 })]);
    const share = (await request(t.http).get(`/api/v1/shares/${balanceId}`).set(auth(t.adminToken)).expect(200))
      .body as ShareDto;
    expect(share.rueckpfleinzahlung).toBe(0);
  });

  it('takes no payment above the price: 400 € on 200 € of shares is refused', async () => {
    const over = await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ balanceId, date: today, amount: 40_000, method: 'transfer' });
    expect(over.status).toBe(400);
  });
});
