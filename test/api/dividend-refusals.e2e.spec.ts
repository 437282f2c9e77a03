import request from 'supertest';
import type { DividendDto } from '@coop/contracts';
import { auth, startApp, validCooperative, type TestApp } from './support/app.js';
import { THIS_YEAR } from './support/tax-papers.js';
import { calc, LAST, params, store, templates } from './support/dividend.js';

/*
 * The dividend's refusal of bad parameters through the API (issue 23), field by field with its template, on a
 * cooperative with bank data and no members. The closure and its other refusals are in dividend.e2e.spec.ts.
 */
describe('dividend: calculation and the year’s closure', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    // The cooperative's bank data, as the closure's worked examples give it (support/dividend.ts workedExamples).
    const terms = await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }));
    expect(terms.status).toBe(200);
  }, 60_000);
  afterAll(async () => t.close());

  it('refuses missing dates, the current year, and bad parameters field by field', async () => {
    expect(
      templates(await store(t.http, t.adminToken, params(LAST, { decision_date: '', payment_date: '' })).expect(400)),
    ).toEqual([
      ['decision_date', 'missingDecisionDate', {}],
      ['payment_date', 'missingPaymentDate', {}],
    ]);
    expect(templates(await store(t.http, t.adminToken, params(THIS_YEAR)).expect(400))).toEqual([
      ['year', 'currentYearClosure', {}],
    ]);
    expect(
      (await calc(t.http, t.adminToken, params(THIS_YEAR)).expect(200)).body.errors.map(
        (e: { template: string }) => e.template,
      ),
    ).toEqual(['currentYearClosure']);
    expect(
      templates(
        await calc(t.http, t.adminToken, {
          year: 'x',
          type: 'gift',
          amount: '-1',
          decision_date: '1.1.2025',
          payment_date: '',
        }).expect(400),
      ),
    ).toEqual([
      ['year', 'invalidNumber', {}],
      ['type', 'invalidChoice', {}],
      ['amount', 'invalidNumber', {}],
      ['decision_date', 'invalidDate', {}],
    ]);
    // Decision 241: the query is read by the request class: over-long text is refused as too long before it is read, a
    // total's limit is named as money (decision 237), and a percentage's trailing zeros add no decimals.
    const long = '4'.repeat(21);
    expect(templates(await calc(t.http, t.adminToken, { year: long, amount: long }).expect(400))).toEqual([
      ['year', 'tooLong', { 0: '20' }],
      ['amount', 'tooLong', { 0: '20' }],
    ]);
    expect(
      templates(
        await store(t.http, t.adminToken, params(LAST, { type: 'amount', amount: '1000000000,01' })).expect(400),
      ),
    ).toEqual([['amount', 'amountAtMost', { 0: '1.000.000.000,00' }]]);
    expect((await calc(t.http, t.adminToken, params(LAST, { amount: '10,000000' })).expect(200)).body).toMatchObject({
      type: 'percent',
      resolved: '10',
      percent: '10.0000',
    });
    const today = (
      await calc(t.http, t.adminToken, { year: String(LAST), type: 'amount', amount: '333,33' }).expect(200)
    ).body as DividendDto;
    expect(today).toMatchObject({ type: 'amount', resolved: '33333', amount: 33_333 });
    expect(today.paymentDate).toBe(today.decisionDate);
    expect(today.dividend + today.residue).toBe(33_333);
  });
});
