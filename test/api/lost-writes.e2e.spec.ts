import request from 'supertest';
import type { ShareDto, ShareDueDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/*
 * Writes that must be neither lost nor doubled when requests overlap: a register correction made on a payment read
 * before another payment landed (decision 296).
 */

describe('lost and doubled writes', () => {
  let t: TestApp;
  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const share = async (id: string): Promise<ShareDto> =>
    (await request(t.http).get(`/api/v1/shares/${id}`).set(auth(t.adminToken)).expect(200)).body as ShareDto;
  const pay = (memberId: string, body: Record<string, unknown>, key?: string): request.Test => {
    const req = request(t.http).post(`/api/v1/members/${memberId}/share-payments`).set(auth(t.adminToken));
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  });
  afterAll(async () => t.close());

  it('a register correction made on a payment that changed meanwhile is refused 409 and overwrites no payment', async () => {
    const m = (await createMember(t.http, t.adminToken, { name: 'Korrektur', shareAmount: 4, paid: 10_000 })).id;
    const [due] = await dues(m);
    // The clerk opens the register row: 100 € paid.
    const seen = await share(due!.id);
    expect(seen.rueckpfleinzahlung).toBe(10_000);
    // Meanwhile a transfer of 200 € is booked on it.
    await pay(m, { balanceId: due!.id, date: '2021-05-03', amount: 20_000, method: 'transfer' }).expect(201);
    // The clerk saves the form as read, setting only the interest end: the 200 € must not be wiped out.
    const stale = await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 10_000, interestEnd: '2030-12-31', expectedRueckpfleinzahlung: 10_000 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      errors: [
        {
          field: 'rueckpfleinzahlung',
          template: 'shareChangedMeanwhile',
          parameters: { '0': '100,00', '1': '300,00' },
        },
      ],
    });
    expect(await dues(m)).toEqual([expect.objectContaining({ paid: 30_000, outstanding: 70_000 })]);
    expect((await share(due!.id)).interestEnd).toBeNull();
    // Read again, the same correction is taken.
    await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 30_000, interestEnd: '2030-12-31', expectedRueckpfleinzahlung: 30_000 })
      .expect(200);
    expect(await share(due!.id)).toMatchObject({ rueckpfleinzahlung: 30_000, interestEnd: '2030-12-31' });
  });
});
