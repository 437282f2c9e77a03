import request from 'supertest';
import {
  businessToday,
  type PaymentReminderDueDto,
  type PaymentReminderRunDto,
  type ShareDueDto,
} from '@coop/contracts';
import { addDays } from '../../services/src/payment-reminders/domain/reminder-rule.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';

/**
 * A returned debit keeps the reminder level (docs/payment-reminders.md, decision 359). Figures by hand: 2 shares of
 * 250 €, nothing paid with the admission, reminders 1 day after what is due. The member gets the first, second and last
 * reminder in the last week; a debit of 100 € starts the reminders again (the next would be a first one); the bank
 * returns it (MD06): the debit never stood, so the member is back at the last reminder, on the read model (the due list,
 * `share_dues`) and on the member stream (sending again records nothing). Before: level 0, and a new first reminder.
 */
describe('a returned debit keeps the reminder level', () => {
  let t: TestApp;
  let memberId: string;
  const today = businessToday();
  const day = (n: number): string => addDays(today, n);

  const due = async (date: string): Promise<[string, number][]> => {
    const res = await request(t.http).get(`/api/v1/payment-reminders/due?date=${date}`).set(auth(t.adminToken));
    if (res.status === 204) return [];
    return (res.body as PaymentReminderDueDto[]).map((r) => [r.id, r.level]);
  };
  const send = async (date: string): Promise<PaymentReminderRunDto> =>
    (
      await request(t.http)
        .post('/api/v1/payment-reminders')
        .set(auth(t.adminToken))
        .send({ date, memberIds: [memberId] })
        .expect(201)
    ).body as PaymentReminderRunDto;
  const level = async (): Promise<number[]> =>
    (
      (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
        .body as ShareDueDto[]
    ).map((d) => d.reminderLevel);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken, { reminderAfterDays: 1 });
    memberId = (await createMember(t.http, t.adminToken, { name: 'Rückläufer', shareAmount: 2, paid: 0 })).id;
    for (const [date, sent] of [
      [day(-7), 1],
      [day(-5), 1],
      [day(-3), 1],
    ] as const)
      expect((await send(date)).sent).toBe(sent);
  });
  afterAll(async () => t.close());

  it('the member is at the last reminder; a debit starts the reminders again', async () => {
    expect(await level()).toEqual([3]);
    expect(await due(today)).toEqual([]);
    await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: day(-2), amount: 10_000, method: 'directDebit' })
      .expect(201);
    expect(await level()).toEqual([0]);
    expect(await due(today)).toEqual([[memberId, 1]]);
  });

  it('the debit returned: the last reminder again, on the read model and on the member stream', async () => {
    const [payment] = (
      await request(t.http).get(`/api/v1/members/${memberId}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as { id: string }[];
    await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments/${payment!.id}/return`)
      .set(auth(t.adminToken))
      .send({ date: day(-1), reason: 'MD06' })
      .expect(200);
    expect(await level()).toEqual([3]);
    expect(await due(today)).toEqual([]);
    expect(await send(today)).toMatchObject({ sent: 0, skipped: 1 });
  });
});
