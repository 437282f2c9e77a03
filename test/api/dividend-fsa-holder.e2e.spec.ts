import request from 'supertest';
import type { DividendDto, DividendMemberDto, MemberDto, TaskDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { figures } from './support/dividend.js';
import { createMember, setTerms } from './support/members.js';
import { createOrder, THIS_YEAR } from './support/tax-papers.js';

/*
 * DOMAIN.md 2.6 and 12a.4 (decision 341): an exemption order's volume is used per FSA holder and calendar year, over
 * all the holder's orders. A probe's case one year back (so that the FSAK of the payment year can be made): a member's
 * 50 € order A runs to 31 March, a replacement B of 50 € from 1 April. Two closures paid in that calendar year, in
 * February (40.00 exempted under A) and in June: B exempts only the 10.00 left of the year's 50 €, and the FSA control
 * report of the year reports 50 €, not 80 €.
 *
 * Figures: a share costs 10 cents and the dividend is 10 %, so a holding of 10 × the gross gives the gross (40.00).
 */
const PAID_IN = THIS_YEAR - 1;
const FIRST = THIS_YEAR - 3;
const SECOND = THIS_YEAR - 2;
const ENDED = ['completed', 'rejected', 'failed'];

describe('an FSA holder’s volume over its orders: a replacement order in the payment year', () => {
  let t: TestApp;
  let member: MemberDto;

  const close = async (year: number, paymentDate: string): Promise<DividendDto> => {
    const body = {
      year: String(year),
      type: 'percent',
      amount: '10',
      decision_date: paymentDate,
      payment_date: paymentDate,
    };
    const res = await request(t.http).post('/api/v1/dividend/store').set(auth(t.adminToken)).send(body);
    if (res.status !== 201) throw new Error(`closure ${year}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as DividendDto;
  };
  const result = async (id: string): Promise<DividendMemberDto | undefined> => {
    const res = await request(t.http).get(`/api/v1/dividend/${id}`).set(auth(t.adminToken)).expect(200);
    return (res.body as DividendDto).members.find((m) => m.member === member.id);
  };
  const trace = (m: DividendMemberDto | undefined) => [m?.allowanceVolume, m?.allowanceBefore, m?.allowanceAfter];

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10, 1);
    member = await createMember(t.http, t.adminToken, {
      name: 'Folge',
      manualTaxId: '86095742719',
      entryDate: `${FIRST}-01-01`,
      approvalDate: `${FIRST}-01-01`,
      interestBegin: `${FIRST}-01-01`,
      shareAmount: 4_000,
    });
    await createOrder(t.http, t.adminToken, {
      member: member.id,
      type: 0,
      joint: false,
      spouse: null,
      amount: 5_000,
      date: `${FIRST}-01-01`,
      startDate: `${FIRST}-01-01`,
      endDate: `${PAID_IN}-03-31`,
    });
    await createOrder(t.http, t.adminToken, {
      member: member.id,
      type: 1,
      joint: false,
      spouse: null,
      amount: 5_000,
      date: `${PAID_IN}-03-20`,
      startDate: `${PAID_IN}-04-01`,
    });
  }, 60_000);
  afterAll(async () => t.close());

  it('the second payout of the year exempts what the first order left: 10.00, KapESt 7.50, Soli 0.41; FSAK 50 €', async () => {
    const february = await close(FIRST, `${PAID_IN}-02-15`);
    const first = await result(february.id!);
    expect(figures(first)).toEqual([4_000, 4_000, 0, 0, 0, 0, 4_000]);
    expect(trace(first)).toEqual([5_000, 0, 4_000]);

    const query = { year: String(SECOND), type: 'percent', amount: '10' };
    const dates = { decision_date: `${PAID_IN}-06-15`, payment_date: `${PAID_IN}-06-15` };
    const calc = await request(t.http)
      .get('/api/v1/dividend/calc')
      .query({ ...query, ...dates })
      .set(auth(t.adminToken))
      .expect(200);
    const previewed = (calc.body as DividendDto).members.find((m) => m.member === member.id);
    expect(figures(previewed)).toEqual([4_000, 1_000, 3_000, 750, 41, 0, 3_209]);

    const june = await close(SECOND, `${PAID_IN}-06-15`);
    const second = await result(june.id!);
    expect(figures(second)).toEqual([4_000, 1_000, 3_000, 750, 41, 0, 3_209]);
    expect([second?.netAmount, ...trace(second)]).toEqual([3_209, 5_000, 4_000, 5_000]);

    await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' })
      .expect(201);
    const queued = (await request(t.http).post(`/api/v1/tasks/fsak/${june.id!}`).set(auth(t.adminToken)).expect(201))
      .body as TaskDto;
    let task = queued;
    for (let i = 0; i < 400 && !ENDED.includes(task.state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = (await request(t.http).get(`/api/v1/tasks/${queued.id}`).set(auth(t.adminToken)).expect(200))
        .body as TaskDto;
    }
    expect(task).toMatchObject({ state: 'completed', summary: { year: PAID_IN, records: 1, euros: 50 } });
  });
});
