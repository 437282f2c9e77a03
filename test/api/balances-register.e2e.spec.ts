import request from 'supertest';
import type { BalanceDto, DashboardDto, MemberDashboardDto, ShareDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/** Reading postings: the list, the share register with its corrections and history, and the dashboards. */
describe('postings (balances): add, withdraw, transfer, annul, exit, register, dashboards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    // 250,00 € a share, at least 2 shares must stay.
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 2);
  });
  afterAll(async () => t.close());

  it('lists postings newest first, filters by type and member, searches the member name', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Listenmann', shareAmount: 2 });
    await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES, date: '2021-01-01' });
    await posted(t.http, t.adminToken, {
      member: m.id,
      type: 1,
      quantity: 2,
      ...DATES,
      date: '2023-01-01',
      approvalDate: '2023-01-01',
    });
    const res = await request(t.http).get(`/api/v1/balances?filter=member:${m.id}`).set(auth(t.adminToken)).expect(200);
    expect((res.body as BalanceDto[]).map((b) => b.date)).toEqual(['2023-01-01', '2021-01-01', '2020-01-15']);
    expect(res.headers.totalitems).toBe('3');
    const ones = await request(t.http)
      .get(`/api/v1/balances?filter=member:${m.id},type:1&order_by=date`)
      .set(auth(t.adminToken))
      .expect(200);
    expect((ones.body as BalanceDto[]).map((b) => b.quantity)).toEqual([1, 2]);
    const search = await request(t.http).get('/api/v1/balances?search=listenmann').set(auth(t.adminToken)).expect(200);
    expect((search.body as BalanceDto[]).every((b) => b.memberName === 'Listenmann, Anna')).toBe(true);
    await request(t.http).get('/api/v1/balances?filter=secret:1').set(auth(t.adminToken)).expect(400);
    // Of the postings of one date, the one entered last comes first when the newest are first (and last the other way).
    const third = await posted(t.http, t.adminToken, {
      member: m.id,
      type: 1,
      quantity: 3,
      ...DATES,
      date: '2023-01-01',
      approvalDate: '2023-01-01',
    });
    const sameDate = async (order: string): Promise<number[]> =>
      (
        (
          await request(t.http)
            .get(`/api/v1/balances?filter=member:${m.id},date:2023-01-01&order_by=${order}`)
            .set(auth(t.adminToken))
            .expect(200)
        ).body as BalanceDto[]
      ).map((b) => b.quantity);
    expect(third.quantity).toBe(3);
    expect(await sameDate('-date')).toEqual([3, 2]);
    expect(await sameDate('date')).toEqual([2, 3]);
  });

  it('share register: one row per posting; correcting the payment records a new version, history kept', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Register', shareAmount: 3 });
    const b = await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES });
    const row = (await request(t.http).get(`/api/v1/shares/${b.id}`).set(auth(t.adminToken)).expect(200))
      .body as ShareDto;
    expect(row).toMatchObject({
      id: b.id,
      member: m.id,
      memberNr: m.memberNr,
      memberName: 'Register, Anna',
      process: 1,
      shareAmount: 2,
      rueckpfleinzahlung: 50000,
      admissionDate: DATES.approvalDate,
      date: DATES.date,
      interestBegin: DATES.interestBegin,
      interestEnd: null,
      cdcUser: 'admin',
      cdcAction: 'insert',
    });
    const put = await request(t.http)
      .put(`/api/v1/shares/${b.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40000, interestEnd: '2024-12-31', shareAmount: 99, process: 8 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      rueckpfleinzahlung: 40000,
      interestEnd: '2024-12-31',
      shareAmount: 2,
      process: 1,
      cdcAction: 'update',
      cdcUser: 'admin',
    });
    expect((put.body as ShareDto).versions.map((v) => [v.cdcAction, v.rueckpfleinzahlung, v.interestEnd])).toEqual([
      ['insert', 50000, null],
      ['update', 40000, '2024-12-31'],
    ]);
    // The shape is answered first, alone (the request class); the rule on the row's interest begin then (the decider).
    const bad = await request(t.http)
      .put(`/api/v1/shares/${b.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 'x', interestEnd: '2019-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: [{ field: 'rueckpfleinzahlung', template: 'invalidNumber', parameters: {} }] });
    const early = await request(t.http)
      .put(`/api/v1/shares/${b.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40000, interestEnd: '2019-01-01' });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      errors: [{ field: 'interestEnd', template: 'mustBeAtLeast', parameters: { '0': DATES.interestBegin } }],
    });
    const history = await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200);
    expect(history.body).toContainEqual(
      expect.objectContaining({
        type: 'SharePaymentCorrected',
        correction: { balanceId: b.id, rueckpfleinzahlung: 40000, interestEnd: '2024-12-31' },
      }),
    );
    // The posting itself is unchanged.
    expect((await request(t.http).get(`/api/v1/balances/${b.id}`).set(auth(t.adminToken))).body).toMatchObject({
      amount: 50000,
      quantity: 2,
    });
    const list = await request(t.http).get(`/api/v1/shares?filter=member:${m.id}`).set(auth(t.adminToken)).expect(200);
    expect((list.body as ShareDto[]).map((s) => s.process)).toEqual([0, 1]);
    expect(list.headers.totalitems).toBe('2');
    // Filter and sort by the register's own names (process and admissionDate are the posting's type and approval date).
    const register = async (query: string): Promise<ShareDto[]> =>
      (await request(t.http).get(`/api/v1/shares?filter=member:${m.id}${query}`).set(auth(t.adminToken)).expect(200))
        .body as ShareDto[];
    expect((await register('&order_by=-process')).map((s) => s.process)).toEqual([1, 0]);
    expect((await register(',process:1')).map((s) => s.id)).toEqual([b.id]);
    expect((await register(',interestEnd:2024-12-31')).map((s) => s.id)).toEqual([b.id]);
    expect((await register(`,admissionDate:${DATES.approvalDate}`)).map((s) => s.id)).toEqual([b.id]);
    expect((await register('&order_by=-interestEnd')).map((s) => s.interestEnd)).toEqual(['2024-12-31', null]);
    // Searched by the member's name and number, like the postings.
    expect((await register('&search=anna register')).map((s) => s.process)).toEqual([0, 1]);
    expect((await register(`&search=${m.memberNr}`)).map((s) => s.process)).toEqual([0, 1]);
    await request(t.http)
      .get(`/api/v1/shares?filter=member:${m.id}&search=zzz-no-such-name`)
      .set(auth(t.adminToken))
      .expect(204);
    // Only the register's names: the posting's own field names are unknown here.
    const unknown = await request(t.http)
      .get('/api/v1/shares?filter=type:1&order_by=amount')
      .set(auth(t.adminToken))
      .expect(400);
    expect(unknown.body).toEqual({
      errors: [
        { field: 'filter', template: 'unknownField', parameters: { '0': 'type' } },
        { field: 'order_by', template: 'unknownField', parameters: { '0': 'amount' } },
      ],
    });
  });

  it('dashboards: member count, exited count, balance sum; per member postings and sum', async () => {
    const before = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200))
      .body as DashboardDto;
    const m = await createMember(t.http, t.adminToken, { name: 'Dash', shareAmount: 3 });
    await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES });
    const gone = await createMember(t.http, t.adminToken, { name: 'DashGone', shareAmount: 2 });
    await posted(t.http, t.adminToken, { member: gone.id, type: 8, ...DATES });
    const after = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200))
      .body as DashboardDto;
    // The exit's settlement is due, and overdue: six months after its end have passed (issue 42).
    expect(after).toEqual({
      memberCount: before.memberCount + 1,
      memberExitCount: before.memberExitCount + 1,
      balanceSum: before.balanceSum + 100000,
      settlementsDue: before.settlementsDue + 1,
      settlementsOverdue: before.settlementsOverdue + 1,
    });
    const all = await request(t.http).get('/api/v1/members?limit=1000').set(auth(t.adminToken)).expect(200);
    const sum = (all.body as { shareTotalEUR: number }[]).reduce((s, x) => s + x.shareTotalEUR, 0);
    expect(after.balanceSum).toBe(sum);
    const dash = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200))
      .body as MemberDashboardDto;
    expect(dash).toMatchObject({ addressId: m.id, exemptionOrder: [], nonAssessment: [], sumBalance: 100000 });
    expect(dash.balance.map((b) => [b.type, b.amount])).toEqual([
      [0, 75000],
      [1, 25000],
    ]);
  });
});
