import request from 'supertest';
import { businessToday, type DividendDto, type MemberDto, type TaskDto } from '@coop/contracts';
import { germanDate } from '../../services/src/church-tax/domain/kistam-files.js';
import { regularStatusDate } from '../../services/src/church-tax/domain/kistam-selection.js';
import { auth, startApp, validCooperative, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';
import { ended, until } from './support/tasks.js';

/*
 * A regular KiStAM answer gives the status of 31.08. and applies to the following calendar year (DOMAIN.md 3.1; § 51a
 * Abs. 2c S. 1 Nr. 3 S. 1, Nr. 4 S. 3 EStG; decision 350): a payout before 1 January withholds with the church data held
 * before it, one after with the answer. A null answer deletes the religion data at once (S. 9-10): no church tax on
 * either payout.
 */
const STATUS = regularStatusDate(businessToday());
const Y = Number(STATUS.slice(0, 4));
const since = { entryDate: `${Y - 1}-01-01`, approvalDate: `${Y - 1}-01-01`, interestBegin: `${Y - 1}-01-01` };

describe('KiStAM: a regular answer applies from the following 1 January', () => {
  let t: TestApp;
  let anna: MemberDto;
  let bernd: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);
    const church = { churchId: 'ev', churchTaxRate: '9', state: 'nw', shareAmount: 10_000, ...since };
    anna = await createMember(t.http, t.adminToken, {
      name: 'Folgejahr',
      givenName: 'Anna',
      manualTaxId: '86095742719',
      birthDate: '1960-03-12',
      ...church,
    });
    bernd = await createMember(t.http, t.adminToken, {
      name: 'Folgejahr',
      givenName: 'Bernd',
      manualTaxId: '47036892816',
      birthDate: '1975-11-02',
      ...church,
    });
    await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'km', elmaNumber: '40012345678' })
      .expect(201);
    const task = (await request(t.http).post('/api/v1/tasks/kistam').set(auth(t.adminToken)).expect(201))
      .body as TaskDto;
    expect((await until(t.http, t.adminToken, task.id, ended)).state).toBe('waiting');
    const d = germanDate(STATUS);
    const answer = [
      `1;2;DE123456789;${germanDate(businessToday())}`,
      '2;40012345678;Genossenschaft',
      `4;${String(anna.memberNr)};86095742719;12.03.1960;1;${d};rk;8,00;0`,
      `4;${String(bernd.memberNr)};47036892816;02.11.1975;1;${d};;;`,
    ].join('\r\n');
    await request(t.http)
      .post(`/api/v1/tasks/kistam/${task.id}/answer`)
      .set(auth(t.adminToken))
      .set('Content-Type', 'text/csv')
      .send(answer)
      .expect(201);
    const done = await until(t.http, t.adminToken, task.id, (x) =>
      ['completed', 'failed', 'rejected'].includes(x.state),
    );
    expect(done.state).toBe('completed');
  }, 60_000);
  afterAll(async () => t.close());

  const churchOn = async (paymentDate: string): Promise<[string, string | null, string | null, number][]> => {
    const res = await request(t.http)
      .get('/api/v1/dividend/calc')
      .query({
        year: String(Y - 1),
        type: 'percent',
        amount: '10',
        decision_date: `${Y}-06-01`,
        payment_date: paymentDate,
      })
      .set(auth(t.adminToken))
      .expect(200);
    return (res.body as DividendDto).members.map((m) => [m.givenName ?? '', m.churchId, m.churchRate, m.churchTax]);
  };

  it('withholds with the church data held before the answer on a payout in the year of its status date', async () => {
    // 100 € gross each: KapESt 100 / 4.09 = 24.44 €, church tax 9 % of it 2.19 €.
    expect(await churchOn(`${Y}-12-15`)).toEqual([
      ['Anna', 'ev', '9', 219],
      ['Bernd', null, null, 0],
    ]);
  });

  it('withholds with the answer on a payout of the following year (KapESt 24.50 €, church tax 8 % of it 1.96 €)', async () => {
    expect(await churchOn(`${Y + 1}-01-15`)).toEqual([
      ['Anna', 'rk', '8', 196],
      ['Bernd', null, null, 0],
    ]);
  });
});
