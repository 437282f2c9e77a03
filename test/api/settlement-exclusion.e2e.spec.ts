import request from 'supertest';
import type { SettlementDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/**
 * An exclusion takes effect only at the end of a financial year (§ 68 (1) GenG, DOMAIN.md 9.1), and the excluded member
 * is settled like any leaver (§ 73). Figures by hand: 3 shares of 250 € paid in (750 €); the board excludes the member
 * on 15.09.2025, the letter sent on 16.09.2025: the membership ends on 31.12.2025, payout deadline 30.06.2026. The
 * general meeting decides a loss share of 10.00 € per share for 2025: 30.00 €, the settlement 720.00 €.
 */
describe('the settlement of an excluded member', () => {
  let t: TestApp;
  let row: SettlementDto;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    const excluded = await createMember(t.http, t.adminToken, { name: 'Ausgeschlossen', shareAmount: 3 });
    await posted(t.http, t.adminToken, {
      member: excluded.id,
      type: 7,
      date: '2025-09-15',
      approvalDate: '2025-09-15',
      interestBegin: '2025-09-15',
      noticeDate: '2025-09-15',
      dispatchDate: '2025-09-16',
    });
    await request(t.http)
      .put('/api/v1/settlements/loss-shares')
      .set(auth(t.adminToken))
      .send({ year: 2025, kind: 'perShare', centsPerShare: 1_000, decisionDate: '2026-05-20' })
      .expect(200);
    [row] = (await settlementsOf(t.http, t.adminToken, 2025)) as [SettlementDto];
  });
  afterAll(async () => t.close());

  it('ends at the end of the financial year and is due with the holding less the loss share', () => {
    expect([row.reason, row.endDate, row.deadline, row.shares, row.holding, row.lossShare, row.amount]).toEqual([
      'exclusion',
      '2025-12-31',
      '2026-06-30',
      3,
      75_000,
      3_000,
      72_000,
    ]);
  });

  it('records the payout of 720.00 € once', async () => {
    const paid = (
      await request(t.http)
        .post('/api/v1/settlements/pay')
        .set(auth(t.adminToken))
        .send({ ids: [row.id], payoutDate: '2026-06-15' })
        .expect(201)
    ).body as SettlementDto[];
    expect(paid.map((r) => [r.status, r.lossShare, r.amount, r.payoutDate])).toEqual([
      ['paid', 3_000, 72_000, '2026-06-15'],
    ]);
  });
});
