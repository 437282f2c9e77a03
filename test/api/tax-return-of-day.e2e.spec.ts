import request from 'supertest';
import type { DividendDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { THIS_YEAR } from './support/tax-papers.js';

/*
 * Decision 376 (a probe): dividends are declared on their day of payment (§ 44 Abs. 1 S. 5 EStG, a "Tagesanmeldung"),
 * the KapESt due at one time cut once to whole euros (S. 6; DOMAIN.md 0.3-0.4, WE-12). Two closures paid on the same
 * day gave two returns of the same name, each cut on its own: 1 € less declared than due. They are one return.
 *
 * Figures: a share costs 10 cents, 1,002 shares, 10 %: a gross of 10.02 € a year, KapESt 25 % = 2.505 € cut to 2.50 €,
 * Soli 0.13 €. Two years paid on one day: KapESt 5.00 €, due 5 € (each alone: 2 €, together 4 €).
 */
const FIRST = THIS_YEAR - 3;
const SECOND = THIS_YEAR - 2;
const PAID = `${THIS_YEAR - 1}-06-15`;

describe('the KapESt return of a payment day with two closures', () => {
  let t: TestApp;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10, 1);
    await createMember(t.http, t.adminToken, {
      name: 'Zweijahr',
      manualTaxId: '86095742719',
      entryDate: `${FIRST}-01-01`,
      approvalDate: `${FIRST}-01-01`,
      interestBegin: `${FIRST}-01-01`,
      shareAmount: 1_002,
    });
    for (const year of [FIRST, SECOND]) {
      const body = { year: String(year), type: 'percent', amount: '10', decision_date: PAID, payment_date: PAID };
      const res = await request(t.http).post('/api/v1/dividend/store').set(auth(t.adminToken)).send(body);
      if (res.status !== 201) throw new Error(`closure ${year}: ${res.status} ${JSON.stringify(res.body)}`);
      const closure = res.body as DividendDto;
      expect(closure.members.map((m) => [m.dividend, m.dividendTax, m.solidarityTax])).toEqual([[1_002, 250, 13]]);
      ids.push(closure.id!);
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('is one return of both closures, whichever is asked for: KapESt summed in cents, then cut to euros once', async () => {
    for (const id of ids) {
      const res = await request(t.http)
        .get(`/api/v1/dividend/tax-return/${id}.csv`)
        .set(auth(t.adminToken))
        .buffer(true)
        .parse((r, cb) => {
          let data = '';
          r.on('data', (c: Buffer) => (data += c.toString('utf8')));
          r.on('end', () => cb(null, data));
        })
        .expect(200);
      const text = res.body as string;
      expect(text).toContain(`;Geschäftsjahre;${FIRST}, ${SECOND}`);
      expect(text).toContain(';Kapitalertragsteuer zu entrichten (volle EUR);5');
      expect(text).toContain('34;');
      expect(text).toMatch(/\n34;[^;]*;0,26\r?\n/);
    }
  });
});
