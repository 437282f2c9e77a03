import request from 'supertest';
import type { DividendDto, MemberDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms, validMember } from './support/members.js';
import { createOrder, THIS_YEAR } from './support/tax-papers.js';

/*
 * Decision 360 (a probe): a joint exemption order recorded while the spouse was only typed into the member's master
 * data holds no spouse; linking the spouse as a member later left it so. The spouse's own single order of 1,000 € then
 * served beside the joint 2,000 €: 2,193.73 € exempted for a couple whose joint allowance is 2,000 €. Linked, the joint
 * order is the pair's: it serves both before either's single order, one volume (DOMAIN.md 2.6, 12a.3, 12a.4).
 *
 * Figures: a share costs 10 cents and the dividend is 10 %: a holding of 10 × the gross gives the gross.
 */
const LAST = THIS_YEAR - 1;
const since = { entryDate: `${LAST}-01-01`, approvalDate: `${LAST}-01-01`, interestBegin: `${LAST}-01-01` };
const orderDates = { date: `${THIS_YEAR}-01-02`, startDate: `${THIS_YEAR}-01-01`, endDate: `${THIS_YEAR}-12-31` };

describe('a joint order whose spouse was linked as a member after it was recorded', () => {
  let t: TestApp;
  let marie: MemberDto;
  let monika: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10, 1);
    const married = { civilStatus: 1, spouseGivenName: 'Monika', spouseName: 'Weber', spouseBirthDate: '1970-01-01' };
    // 1,500 € gross each.
    marie = await createMember(t.http, t.adminToken, {
      name: 'Hartmann',
      givenName: 'Marie',
      manualTaxId: '86095742719',
      shareAmount: 150_000,
      ...married,
      ...since,
    });
    await createOrder(t.http, t.adminToken, {
      member: marie.id,
      type: 0,
      joint: true,
      spouse: null,
      amount: 200_000,
      ...orderDates,
    });
    monika = await createMember(t.http, t.adminToken, {
      name: 'Weber',
      givenName: 'Monika',
      manualTaxId: '47036892816',
      shareAmount: 150_000,
      ...since,
    });
    await createOrder(t.http, t.adminToken, {
      member: monika.id,
      type: 0,
      joint: false,
      spouse: null,
      amount: 100_000,
      ...orderDates,
    });
    // The clerk links the two as spouses afterwards.
    await request(t.http)
      .put(`/api/v1/members/${marie.id}`)
      .set(auth(t.adminToken))
      .send(
        validMember({
          name: 'Hartmann',
          givenName: 'Marie',
          manualTaxId: '86095742719',
          spouse: monika.id,
          spouseTaxId: '47036892816',
          ...married,
          ...since,
        }),
      )
      .expect(200);
  }, 60_000);
  afterAll(async () => t.close());

  it('exempts at most the joint 2,000 € for the pair, the member with the lower number first', async () => {
    const res = await request(t.http)
      .get('/api/v1/dividend/calc')
      .query({
        year: String(LAST),
        type: 'percent',
        amount: '10',
        decision_date: `${THIS_YEAR}-01-10`,
        payment_date: `${THIS_YEAR}-01-15`,
      })
      .set(auth(t.adminToken))
      .expect(200);
    const body = res.body as DividendDto;
    const exempt = (id: string) => body.members.find((m) => m.member === id)?.exemptions;
    expect([exempt(marie.id), exempt(monika.id)]).toEqual([150_000, 50_000]);
  });
});
