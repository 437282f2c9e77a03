import request from 'supertest';
import { businessToday, type CollectionCreatedDto, type CollectionPreviewDto, type ShareDueDto } from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';

/**
 * The largest single SEPA debit is 999,999,999.99 € (EPC SDD rulebook AT-06; pain.008 `InstdAmt`), while a
 * subscription may owe up to 1,000,000,000.00 € (AMOUNT_MAX_CENTS). Figures by hand: a share costs 1,000,000.00 €;
 * Gross subscribed 1,000 of them (1,000,000,000.00 €, one cent above the limit) and Klein one (1,000,000.00 €), nothing
 * paid, both with a mandate. Before: the preview promised both debits, and making the collection answered 500 (the
 * file broke its own rules and was never written), so Klein's due could not be collected with Gross's ticked either.
 * Now Gross's due is left out (`aboveDebitLimit`) in the preview and the collection, which draws Klein's; once Gross
 * paid one cent, 999,999,999.99 € is drawn.
 */
describe('direct debits: a due above the largest SEPA debit', () => {
  let t: TestApp;
  const member: Record<'gross' | 'klein', string> = { gross: '', klein: '' };
  const subscription: Record<'gross' | 'klein', string> = { gross: '', klein: '' };
  const collectionDate = earliestCollectionDate(businessToday());

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 100_000_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    for (const [key, shares] of [
      ['gross', 1000],
      ['klein', 1],
    ] as const) {
      member[key] = (await createMember(t.http, t.adminToken, { name: key, shareAmount: shares, paid: 0 })).id;
      const [due] = (
        await request(t.http).get(`/api/v1/members/${member[key]}/share-dues`).set(auth(t.adminToken)).expect(200)
      ).body as ShareDueDto[];
      subscription[key] = due!.id;
      await request(t.http)
        .post(`/api/v1/members/${member[key]}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference: `EG-L-${key}`, signedOn: '2025-01-02', kind: 'recurring' })
        .expect(201);
    }
  }, 90_000);
  afterAll(async () => t.close());

  it('leaves the due out in the preview and the collection, and draws the others', async () => {
    const body = { collectionDate, balanceIds: [subscription.gross, subscription.klein] };
    const preview = (
      await request(t.http).post('/api/v1/direct-debits/preview').set(auth(t.adminToken)).send(body).expect(200)
    ).body as CollectionPreviewDto;
    expect([preview.count, preview.totalCents]).toEqual([1, 100_000_000]);
    expect(preview.skipped.map((s) => [s.balanceId, s.reason])).toEqual([[subscription.gross, 'aboveDebitLimit']]);

    const made = await request(t.http).post('/api/v1/direct-debits').set(auth(t.adminToken)).send(body);
    expect(made.status).toBe(201);
    const collection = made.body as CollectionCreatedDto;
    expect([collection.count, collection.totalCents]).toEqual([1, 100_000_000]);
    expect(collection.skipped.map((s) => [s.balanceId, s.reason])).toEqual([[subscription.gross, 'aboveDebitLimit']]);
  });

  it('draws 999,999,999.99 € once one cent is paid', async () => {
    await request(t.http)
      .post(`/api/v1/members/${member.gross}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: businessToday(), amount: 1, method: 'transfer' })
      .expect(201);
    const made = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate, balanceIds: [subscription.gross] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect([made.count, made.totalCents, made.skipped]).toEqual([1, 99_999_999_999, []]);
  });
});
