import request from 'supertest';
import { businessToday, nextDay, type SettlementTermsDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';

/*
 * Decision 319: the general meeting's loss share is recorded once it is decided. A decision dated after today (a
 * meeting not yet held) is refused with the date, and the decision recorded before stays. Decision 322: nor can it be
 * decided on or before the end of its year, whose annual accounts it is decided on.
 */
describe('a loss share decided on a day still to come, or before its year ended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  const decide = (decisionDate: string) =>
    request(t.http)
      .put('/api/v1/settlements/loss-shares')
      .set(auth(t.adminToken))
      .send({ year: 2025, kind: 'percent', percent: '12,5', decisionDate });

  it('is refused dateInFuture; today and the decision recorded before stand', async () => {
    await decide('2026-05-20').expect(200);
    const tomorrow = nextDay(businessToday());
    const ahead = await decide(tomorrow).expect(400);
    expect(ahead.body).toEqual({
      errors: [{ field: 'decisionDate', template: 'dateInFuture', parameters: { 0: tomorrow } }],
    });
    const terms = await request(t.http).get('/api/v1/settlements/terms').set(auth(t.adminToken)).expect(200);
    expect((terms.body as SettlementTermsDto).lossShares).toEqual([
      { year: 2025, kind: 'percent', percent: '12.5', centsPerShare: null, decisionDate: '2026-05-20' },
    ]);
    await decide(businessToday()).expect(200);
  });

  it('is refused lossShareBeforeYearEnd on the last day of its year; the decision recorded before stands', async () => {
    const early = await decide('2025-12-31').expect(400);
    expect(early.body).toEqual({
      errors: [
        { field: 'decisionDate', template: 'lossShareBeforeYearEnd', parameters: { 0: '2025', 1: '2025-12-31' } },
      ],
    });
    const terms = await request(t.http).get('/api/v1/settlements/terms').set(auth(t.adminToken)).expect(200);
    expect((terms.body as SettlementTermsDto).lossShares.map((s) => s.decisionDate)).toEqual([businessToday()]);
  });
});
