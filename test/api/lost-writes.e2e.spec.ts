import request from 'supertest';
import type { BalanceDto, ShareDto, ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, setTerms } from './support/members.js';

/*
 * Writes that must be neither lost nor doubled when requests overlap (decisions 296, 297): a register correction made
 * on a payment read before another payment landed, and the same posting or payment sent twice at once (a double click,
 * a retry after a timeout) under one `Idempotency-Key`.
 */

describe('lost and doubled writes', () => {
  let t: TestApp;
  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const share = async (id: string): Promise<ShareDto> =>
    (await request(t.http).get(`/api/v1/shares/${id}`).set(auth(t.adminToken)).expect(200)).body as ShareDto;
  const pay = (memberId: string, body: Record<string, unknown>, key?: string): request.Test => {
    const req = request(t.http).post(`/api/v1/members/${memberId}/share-payments`).set(auth(t.adminToken));
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const postWithKey = (body: Record<string, unknown>, key: string): request.Test =>
    request(t.http).post('/api/v1/balances').set(auth(t.adminToken)).set('Idempotency-Key', key).send(body);
  const postings = async (memberId: string): Promise<BalanceDto[]> =>
    (await request(t.http).get(`/api/v1/balances?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200))
      .body as BalanceDto[];

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  });
  afterAll(async () => t.close());

  it('a register correction made on a payment that changed meanwhile is refused 409 and overwrites no payment', async () => {
    const m = (await createMember(t.http, t.adminToken, { name: 'Korrektur', shareAmount: 4, paid: 10_000 })).id;
    const [due] = await dues(m);
    // The clerk opens the register row: 100 € paid.
    const seen = await share(due!.id);
    expect(seen.rueckpfleinzahlung).toBe(10_000);
    // Meanwhile a transfer of 200 € is booked on it.
    await pay(m, { balanceId: due!.id, date: '2021-05-03', amount: 20_000, method: 'transfer' }).expect(201);
    // The clerk saves the form as read, setting only the interest end: the 200 € must not be wiped out.
    const stale = await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 10_000, interestEnd: '2030-12-31', expectedRueckpfleinzahlung: 10_000 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      errors: [
        {
          field: 'rueckpfleinzahlung',
          template: 'shareChangedMeanwhile',
          parameters: { '0': '100,00', '1': '300,00' },
        },
      ],
    });
    expect(await dues(m)).toEqual([expect.objectContaining({ paid: 30_000, outstanding: 70_000 })]);
    expect((await share(due!.id)).interestEnd).toBeNull();
    // Read again, the same correction is taken.
    await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 30_000, interestEnd: '2030-12-31', expectedRueckpfleinzahlung: 30_000 })
      .expect(200);
    expect(await share(due!.id)).toMatchObject({ rueckpfleinzahlung: 30_000, interestEnd: '2030-12-31' });
  });

  it('the same payment sent twice at once under one Idempotency-Key is recorded once, both answered with its ids', async () => {
    const m = (await createMember(t.http, t.adminToken, { name: 'Doppelklick', shareAmount: 4, paid: 0 })).id;
    const body = { date: '2021-05-03', amount: 40_000, method: 'transfer', reference: 'Mitglied' };
    const key = 'b3f1c0de-0000-4000-8000-000000000001';
    const both = await Promise.all([pay(m, body, key), pay(m, body, key)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[1]!.body).toEqual(both[0]!.body);
    expect(await dues(m)).toEqual([expect.objectContaining({ paid: 40_000, outstanding: 60_000 })]);
    // Sent again later: still once. The key with another payment is refused, not booked.
    expect((await pay(m, body, key).expect(201)).body).toEqual(both[0]!.body);
    const other = await pay(m, { ...body, amount: 1_000 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      errors: [{ field: null, template: 'idempotencyKeyReused', parameters: {} }],
    });
    expect(await dues(m)).toEqual([expect.objectContaining({ paid: 40_000, outstanding: 60_000 })]);
    // Another key is another payment.
    await pay(m, body, 'b3f1c0de-0000-4000-8000-000000000002').expect(201);
    expect(await dues(m)).toEqual([expect.objectContaining({ paid: 80_000, outstanding: 20_000 })]);
  });

  it('the same posting sent twice at once under one Idempotency-Key is posted once, both answered with it', async () => {
    const m = (await createMember(t.http, t.adminToken, { name: 'Zweimal', shareAmount: 1 })).id;
    const body = { member: m, type: 1, quantity: 2, ...DATES };
    const key = 'c0ffee00-0000-4000-8000-000000000001';
    const both = await Promise.all([postWithKey(body, key), postWithKey(body, key)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const ids = both.map((r) => (r.body as BalanceDto).id);
    expect(ids[1]).toBe(ids[0]);
    expect((await postings(m)).filter((p) => p.type === 1).map((p) => p.id)).toEqual([ids[0]]);
    expect(((await postWithKey(body, key).expect(201)).body as BalanceDto).id).toBe(ids[0]);
    const other = await postWithKey({ ...body, quantity: 3 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      errors: [{ field: null, template: 'idempotencyKeyReused', parameters: {} }],
    });
    expect((await postings(m)).filter((p) => p.type === 1)).toHaveLength(1);
  });

  it('a posting sent again under its Idempotency-Key with another date, payment, notice date or receiver is refused 409, not answered with the first', async () => {
    // Before: only the type and the number of shares were compared, so the clerk who sent the form again with the
    // date mended (its first answer lost) was answered 201 with the posting of the old date, and believed it changed.
    const m = (await createMember(t.http, t.adminToken, { name: 'Nochmal', shareAmount: 4 })).id;
    const to = (await createMember(t.http, t.adminToken, { name: 'Empfaenger', shareAmount: 1 })).id;
    const reused = async (body: Record<string, unknown>, key: string): Promise<void> => {
      const res = await postWithKey(body, key);
      expect({ status: res.status, body: res.body as unknown }).toEqual({
        status: 409,
        body: { errors: [{ field: null, template: 'idempotencyKeyReused', parameters: {} }] },
      });
    };
    const later = { date: '2021-06-01', approvalDate: '2021-06-01', interestBegin: '2021-07-01' };
    const subscription = { member: m, type: 1, quantity: 1, ...DATES };
    const first = ((await postWithKey(subscription, 'again-1').expect(201)).body as BalanceDto).id;
    await reused({ ...subscription, ...later }, 'again-1');
    await reused({ ...subscription, paid: 0 }, 'again-1');
    expect(((await postWithKey(subscription, 'again-1').expect(201)).body as BalanceDto).id).toBe(first);
    const termination = { member: m, type: 2, quantity: 1, ...DATES, noticeDate: DATES.date };
    await postWithKey(termination, 'again-2').expect(201);
    await reused({ ...termination, noticeDate: '2021-06-01' }, 'again-2');
    const transfer = { member: m, type: 3, quantity: 1, transferTo: to, ...DATES };
    await postWithKey(transfer, 'again-3').expect(201);
    await reused({ ...transfer, ...later }, 'again-3');
    // Sent again as it was, each is answered with what was recorded, as before.
    await postWithKey(termination, 'again-2').expect(201);
    await postWithKey(transfer, 'again-3').expect(201);
    const exit = { member: to, type: 8, ...DATES, noticeDate: DATES.date };
    await postWithKey(exit, 'again-4').expect(201);
    await postWithKey(exit, 'again-4').expect(201);
    await reused({ ...exit, noticeDate: '2021-06-01' }, 'again-4');
    const list = await postings(m);
    expect(list.filter((p) => [1, 2, 3].includes(p.type)).map((p) => [p.type, p.date])).toEqual(
      expect.arrayContaining([
        [1, DATES.date],
        [3, DATES.date],
      ]),
    );
    expect(list.filter((p) => p.date === later.date)).toEqual([]);
  });
});
