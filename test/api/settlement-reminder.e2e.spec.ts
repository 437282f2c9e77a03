import request from 'supertest';
import type { NotificationDto } from '@coop/contracts';
import { SettlementReminders } from '../../services/src/settlements/index.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/**
 * Issue 42: a month before the payout deadline of the oldest settlement still due (31.12.2025 + six months =
 * 30.06.2026), the clerks of that cooperative are reminded once, however often the server looks; another cooperative's
 * clerks never see it. The server looks at start and every hour; the test asks it directly for a given day.
 */
describe('settlements: the reminder a month before the payout deadline', () => {
  let t: TestApp;
  let reminders: SettlementReminders;
  let clerk: string;
  let otherClerk: string;
  const notifications = async (token: string): Promise<NotificationDto[]> => {
    const res = await request(t.http).get('/api/v1/notifications').query({ limit: '100' }).set(auth(token));
    if (res.status === 204) return [];
    expect(res.status).toBe(200);
    return res.body as NotificationDto[];
  };
  const reminded = async (token: string): Promise<NotificationDto[]> =>
    (await notifications(token)).filter((n) => n.message === 'settlementDeadlineNear');

  beforeAll(async () => {
    t = await startApp();
    reminders = t.running.app.get(SettlementReminders);
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const leaver = await createMember(t.http, t.adminToken, { name: 'Geher', shareAmount: 4 });
    await posted(t.http, t.adminToken, { member: leaver.id, type: 8, ...DATES, noticeDate: '2025-06-01' });
    const partial = await createMember(t.http, t.adminToken, { name: 'Teilkündiger', shareAmount: 5 });
    await posted(t.http, t.adminToken, {
      member: partial.id,
      type: 2,
      quantity: 2,
      ...DATES,
      noticeDate: '2025-05-02',
    });
    clerk = (await userWith(t.http, t.adminToken, 'sachbearbeiterin', ['ROLE_USER'])).token;
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    otherClerk = (
      await userWith(
        t.http,
        t.adminToken,
        'andere-sachbearbeiterin',
        ['ROLE_USER', 'ROLE_ADMIN'],
        (created.body as { id: string }).id,
      )
    ).token;
  });
  afterAll(async () => t.close());

  it('says nothing before the month before the deadline', async () => {
    expect(await reminders.checkAll('2026-05-29')).toBe(0);
    expect(await reminded(clerk)).toEqual([]);
  });

  it('reminds the clerks of the cooperative once from 30.05.2026, with the count and the deadline', async () => {
    expect(await reminders.checkAll('2026-05-30')).toBe(1);
    // Again, twice at the same time, and on a later day: still the one reminder.
    expect(await Promise.all([reminders.checkAll('2026-05-30'), reminders.checkAll('2026-05-30')])).toEqual([0, 0]);
    expect(await reminders.checkAll('2026-06-10')).toBe(0);
    const mine = await reminded(clerk);
    expect(mine.map((n) => [n.type, n.message, n.parameters, n.seen, n.entityClass, n.entityId])).toEqual([
      ['generic', 'settlementDeadlineNear', ['2', '2026-06-30'], false, 'settlements', '2025'],
    ]);
    expect(await reminded(t.adminToken)).toHaveLength(1);
    await request(t.http).get(`/api/v1/notifications/${mine[0]!.id}`).set(auth(clerk)).expect(200);
  });

  it("never shows it to another cooperative's clerk", async () => {
    expect(await reminded(otherClerk)).toEqual([]);
    const [mine] = await reminded(clerk);
    await request(t.http).get(`/api/v1/notifications/${mine!.id}`).set(auth(otherClerk)).expect(404);
  });
});
