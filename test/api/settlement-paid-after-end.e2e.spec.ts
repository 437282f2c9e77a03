import request from 'supertest';
import type { MovementReportDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { lateMoneyLeaver, settlementsOf } from './support/settlements.js';

/**
 * § 73 (2) GenG: the settlement is made on the balance sheet of the day the membership ends. A member holds 2 shares of
 * 250 €, 300 € paid in; 200 € arrive on 15.01.2026 (the heirs pay the open rest, or a January debit made in December),
 * and only then is the death of 20.11.2025 recorded: the membership ended on 31.12.2025 (§ 77). The register's
 * Geschäftsguthaben on that day was 300 €; the 200 € came after it. The end takes the 300 € out on 31.12.2025 and
 * the later 200 € from their own day (as a return after the end counts from its day, decision 298), so neither year's
 * movement report shows a member's capital below nothing; the settlement pays both back, to the heirs.
 * Before, the end took 500 € out on 31.12.2025: the year's report closed with −200 € paid in.
 */
describe('a payment dated after an end recorded later leaves with the end from its own day', () => {
  let t: TestApp;

  const report = async (year: number): Promise<MovementReportDto> =>
    (await request(t.http).get(`/api/v1/reports/movements/${year}`).set(auth(t.adminToken)).expect(200))
      .body as MovementReportDto;

  beforeAll(async () => {
    t = await startApp();
    await lateMoneyLeaver(t);
  });
  afterAll(async () => t.close());

  it('the year of the end closes with nothing paid in left; the next year moves the late payment in and out', async () => {
    const [y2025, y2026] = [await report(2025), await report(2026)];
    expect([y2025.start.paid, y2025.added.paid, y2025.reduced.paid, y2025.end.paid]).toEqual([30_000, 0, 30_000, 0]);
    expect([y2026.start.paid, y2026.added.paid, y2026.reduced.paid, y2026.end.paid]).toEqual([0, 20_000, 20_000, 0]);
    expect([y2025.reconciles, y2026.reconciles]).toEqual([true, true]);
  });

  it('the settlement pays what was paid in by the end and the later payment: 500 €, nothing owed on the shares', async () => {
    const [row] = await settlementsOf(t.http, t.adminToken, 2025);
    expect([row!.reason, row!.endDate, row!.shares, row!.holding, row!.amount]).toEqual([
      'death',
      '2025-12-31',
      2,
      50_000,
      50_000,
    ]);
  });
});
