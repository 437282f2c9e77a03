import request from 'supertest';
import { businessToday, type MemberDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, member, post, posted, setTerms, validMember } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/**
 * The days an end may have (decisions 367-369): not before the member's admission (§ 15 GenG), the admission not moved
 * after an end, a death not after today, and a settlement payout recorded when it is made, not on a day to come.
 */
describe('the dates of an end and its settlement', () => {
  let t: TestApp;
  const today = businessToday();
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  });
  afterAll(async () => t.close());

  const death = (m: MemberDto, noticeDate: string) =>
    post(t.http, t.adminToken, { member: m.id, type: 6, ...DATES, noticeDate });

  it('refuses a death between the declaration and the admission, and one dated after today', async () => {
    const dates = { entryDate: '2024-12-10', approvalDate: '2025-01-08', interestBegin: '2025-02-01' };
    const m = await createMember(t.http, t.adminToken, { name: 'Erklärt', ...dates, confirmWarnings: true });
    const early = await death(m, '2024-12-20');
    expect([early.status, early.body]).toEqual([
      400,
      { errors: [{ field: 'noticeDate', template: 'endBeforeAdmission', parameters: { '0': '2025-01-08' } }] },
    ]);
    const later = await death(m, '2199-05-01');
    expect([later.status, later.body]).toEqual([
      400,
      { errors: [{ field: 'noticeDate', template: 'dateInFuture', parameters: { '0': '2199-05-01' } }] },
    ]);
    expect((await member(t.http, t.adminToken, m.id)).exitDate).toBeNull();
  });

  it('refuses an approval date moved after the end, naming the notice (PUT /members/{id})', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Gegangen' });
    await posted(t.http, t.adminToken, { member: m.id, type: 8, ...DATES, noticeDate: '2024-03-01' });
    const put = (approvalDate: string) =>
      request(t.http)
        .put(`/api/v1/members/${m.id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name: 'Gegangen', approvalDate, confirmWarnings: true }));
    const res = await put('2025-02-01');
    expect([res.status, res.body]).toEqual([
      400,
      { errors: [{ field: 'approvalDate', template: 'admissionAfterEnd', parameters: { '0': '2024-03-01' } }] },
    ]);
    expect((await member(t.http, t.adminToken, m.id)).approvalDate).toBe('2020-01-20');
    await put('2020-02-01').expect(200);
  });

  it('refuses a settlement payout dated after today and records one dated today', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Ausgezahlt' });
    await posted(t.http, t.adminToken, { member: m.id, type: 8, ...DATES, noticeDate: '2023-05-02' });
    const [row] = (await settlementsOf(t.http, t.adminToken, 2023)).filter((s) => s.memberId === m.id);
    const pay = (payoutDate: string) =>
      request(t.http)
        .post('/api/v1/settlements/pay')
        .set(auth(t.adminToken))
        .send({ ids: [row!.id], payoutDate });
    const res = await pay('2199-12-31');
    expect([res.status, res.body]).toEqual([
      400,
      { errors: [{ field: `ids.${row!.id}`, template: 'dateInFuture', parameters: { '0': '2199-12-31' } }] },
    ]);
    expect((await settlementsOf(t.http, t.adminToken, 2023)).find((s) => s.id === row!.id)?.status).toBe('due');
    await pay(today).expect(201);
  });
});
