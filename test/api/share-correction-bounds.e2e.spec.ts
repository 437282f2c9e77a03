import request from 'supertest';
import type { ShareDto, ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/**
 * A share register correction (`PUT /shares/{id}`) sets what was actually paid in on a posting. The Geschäftsanteil is
 * the most a member can pay in per share (§ 7 Nr. 1 GenG) and the Geschäftsguthaben what was actually paid in, never
 * below nothing (DOMAIN.md 1.1): the payment lies between nothing and the posting's nominal amount, with the sign of a
 * posting that takes shares out. Outside it is refused 400 `paymentOutsideSharePrice` (the payment, the least, the
 * most in euros) and nothing is recorded. Figures by hand: shares of 250 €; 2 shares admitted, paid in full (500 €).
 */
describe('a register correction of the payment stays within the shares’ nominal amount', () => {
  let t: TestApp;
  let memberId: string;
  let admissionId: string;

  const share = async (id: string): Promise<ShareDto> =>
    (await request(t.http).get(`/api/v1/shares/${id}`).set(auth(t.adminToken)).expect(200)).body as ShareDto;
  const correct = (id: string, rueckpfleinzahlung: number): request.Test =>
    request(t.http).put(`/api/v1/shares/${id}`).set(auth(t.adminToken)).send({ rueckpfleinzahlung, interestEnd: null });
  const refusal = (payment: string, least: string, most: string) => ({
    errors: [
      {
        field: 'rueckpfleinzahlung',
        template: 'paymentOutsideSharePrice',
        parameters: { '0': payment, '1': least, '2': most },
      },
    ],
  });

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Überzahlt', shareAmount: 2 })).id;
    const [admission] = (
      await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    admissionId = admission!.id;
  });
  afterAll(async () => t.close());

  it('refuses 1.000 € paid in on 500 € of shares and -300 €, and records nothing', async () => {
    expect((await correct(admissionId, 100_000).expect(400)).body).toEqual(refusal('1.000,00', '0,00', '500,00'));
    expect((await correct(admissionId, -30_000).expect(400)).body).toEqual(refusal('-300,00', '0,00', '500,00'));
    expect((await correct(admissionId, 50_001).expect(400)).body).toEqual(refusal('500,01', '0,00', '500,00'));
    const row = await share(admissionId);
    expect(row.rueckpfleinzahlung).toBe(50_000);
    expect(row.versions).toHaveLength(1);
  });

  it('takes nothing paid in and the whole price, the bounds themselves', async () => {
    await correct(admissionId, 0).expect(200);
    expect((await share(admissionId)).rueckpfleinzahlung).toBe(0);
    await correct(admissionId, 50_000).expect(200);
    expect((await share(admissionId)).rueckpfleinzahlung).toBe(50_000);
  });

  it('a termination carries its payment with its sign: from -250 € to nothing; the settlement pays what stands', async () => {
    const termination = (
      await posted(t.http, t.adminToken, { member: memberId, type: 2, quantity: 1, ...DATES, noticeDate: DATES.date })
    ).id;
    expect((await share(termination)).rueckpfleinzahlung).toBe(-25_000);
    expect((await correct(termination, -30_000).expect(400)).body).toEqual(refusal('-300,00', '-250,00', '0,00'));
    expect((await correct(termination, 100).expect(400)).body).toEqual(refusal('1,00', '-250,00', '0,00'));
    expect((await share(termination)).rueckpfleinzahlung).toBe(-25_000);
    await correct(termination, -20_000).expect(200);
    expect((await share(termination)).rueckpfleinzahlung).toBe(-20_000);
    // The leaver's part is settled at what was paid in on it, never more than its shares' nominal amount.
    expect((await settlementsOf(t.http, t.adminToken, 2021)).map((r) => [r.holding, r.amount])).toEqual([
      [20_000, 20_000],
    ]);
  });
});
