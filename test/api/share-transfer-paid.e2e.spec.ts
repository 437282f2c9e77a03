import request from 'supertest';
import type { MemberHistoryEntry, MovementReportDto, ShareDto, ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

/**
 * Decision 265 (§ 76 GenG, issue 45): a transfer of shares not fully paid moves the Geschäftsguthaben, what was paid
 * in, not their nominal amount. The giver's Geschäftsguthaben falls by what was paid; the receiver's incoming transfer
 * is a due like a subscription (its price due, what came with it paid), listed as outstanding, paid like any other;
 * the giver's shares that stay owe what their subscription says. The register and the movement report follow.
 */
describe('a transfer of shares not fully paid (decision 265)', () => {
  let t: TestApp;
  let giver: string;
  let receiver: string;
  let transferId: string;

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const shares = async (memberId: string): Promise<ShareDto[]> =>
    (await request(t.http).get(`/api/v1/shares?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200))
      .body as ShareDto[];
  const paidIn = async (memberId: string): Promise<number> =>
    (await shares(memberId)).reduce((sum, row) => sum + row.rueckpfleinzahlung, 0);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // 3 shares (750 €), 300 € paid with the admission.
    giver = (await createMember(t.http, t.adminToken, { name: 'Geber', shareAmount: 3, paid: 30_000 })).id;
    receiver = (await createMember(t.http, t.adminToken, { name: 'Nehmer', shareAmount: 1 })).id;
    transferId = (
      await posted(t.http, t.adminToken, { member: giver, type: 3, quantity: 2, transferTo: receiver, ...DATES })
    ).id;
  });
  afterAll(async () => t.close());

  it('moves the 300 € paid, not the 500 € of the two shares: the giver keeps one share owing 250 €', async () => {
    expect(await paidIn(giver)).toBe(0);
    const own = (await shares(giver)).find((row) => row.id === transferId)!;
    expect(own.rueckpfleinzahlung).toBe(-30_000);
    expect(await dues(giver)).toEqual([
      expect.objectContaining({ type: 0, amount: 75_000, paid: 30_000, passedOn: 20_000, outstanding: 25_000 }),
    ]);
  });

  it('the receiver takes the two shares with the 300 € and owes the other 200 €, listed as outstanding', async () => {
    expect(await paidIn(receiver)).toBe(25_000 + 30_000);
    const incoming = (await dues(receiver)).find((d) => d.type === 4)!;
    expect(incoming).toMatchObject({ amount: 50_000, paid: 30_000, outstanding: 20_000, dueSince: DATES.date });
    const list = await request(t.http).get('/api/v1/share-dues').set(auth(t.adminToken)).expect(200);
    expect((list.body as ShareDueDto[]).map((d) => [d.member, d.type, d.outstanding])).toEqual([
      [giver, 0, 25_000],
      [receiver, 4, 20_000],
    ]);
    expect(list.headers.totaloutstanding).toBe(String(25_000 + 20_000));
  });

  it('the history of both names the 300 € of Geschäftsguthaben moved and the 200 € passed on', async () => {
    const postings = async (memberId: string) =>
      (
        (await request(t.http).get(`/api/v1/members/${memberId}/history`).set(auth(t.adminToken)).expect(200))
          .body as MemberHistoryEntry[]
      ).flatMap((e) => (e.posting ? [e.posting] : []));
    expect((await postings(giver)).map(({ type, amount, paid, passedOn }) => [type, amount, paid, passedOn])).toEqual([
      [0, 75_000, 30_000, undefined],
      [3, -50_000, -30_000, 20_000],
    ]);
    const received = (await postings(receiver)).map(({ type, amount, paid, passedOn }) => [
      type,
      amount,
      paid,
      passedOn,
    ]);
    // The receiver's admission was paid in full: it names nothing apart, as before.
    expect(received).toEqual([
      [0, 25_000, undefined, undefined],
      [4, 50_000, 30_000, undefined],
    ]);
  });

  it('the year’s movement report moves the paid 300 € with the transfer, and the Geschäftsguthaben stays 550 €', async () => {
    const year = Number(DATES.date.slice(0, 4));
    const report = (await request(t.http).get(`/api/v1/reports/movements/${year}`).set(auth(t.adminToken)).expect(200))
      .body as MovementReportDto;
    const kind = (k: number) => report.byKind.find((r) => r.kind === k)!;
    for (const k of [3, 4]) expect([Math.abs(kind(k).subscribed), Math.abs(kind(k).paid)]).toEqual([50_000, 30_000]);
    expect(report.end).toMatchObject({ subscribed: 100_000, paid: 55_000 });
  });

  it('the receiver pays what it owes on the shares taken, and then owes nothing', async () => {
    const incoming = (await dues(receiver)).find((d) => d.type === 4)!;
    await request(t.http)
      .post(`/api/v1/members/${receiver}/share-payments`)
      .set(auth(t.adminToken))
      .send({ balanceId: incoming.id, date: '2021-03-05', amount: 20_001, method: 'transfer' })
      .expect(400);
    await request(t.http)
      .post(`/api/v1/members/${receiver}/share-payments`)
      .set(auth(t.adminToken))
      .send({ balanceId: incoming.id, date: '2021-03-05', amount: 20_000, method: 'transfer' })
      .expect(201);
    expect((await dues(receiver)).find((d) => d.type === 4)).toMatchObject({ paid: 50_000, outstanding: 0 });
    expect(await paidIn(receiver)).toBe(25_000 + 50_000);
  });
});
