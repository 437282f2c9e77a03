import request from 'supertest';
import {
  businessToday,
  type MemberHistoryEntry,
  type PaymentReminderDueDto,
  type ShareDto,
  type ShareDueDto,
} from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/**
 * Decision 267 (§ 67b, § 73 (2) GenG, issue 45): a partial termination of shares not fully paid takes out what was paid
 * in (decision 234) and releases the unpaid rest of their price from the member's dues: nobody owes it. The shares that
 * stay owe what they owed; the list, the reminders and the payments see only that. Withdrawing the notice (annulling
 * the termination) makes the released part owed again.
 */
describe('a partial termination of shares not fully paid (decision 267)', () => {
  let t: TestApp;
  let m: string;
  let terminationId: string;

  const dues = async (): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${m}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const reminders = async (): Promise<PaymentReminderDueDto[]> => {
    const res = await request(t.http)
      .get(`/api/v1/payment-reminders/due?date=${businessToday()}`)
      .set(auth(t.adminToken));
    return res.status === 204 ? [] : (res.body as PaymentReminderDueDto[]);
  };
  const postings = async () =>
    (
      (await request(t.http).get(`/api/v1/members/${m}/history`).set(auth(t.adminToken)).expect(200))
        .body as MemberHistoryEntry[]
    ).flatMap(({ posting: p }) => (p ? [[p.type, p.amount, p.paid, p.released]] : []));
  const pay = (amount: number): request.Test =>
    request(t.http)
      .post(`/api/v1/members/${m}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: businessToday(), amount, method: 'transfer' });

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // 3 shares (750 €), 300 € paid with the admission; notice on 2 of them.
    m = (await createMember(t.http, t.adminToken, { name: 'Kündiger', shareAmount: 3, paid: 30_000 })).id;
    terminationId = (
      await posted(t.http, t.adminToken, { member: m, type: 2, quantity: 2, ...DATES, noticeDate: DATES.date })
    ).id;
  });
  afterAll(async () => t.close());

  it('takes out the 300 € paid and releases the other 200 €: the share that stays owes its 250 €', async () => {
    const rows = (await request(t.http).get(`/api/v1/shares?filter=member:${m}`).set(auth(t.adminToken)).expect(200))
      .body as ShareDto[];
    expect(rows.find((r) => r.id === terminationId)!.rueckpfleinzahlung).toBe(-30_000);
    expect(await dues()).toEqual([
      expect.objectContaining({ type: 0, amount: 75_000, paid: 30_000, released: 20_000, outstanding: 25_000 }),
    ]);
  });

  it('the history names the 300 € of Geschäftsguthaben leaving and the 200 € released', async () => {
    expect(await postings()).toEqual([
      [0, 75_000, 30_000, undefined],
      [2, -50_000, -30_000, 20_000],
    ]);
  });

  it('lists, reminds and takes payments for the 250 € only', async () => {
    const list = await request(t.http).get('/api/v1/share-dues').set(auth(t.adminToken)).expect(200);
    expect((list.body as ShareDueDto[]).map((d) => [d.member, d.outstanding])).toEqual([[m, 25_000]]);
    expect(list.headers.totaloutstanding).toBe('25000');
    expect((await reminders()).map((r) => [r.id, r.amount])).toEqual([[m, 25_000]]);
    const above = await pay(25_001).expect(400);
    expect(above.body).toEqual({
      errors: [{ field: 'amount', template: 'paymentAboveOutstanding', parameters: { 0: '250,01', 1: '250,00' } }],
    });
  });

  it('annulled, the termination gives the released 200 € back: 450 € owed again', async () => {
    await posted(t.http, t.adminToken, { member: m, type: 5, annulPeer: terminationId, date: businessToday() });
    expect(await dues()).toEqual([expect.objectContaining({ released: 0, outstanding: 45_000 })]);
    // The annulation's history entry gives the 300 € back and names the 200 € owed again.
    expect((await postings())[2]).toEqual([5, 50_000, 30_000, 20_000]);
    expect((await reminders()).map((r) => [r.id, r.amount])).toEqual([[m, 45_000]]);
    await pay(45_000).expect(201);
    expect(await dues()).toEqual([expect.objectContaining({ paid: 75_000, outstanding: 0 })]);
  });
});
