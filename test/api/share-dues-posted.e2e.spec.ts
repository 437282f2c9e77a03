import request from 'supertest';
import type { ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/**
 * Decision 268: a subscription paid in full when posted is stored in no dues collection; its posting in the register is
 * its due. The member's list reads it from there beside the dues stored; a register
 * correction that leaves part of it unpaid writes its due from the correction (which carries the posting), so that it
 * is listed and summed; corrected back, it is paid in full again and listed once; annulled, it is gone.
 */
describe('share dues of subscriptions paid in full when posted (decision 268)', () => {
  let t: TestApp;
  let m: string;

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const outstanding = async (): Promise<{ items: ShareDueDto[]; sum: string | undefined }> => {
    // Nothing outstanding answers 204 without a body.
    const res = await request(t.http).get('/api/v1/share-dues').set(auth(t.adminToken));
    expect([200, 204]).toContain(res.status);
    const items = res.status === 204 ? [] : (res.body as ShareDueDto[]);
    return { items, sum: res.headers.totaloutstanding as string | undefined };
  };
  const correct = (balanceId: string, rueckpfleinzahlung: number): Promise<unknown> =>
    request(t.http)
      .put(`/api/v1/shares/${balanceId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung, interestEnd: null })
      .expect(200);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // 2 shares (500 €) paid with the admission on 2020-01-15, then 2 more (500 €) paid with their posting.
    m = (await createMember(t.http, t.adminToken, { name: 'Voll', shareAmount: 2 })).id;
  });
  afterAll(async () => t.close());

  it('lists the subscriptions paid in full from their postings, in date order, owing nothing', async () => {
    const more = await posted(t.http, t.adminToken, { member: m, type: 1, quantity: 2, ...DATES });
    const list = await dues(m);
    expect(list.map((d) => [d.id, d.type, d.date, d.quantity, d.amount, d.paid, d.outstanding, d.dueSince])).toEqual([
      [list[0]!.id, 0, '2020-01-15', 2, 50_000, 50_000, 0, null],
      [more.id, 1, DATES.date, 2, 50_000, 50_000, 0, null],
    ]);
    expect(list[1]).toMatchObject({ member: m, memberName: 'Voll, Anna', paidWhenPosted: 50_000, passedOn: 0 });
    expect((await outstanding()).items).toEqual([]);
  });

  it('a correction that leaves part unpaid makes it a due listed and summed; corrected back it is listed once', async () => {
    const [first, second] = await dues(m);
    await correct(second!.id, 20_000);
    const open = await outstanding();
    expect(open.items.map((d) => [d.id, d.paid, d.outstanding, d.dueSince])).toEqual([
      [second!.id, 20_000, 30_000, DATES.date],
    ]);
    expect(open.sum).toBe('30000');
    expect((await dues(m)).map((d) => [d.id, d.paid, d.outstanding])).toEqual([
      [first!.id, 50_000, 0],
      [second!.id, 20_000, 30_000],
    ]);
    await correct(second!.id, 50_000);
    expect((await outstanding()).items).toEqual([]);
    expect((await dues(m)).map((d) => [d.id, d.paid, d.outstanding])).toEqual([
      [first!.id, 50_000, 0],
      [second!.id, 50_000, 0],
    ]);
  });

  it('an annulled subscription paid in full owes nothing and leaves the list', async () => {
    const [first, second] = await dues(m);
    await posted(t.http, t.adminToken, { member: m, type: 5, annulPeer: second!.id, date: DATES.date });
    expect((await dues(m)).map((d) => d.id)).toEqual([first!.id]);
  });
});
