import request from 'supertest';
import type { PaymentTermsDto, ShareDueDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, DATES, post, setTerms } from './support/members.js';

/**
 * Issue 45: payments on shares. Subscriptions posted paid in part owe the rest; a payment is recorded on one or split
 * over the oldest; the outstanding list is oldest due first with the sum over the whole filter; instalment plans follow
 * the payment terms; § 15b GenG refuses further shares while earlier ones are open; another cooperative's members are
 * not found; the auditor reads, only the clerks write, only the administrators set the terms.
 */
describe('share payments: dues, payments, instalments, terms', () => {
  let t: TestApp;
  let early: string;
  let late: string;
  let paidUp: string;
  let restricted: string;
  let otherAdmin: string;

  const dues = async (memberId: string, token = t.adminToken): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(token)).expect(200))
      .body as ShareDueDto[];
  const pay = (memberId: string, body: Record<string, unknown>, token = t.adminToken): request.Test =>
    request(t.http).post(`/api/v1/members/${memberId}/share-payments`).set(auth(token)).send(body);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // 4 shares (1,000 €), 100 € paid with the admission on 2020-01-15.
    early = (await createMember(t.http, t.adminToken, { name: 'Früh', shareAmount: 4, paid: 10_000 })).id;
    // 2 shares (500 €), nothing paid, admitted later.
    late = (
      await createMember(t.http, t.adminToken, {
        name: 'Spät',
        entryDate: '2021-02-01',
        approvalDate: '2021-02-01',
        interestBegin: '2021-03-01',
        shareAmount: 2,
        paid: 0,
      })
    ).id;
    paidUp = (await createMember(t.http, t.adminToken, { name: 'Bezahlt', shareAmount: 1 })).id;
    restricted = (await userWith(t.http, t.adminToken, 'auditor', ['ROLE_RESTRICTED_USER'])).token;
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }));
    otherAdmin = (
      await userWith(
        t.http,
        t.adminToken,
        'other-admin',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (other.body as { id: string }).id,
      )
    ).token;
  });
  afterAll(async () => t.close());

  it('lists what is outstanding, oldest due first, with the sum over the whole filter', async () => {
    const res = await request(t.http).get('/api/v1/share-dues?limit=1').set(auth(restricted)).expect(200);
    expect(res.headers.totalitems).toBe('2');
    expect(res.headers.totaloutstanding).toBe(String(90_000 + 50_000));
    expect((res.body as ShareDueDto[]).map((d) => [d.member, d.memberName, d.outstanding, d.dueSince])).toEqual([
      [early, 'Früh, Anna', 90_000, '2020-01-15'],
    ]);
    const searched = await request(t.http).get('/api/v1/share-dues?search=Spät').set(auth(t.adminToken)).expect(200);
    expect(searched.headers.totaloutstanding).toBe('50000');
    expect(await dues(paidUp)).toEqual([
      expect.objectContaining({ amount: 25_000, paid: 25_000, outstanding: 0, dueSince: null }),
    ]);
  });

  it('records a payment on a subscription, and splits one without it over the oldest', async () => {
    const [subscription] = await dues(early);
    const one = await pay(early, {
      balanceId: subscription!.id,
      date: '2021-05-03',
      amount: 40_000,
      method: 'transfer',
      reference: 'Mitglied 1',
    }).expect(201);
    expect((one.body as { paymentIds: string[] }).paymentIds).toHaveLength(1);
    expect(await dues(early)).toEqual([expect.objectContaining({ paid: 50_000, outstanding: 50_000 })]);
    // The register's payment (rueckpfleinzahlung) follows.
    const register = await request(t.http)
      .get(`/api/v1/shares/${subscription!.id}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect(register.body).toMatchObject({ rueckpfleinzahlung: 50_000 });
    await pay(early, { balanceId: subscription!.id, date: '2021-05-03', amount: 50_001, method: 'cash' })
      .expect(400)
      .expect(({ body }) =>
        expect(body).toEqual({
          errors: [{ field: 'amount', template: 'paymentAboveOutstanding', parameters: { 0: '500,01', 1: '500,00' } }],
        }),
      );
    await pay(late, { date: '2021-06-01', amount: 50_000, method: 'directDebit' }).expect(201);
    expect(await dues(late)).toEqual([expect.objectContaining({ outstanding: 0 })]);
    // The member's history says what the payment was (it named the entry only).
    const history = (await request(t.http).get(`/api/v1/members/${early}/history`).set(auth(t.adminToken)).expect(200))
      .body as { type: string; payment?: object }[];
    expect(history.filter((e) => e.type === 'SharePaymentReceived').map((e) => e.payment)).toEqual([
      {
        paymentId: (one.body as { paymentIds: string[] }).paymentIds[0],
        balanceId: subscription!.id,
        date: '2021-05-03',
        amount: 40_000,
        method: 'transfer',
      },
    ]);
  });

  it('§ 15b GenG: refuses further shares while an earlier share is not fully paid', async () => {
    const res = await post(t.http, t.adminToken, { member: early, type: 1, quantity: 1, ...DATES });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ field: 'quantity', template: 'earlierSharesNotPaid', parameters: { 0: '250,00' } }],
    });
    // Paid in part, further shares of a member with everything paid are taken.
    const ok = await post(t.http, t.adminToken, { member: paidUp, type: 1, quantity: 2, paid: 5_000, ...DATES });
    expect(ok.status).toBe(201);
    expect((await dues(paidUp)).map((d) => d.outstanding)).toEqual([0, 45_000]);
  });

  it('sets the payment terms (administrators) and an instalment plan within them', async () => {
    const [subscription] = await dues(early);
    const plan = {
      instalments: [
        { dueDate: '2021-07-01', amount: 40_000 },
        { dueDate: '2021-10-01', amount: 50_000 },
      ],
    };
    await request(t.http)
      .put(`/api/v1/members/${early}/postings/${subscription!.id}/instalments`)
      .set(auth(t.adminToken))
      .send(plan)
      .expect(400)
      .expect(({ body }) =>
        expect(body).toEqual({ errors: [{ field: 'instalments', template: 'instalmentsNotAllowed', parameters: {} }] }),
      );
    const terms = {
      instalments: { allowed: true, maxCount: 4, rhythmMonths: 3, minFirstPerShare: 2_500 },
      reminderAfterDays: 21,
      creditDividendUntilPaid: true,
      creditorId: 'de98 zzz0 9999 9999 99',
    };
    const set = await request(t.http)
      .put('/api/v1/cooperative/payment-terms')
      .set(auth(t.adminToken))
      .send(terms)
      .expect(200);
    expect(set.body as PaymentTermsDto).toEqual({
      ...terms,
      creditorId: 'DE98ZZZ09999999999',
      masterTag: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(
      (await request(t.http).get('/api/v1/cooperative/payment-terms').set(auth(restricted)).expect(200)).body,
    ).toEqual(set.body);
    await request(t.http)
      .put('/api/v1/cooperative/payment-terms')
      .set(auth(t.adminToken))
      .send({ ...terms, creditorId: 'DE97ZZZ09999999999' })
      .expect(400)
      .expect(({ body }) =>
        expect(body).toEqual({ errors: [{ field: 'creditorId', template: 'invalidCreditorId', parameters: {} }] }),
      );
    const planned = await request(t.http)
      .put(`/api/v1/members/${early}/postings/${subscription!.id}/instalments`)
      .set(auth(t.adminToken))
      .send(plan)
      .expect(200);
    // 400 € were paid after the admission (100 € with it): the first instalment is covered, the second is due.
    expect(planned.body).toMatchObject({
      outstanding: 50_000,
      dueSince: '2021-10-01',
      instalments: [
        { dueDate: '2021-07-01', amount: 40_000, paid: 40_000 },
        { dueDate: '2021-10-01', amount: 50_000, paid: 0 },
      ],
    });
  });

  it("answers another cooperative's member as not found", async () => {
    const [subscription] = await dues(early);
    await request(t.http).get(`/api/v1/members/${early}/share-dues`).set(auth(otherAdmin)).expect(404);
    await pay(
      early,
      { balanceId: subscription!.id, date: '2021-05-03', amount: 100, method: 'cash' },
      otherAdmin,
    ).expect(404);
    await request(t.http)
      .put(`/api/v1/members/${early}/postings/${subscription!.id}/instalments`)
      .set(auth(otherAdmin))
      .send({ instalments: [{ dueDate: '2021-07-01', amount: 50_000 }] })
      .expect(404);
    expect((await request(t.http).get('/api/v1/share-dues').set(auth(otherAdmin))).status).toBe(204);
  });

  it('refuses writes to the roles that only read, and the terms to the clerks', async () => {
    const clerk = (await userWith(t.http, t.adminToken, 'clerk', ['ROLE_USER'])).token;
    await pay(early, { date: '2021-05-03', amount: 100, method: 'cash' }, restricted).expect(403);
    await request(t.http).put('/api/v1/cooperative/payment-terms').set(auth(clerk)).send({}).expect(403);
    await pay(early, { date: '2021-05-04', amount: 100, method: 'cash', reference: 'Quittung 17' }, clerk).expect(201);
  });

  it('refuses a body over the limits before any work', async () => {
    const res = await pay(early, {
      balanceId: 'x'.repeat(65),
      date: '2021-13-01',
      amount: 100_000_000_001,
      method: 'dividendCredit',
      reference: 'r'.repeat(141),
    }).expect(400);
    expect(
      (res.body as { errors: { field: string; template: string }[] }).errors.map((e) => [e.field, e.template]),
    ).toEqual([
      ['balanceId', 'tooLong'],
      ['date', 'invalidDate'],
      ['amount', 'amountAtMost'],
      ['method', 'invalidChoice'],
      ['reference', 'tooLong'],
    ]);
    // The limit named as the clerk reads money (the template says €), never in cents ("100000000000").
    expect((res.body as { errors: { field: string }[] }).errors.find((e) => e.field === 'amount')).toEqual({
      field: 'amount',
      template: 'amountAtMost',
      parameters: { 0: '1.000.000.000,00' },
    });
    await pay(early, { date: '2021-05-03', amount: 0, method: 'cash' })
      .expect(400)
      .expect(({ body }) =>
        expect(body).toEqual({ errors: [{ field: 'amount', template: 'amountAtLeast', parameters: { 0: '0,01' } }] }),
      );
    const many = { instalments: Array.from({ length: 61 }, (_, i) => ({ dueDate: '2021-07-01', amount: i + 1 })) };
    const [subscription] = await dues(early);
    await request(t.http)
      .put(`/api/v1/members/${early}/postings/${subscription!.id}/instalments`)
      .set(auth(t.adminToken))
      .send(many)
      .expect(400)
      .expect(({ body }) =>
        expect(body).toEqual({ errors: [{ field: 'instalments', template: 'mustBeAtMost', parameters: { 0: '60' } }] }),
      );
    await request(t.http)
      .put('/api/v1/cooperative/payment-terms')
      .set(auth(t.adminToken))
      .send({ instalments: { maxCount: 61, rhythmMonths: 13 }, reminderAfterDays: 366 })
      .expect(400);
  });
});
