import request from 'supertest';
import { businessToday, type MovementReportDto, type ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/**
 * The settlement pays the Geschäftsguthaben, what the member actually paid in (§ 73 (2) GenG; DOMAIN.md 1.1 and 9.1).
 * A share register correction of a payment made while a whole end is pending (or has taken effect and is not yet
 * settled) changes what was paid in, so the Geschäftsguthaben that leaves with the end follows it, as a payment, a
 * debit or a return does (decision 234). Figures by hand: shares of 250 €; 3 shares admitted on 15.01.2020 with their
 * price paid (750 €), notice on 01.06.2025 for 31.12.2025; the register then corrected to 300 € actually paid in.
 * The leaver's settlement is 300 €, and the year 2025 of the movement report starts with 300 € paid in and ends with
 * nothing (the end takes out 300 €, not 750 €).
 */
describe('a register correction while a whole end is pending moves what leaves with it', () => {
  let t: TestApp;
  let memberId: string;
  let admissionId: string;
  let endId: string;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Korrigiert', shareAmount: 3 })).id;
    const [admission] = (
      await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    admissionId = admission!.id;
    endId = (
      await posted(t.http, t.adminToken, {
        member: memberId,
        type: 8,
        date: '2025-06-01',
        approvalDate: '2025-06-01',
        interestBegin: '2025-06-01',
        noticeDate: '2025-06-01',
      })
    ).id;
  });
  afterAll(async () => t.close());

  it('settles the 300 € paid in, not the 750 € recorded before the correction', async () => {
    expect((await settlementsOf(t.http, t.adminToken, 2025)).map((r) => [r.holding, r.amount])).toEqual([
      [75_000, 75_000],
    ]);
    await request(t.http)
      .put(`/api/v1/shares/${admissionId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 30_000, interestEnd: null })
      .expect(200);
    expect((await settlementsOf(t.http, t.adminToken, 2025)).map((r) => [r.id, r.holding, r.amount])).toEqual([
      [`${memberId}.${endId}`, 30_000, 30_000],
    ]);
    const check = await request(t.http)
      .post('/api/v1/settlements/check')
      .set(auth(t.adminToken))
      .send({ ids: [`${memberId}.${endId}`], payoutDate: '2026-06-15' })
      .expect(200);
    expect(check.body).toMatchObject({ count: 1, sum: 30_000 });
  });

  it('closes 2025 of the movement report with nothing paid in left for the leaver', async () => {
    const r = (await request(t.http).get('/api/v1/reports/movements/2025').set(auth(t.adminToken)).expect(200))
      .body as MovementReportDto;
    expect([r.start, r.reduced, r.end, r.reconciles]).toEqual([
      { shares: 3, subscribed: 75_000, paid: 30_000 },
      { shares: 3, subscribed: 75_000, paid: 30_000 },
      { shares: 0, subscribed: 0, paid: 0 },
      true,
    ]);
    expect(r.members).toMatchObject({ start: 1, left: 1, end: 0 });
  });

  it('corrected again after the end took effect, the end follows from its own date; 2026 moves nothing', async () => {
    await request(t.http)
      .put(`/api/v1/shares/${admissionId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40_000, interestEnd: null })
      .expect(200);
    expect((await settlementsOf(t.http, t.adminToken, 2025)).map((r) => [r.holding, r.amount])).toEqual([
      [40_000, 40_000],
    ]);
    const y2025 = (await request(t.http).get('/api/v1/reports/movements/2025').set(auth(t.adminToken)).expect(200))
      .body as MovementReportDto;
    expect([y2025.start.paid, y2025.reduced.paid, y2025.end.paid]).toEqual([40_000, 40_000, 0]);
    const y2026 = (await request(t.http).get('/api/v1/reports/movements/2026').set(auth(t.adminToken)).expect(200))
      .body as MovementReportDto;
    expect([y2026.start, y2026.added.paid, y2026.reduced.paid, y2026.end]).toEqual([
      { shares: 0, subscribed: 0, paid: 0 },
      0,
      0,
      { shares: 0, subscribed: 0, paid: 0 },
    ]);
  });

  it('corrected down after the payout: the paid settlement says how much the member owes back (decision 321)', async () => {
    const id = `${memberId}.${endId}`;
    await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [id], payoutDate: businessToday() })
      .expect(201);
    const paid = async () =>
      (await settlementsOf(t.http, t.adminToken, 2025)).map((r) => [r.status, r.holding, r.amount, r.overpaid]);
    expect(await paid()).toEqual([['paid', 40_000, 40_000, 0]]);
    await request(t.http)
      .put(`/api/v1/shares/${admissionId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 25_000, interestEnd: null })
      .expect(200);
    expect(await paid()).toEqual([['paid', 25_000, 40_000, 15_000]]);
    // Corrected up again to what was paid out: nothing owed.
    await request(t.http)
      .put(`/api/v1/shares/${admissionId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40_000, interestEnd: null })
      .expect(200);
    expect(await paid()).toEqual([['paid', 40_000, 40_000, 0]]);
  });
});
