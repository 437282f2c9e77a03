import request from 'supertest';
import { businessToday, type DirectDebitPaymentDto, type MemberHistoryEntry, type ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/**
 * A payment by direct debit recorded by hand (`POST /members/{id}/share-payments`, method `directDebit`: a debit drawn
 * outside the product's collections) can come back like a collection's debit: the bank's fact, recorded, never refused
 * (decisions 270, 299). Its return is answered with the payment as returned, as a collection's debit is, and the
 * member's payments by direct debit list it; sent again, it is refused as returned already, not as unknown. Figures by
 * hand: 2 shares of 250 €, nothing paid with the admission; 200 € paid by hand by direct debit, then returned.
 */
describe('a payment by direct debit recorded by hand comes back', () => {
  let t: TestApp;
  let memberId: string;
  let paymentId: string;
  const today = businessToday();

  const dues = async (): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const giveBack = (): request.Test =>
    request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments/${paymentId}/return`)
      .set(auth(t.adminToken))
      .send({ date: today, reason: 'MD06' });

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Handeinzug', shareAmount: 2, paid: 0 })).id;
    const recorded = await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: today, amount: 20_000, method: 'directDebit' })
      .expect(201);
    [paymentId] = (recorded.body as { paymentIds: string[] }).paymentIds as [string];
    expect(await dues()).toEqual([expect.objectContaining({ paid: 20_000, outstanding: 30_000 })]);
  });
  afterAll(async () => t.close());

  it('answers 200 with the payment as returned, and the amount is due again', async () => {
    const [due] = await dues();
    const answer = (await giveBack().expect(200)).body as DirectDebitPaymentDto;
    expect(answer).toEqual({
      id: paymentId,
      memberId,
      balanceId: due!.id,
      collectionId: null,
      date: today,
      amount: 20_000,
      returnedOn: today,
      returnReason: 'MD06',
    });
    expect(await dues()).toEqual([expect.objectContaining({ paid: 0, outstanding: 50_000 })]);
  });

  it("is listed with the member's payments by direct debit, and a retry is refused as returned already", async () => {
    const listed = (
      await request(t.http).get(`/api/v1/members/${memberId}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as DirectDebitPaymentDto[];
    expect(listed.map((p) => [p.id, p.collectionId, p.returnedOn])).toEqual([[paymentId, null, today]]);
    expect((await giveBack().expect(400)).body).toEqual({
      errors: [{ field: null, template: 'paymentAlreadyReturned', parameters: { '0': today } }],
    });
    // Returned once: the member's history holds one return.
    const history = (
      await request(t.http).get(`/api/v1/members/${memberId}/history`).set(auth(t.adminToken)).expect(200)
    ).body as MemberHistoryEntry[];
    expect(history.filter((e) => e.type === 'SharePaymentReturned')).toHaveLength(1);
  });
});
