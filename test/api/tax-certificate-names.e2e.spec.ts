import request from 'supertest';
import type { DividendDto } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, validCooperative, type TestApp } from './support/app.js';
import { THIS_YEAR } from './support/tax-papers.js';
import { LAST, PAYMENT, pdf, holder } from './support/tax-documents.js';

// A member's name outside Latin-1 on the tax certificate (issue 25); the other tax documents: tax-documents.e2e.spec.ts.
describe('tax certificates: a name outside Latin-1 (Turkish, Polish, Czech letters) printed as it is', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    const terms = await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }));
    expect(terms.status).toBe(200);
  }, 60_000);
  afterAll(async () => t.close());

  it('names the member exactly so in the address and as the creditor of the income', async () => {
    const yilmaz = await holder(t.http, t.adminToken, 10_000, {
      name: 'Yılmaz',
      givenName: 'Łukasz Čapek-Şahin',
      street: 'Győrer Straße',
      streetHomeNumber: '3',
      zipCode: '10115',
      city: 'Berlin',
    });
    const res = await request(t.http)
      .post('/api/v1/dividend/store')
      .set(auth(t.adminToken))
      .send({
        year: String(LAST),
        type: 'percent',
        amount: '10',
        decision_date: `${THIS_YEAR}-01-10`,
        payment_date: PAYMENT,
      });
    expect(res.status).toBe(201);
    const closure = res.body as DividendDto;
    const text = (
      await pdfPages(
        (await pdf(t.http, t.adminToken, `/api/v1/dividend/tax-pdf/${closure.id}?member=${yilmaz.id}`).expect(200))
          .body as Buffer,
      )
    ).flat();
    expect(text).toEqual(expect.arrayContaining(['Łukasz Čapek-Şahin Yılmaz', 'Győrer Straße 3']));
    expect(text).toContain(
      `Gläubiger der Kapitalerträge: Łukasz Čapek-Şahin Yılmaz (Mitgliedsnummer ${yilmaz.memberNr})`,
    );
  }, 60_000);
});
