import request from 'supertest';
import { businessToday, type DirectDebitPaymentDto, type MandateDto } from '@coop/contracts';
import { addDays } from '../../services/src/payment-reminders/domain/reminder-rule.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/**
 * The dates of a mandate's revocation and of a returned debit (docs/direct-debits.md). A return is recorded once the
 * bank reported it: not dated after business today (decision 357; the probe recorded one dated 2199-12-31). A mandate is
 * revoked on or after its date of signature (decision 358; the probe revoked one signed 2026-06-01 as of 2020-01-01).
 */
describe('direct debits: the dates of a revocation and of a return', () => {
  let t: TestApp;
  let memberId: string;
  const today = businessToday();
  const signedOn = addDays(today, -30);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Datumsprobe', shareAmount: 2, paid: 0 })).id;
  });
  afterAll(async () => t.close());

  it('refuses a return dated after today; today is taken', async () => {
    await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: addDays(today, -3), amount: 20_000, method: 'directDebit' })
      .expect(201);
    const [payment] = (
      await request(t.http).get(`/api/v1/members/${memberId}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as DirectDebitPaymentDto[];
    const giveBack = (date: string): request.Test =>
      request(t.http)
        .post(`/api/v1/members/${memberId}/share-payments/${payment!.id}/return`)
        .set(auth(t.adminToken))
        .send({ date, reason: 'MD06' });
    for (const date of ['2199-12-31', addDays(today, 1)])
      expect((await giveBack(date).expect(400)).body).toEqual({
        errors: [{ field: 'date', template: 'dateInFuture', parameters: { 0: date } }],
      });
    expect((await giveBack(today).expect(200)).body).toMatchObject({ returnedOn: today, returnReason: 'MD06' });
  });

  it('refuses a revocation dated before the signature; the day of signature is taken', async () => {
    const granted = await request(t.http)
      .post(`/api/v1/members/${memberId}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-DATUM-1', signedOn, kind: 'recurring' })
      .expect(201);
    const mandateId = (granted.body as MandateDto).id;
    const revoke = (date: string): request.Test =>
      request(t.http)
        .post(`/api/v1/members/${memberId}/mandates/${mandateId}/revoke`)
        .set(auth(t.adminToken))
        .send({ date });
    for (const date of ['2020-01-01', addDays(signedOn, -1)])
      expect((await revoke(date).expect(400)).body).toEqual({
        errors: [{ field: 'date', template: 'mandateRevokedBeforeSigned', parameters: { 0: signedOn } }],
      });
    await revoke(signedOn).expect(200);
  });
});
