import request from 'supertest';
import { businessToday, type CollectionCreatedDto, type MandateDto, type ShareDueDto } from '@coop/contracts';
import { addDays, earliestCollectionDate, nextTarget2Day } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setPaymentTerms, setTerms } from './support/members.js';

/**
 * A mandate is revoked on or after the day of the last debit collected under it (decision 374). A collection may be
 * dated up to 90 days ahead, so a collection made later can be dated before one made earlier. Figures by hand: a
 * member owes 250 € on its admission and 250 € on one further share, one recurring mandate. The first collection draws
 * the admission's 250 € about a month ahead (day L), the second the further share's 250 € on the earliest day (day E,
 * before L). Before: the mandate's last collection was E (the collection made last), so a revocation dated the day
 * after E was accepted, and the 250 € were drawn on L under a mandate already ended: an unauthorised debit. Now the
 * last collection is L: the revocation is refused naming L, and the mandate list shows L.
 */
describe('direct debits: revoking a mandate after a collection made later but dated earlier', () => {
  let t: TestApp;
  let memberId = '';
  let mandate: MandateDto;
  const balance: Record<'admission' | 'further', string> = { admission: '', further: '' };
  const early = earliestCollectionDate(businessToday());
  const late = nextTarget2Day(addDays(early, 30));

  const collect = async (collectionDate: string, balanceId: string): Promise<CollectionCreatedDto> =>
    (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate, balanceIds: [balanceId] })
        .expect(201)
    ).body as CollectionCreatedDto;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Widerruf', shareAmount: 1, paid: 0 })).id;
    balance.admission = (
      (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
        .body as ShareDueDto[]
    )[0]!.id;
    balance.further = (
      await posted(t.http, t.adminToken, { member: memberId, type: 1, quantity: 1, ...DATES, paid: 0 })
    ).id;
    mandate = (
      await request(t.http)
        .post(`/api/v1/members/${memberId}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference: 'EG-W-0001', signedOn: '2025-01-02', kind: 'recurring' })
        .expect(201)
    ).body as MandateDto;
  }, 90_000);
  afterAll(async () => t.close());

  it('refuses a revocation before the latest collection date, whichever collection was made last', async () => {
    expect([
      (await collect(late, balance.admission)).totalCents,
      (await collect(early, balance.further)).totalCents,
    ]).toEqual([25_000, 25_000]);
    const [listed] = (
      await request(t.http).get(`/api/v1/members/${memberId}/mandates`).set(auth(t.adminToken)).expect(200)
    ).body as MandateDto[];
    expect([listed!.collections, listed!.lastCollectionDate]).toEqual([2, late]);

    const revoked = await request(t.http)
      .post(`/api/v1/members/${memberId}/mandates/${mandate.id}/revoke`)
      .set(auth(t.adminToken))
      .send({ date: addDays(early, 1) });
    expect([revoked.status, revoked.body]).toEqual([
      400,
      { errors: [{ field: 'date', template: 'mandateRevokedBeforeCollection', parameters: { '0': late } }] },
    ]);
  });
});
