import request from 'supertest';
import { businessToday, noticeEffectiveDate, type SettlementDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/**
 * The settlement follows the end of the membership and is based on the balance sheet of the year it ends in (§ 73 (1),
 * (2) GenG; DOMAIN.md 9.1: paid out after the membership ends, the payout posting in the following year). Until the
 * end's day the member still holds every share and what it pays in leaves with the end (decision 234), so the amount
 * is not known yet: a payout is not recorded before the end's day has come, whatever payout date it names.
 */
describe('a settlement is recorded only once its end has come', () => {
  let t: TestApp;
  let row: SettlementDto;
  const today = businessToday();
  // Notice given today with the statutory three months: the end is this year's end or the next one's, after today.
  const endDate = noticeEffectiveDate(today, 3);
  const payoutDate = `${Number(endDate.slice(0, 4)) + 1}-01-15`;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    const leaver = await createMember(t.http, t.adminToken, { name: 'Noch-Mitglied', shareAmount: 2 });
    await posted(t.http, t.adminToken, {
      member: leaver.id,
      type: 8,
      date: today,
      approvalDate: today,
      interestBegin: today,
      noticeDate: today,
    });
    row = (await settlementsOf(t.http, t.adminToken, Number(endDate.slice(0, 4))))[0]!;
  });
  afterAll(async () => t.close());

  it('lists the end to come with its holding', () => {
    expect([row.endDate, row.holding, row.status]).toEqual([endDate, 50_000, 'due']);
    expect(endDate > today).toBe(true);
  });

  it('refuses the check and the payout before the end, naming its day; nothing is recorded', async () => {
    const check = await request(t.http)
      .post('/api/v1/settlements/check')
      .set(auth(t.adminToken))
      .send({ ids: [row.id], payoutDate })
      .expect(200);
    expect(check.body).toEqual({
      count: 0,
      sum: 0,
      refusals: [{ id: row.id, field: 'endBalanceId', template: 'settlementEndNotReached', parameters: [endDate] }],
    });
    const pay = await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [row.id], payoutDate })
      .expect(400);
    expect(pay.body).toEqual({
      errors: [{ field: `ids.${row.id}`, template: 'settlementEndNotReached', parameters: { 0: endDate } }],
    });
    const [after] = await settlementsOf(t.http, t.adminToken, Number(endDate.slice(0, 4)));
    expect([after!.status, after!.payoutDate]).toEqual(['due', null]);
  });
});
