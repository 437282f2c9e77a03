import request from 'supertest';
import {
  businessToday,
  COLLECTION_ITEMS_MAX,
  type CollectionCreatedDto,
  type CollectionDto,
  type CollectionPreviewDto,
  type ShareDueDto,
} from '@coop/contracts';
import {
  addDays,
  earliestCollectionDate,
  isTarget2Day,
  latestCollectionDate,
  nextTarget2Day,
} from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';

/**
 * The preview of a collection (`POST /direct-debits/preview`): before the clerk confirms, what the collection would draw
 * and what it would leave out and why, with the refusals of making one, and nothing written; then the collection made
 * with the same body draws what the preview said.
 */
describe('direct debits: the preview of a collection', () => {
  let t: TestApp;
  const subscription: Record<'anna' | 'bert', string> = { anna: '', bert: '' };
  const collectionDate = earliestCollectionDate(businessToday());
  const preview = (body: object): request.Test =>
    request(t.http).post('/api/v1/direct-debits/preview').set(auth(t.adminToken)).send(body);
  const outstanding = async (balanceId: string): Promise<number | undefined> =>
    (
      (await request(t.http).get('/api/v1/share-dues?limit=100').set(auth(t.adminToken)).expect(200))
        .body as ShareDueDto[]
    ).find((d) => d.id === balanceId)?.outstanding;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    for (const name of ['anna', 'bert'] as const) {
      // Nothing paid with the subscription: 500 euro outstanding.
      const member = await createMember(t.http, t.adminToken, { name, shareAmount: 2, paid: 0 });
      const dues = (
        await request(t.http).get(`/api/v1/members/${member.id}/share-dues`).set(auth(t.adminToken)).expect(200)
      ).body as ShareDueDto[];
      subscription[name] = dues[0]!.id;
      // Anna signed a mandate; Bert did not.
      if (name === 'anna')
        await request(t.http)
          .post(`/api/v1/members/${member.id}/mandates`)
          .set(auth(t.adminToken))
          .send({ reference: 'EG-V-0001', signedOn: '2025-01-02', kind: 'recurring' })
          .expect(201);
    }
  }, 90_000);
  afterAll(async () => t.close());

  it('names what the collection would draw and leave out, writes nothing, and the collection then draws just that', async () => {
    const body = { collectionDate, balanceIds: [subscription.anna, subscription.bert, 'unbekannt'] };
    const seen = (await preview(body).expect(200)).body as CollectionPreviewDto;
    expect(seen).toEqual({
      collectionDate,
      count: 1,
      totalCents: 50_000,
      skipped: [
        { balanceId: subscription.bert, memberId: expect.any(String) as string, memberNr: 2, reason: 'noMandate' },
        { balanceId: 'unbekannt', memberId: null, memberNr: null, reason: 'unknownDue' },
      ],
    });
    // The same answer asked twice, and nothing collected, booked or paid by asking.
    expect((await preview(body).expect(200)).body).toEqual(seen);
    // An empty list answers 204 (SPEC).
    await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(204);
    expect(await outstanding(subscription.anna)).toBe(50_000);

    const made = (await request(t.http).post('/api/v1/direct-debits').set(auth(t.adminToken)).send(body).expect(201))
      .body as CollectionCreatedDto;
    expect([made.count, made.totalCents, made.skipped]).toEqual([seen.count, seen.totalCents, seen.skipped]);
    const listed = (await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(200))
      .body as CollectionDto[];
    expect(listed.map((c) => c.id)).toEqual([made.id]);
    // Anna's subscription paid by the debit: a preview now leaves it out as nothing outstanding.
    expect(((await preview(body).expect(200)).body as CollectionPreviewDto).skipped.map((s) => s.reason)).toEqual([
      'nothingOutstanding',
      'noMandate',
      'unknownDue',
    ]);
  });

  it("tells another cooperative's administrator nothing of this cooperative's dues", async () => {
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'preview-other-eg' }))
      .expect(201);
    const { token } = await userWith(
      t.http,
      t.adminToken,
      'preview-intruder',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (other.body as { id: string }).id,
    );
    await setPaymentTerms(t.http, token);
    const res = await request(t.http)
      .post('/api/v1/direct-debits/preview')
      .set(auth(token))
      .send({ collectionDate, balanceIds: [subscription.bert] })
      .expect(200);
    expect(res.body).toEqual({
      collectionDate,
      count: 0,
      totalCents: 0,
      skipped: [{ balanceId: subscription.bert, memberId: null, memberNr: null, reason: 'unknownDue' }],
    });
  });

  it('refuses what making the collection refuses: a date too early or too far ahead, a body past its limits', async () => {
    const early = await preview({ collectionDate: businessToday(), balanceIds: [subscription.bert] }).expect(400);
    expect((early.body as { errors: { template: string }[] }).errors[0]!.template).toMatch(
      /^collectionDate(TooEarly|NotBusinessDay)$/,
    );
    // Decision 323: at most 90 days ahead. The first TARGET2 day after that is refused, naming the last day allowed; the
    // last TARGET2 day on or before it is taken.
    const latest = latestCollectionDate(businessToday());
    const late = await preview({ collectionDate: nextTarget2Day(latest), balanceIds: [subscription.bert] }).expect(400);
    expect((late.body as { errors: unknown[] }).errors).toEqual([
      { field: 'collectionDate', template: 'collectionDateTooLate', parameters: { 0: latest } },
    ]);
    let lastAllowed = latest;
    while (!isTarget2Day(lastAllowed)) lastAllowed = addDays(lastAllowed, -1);
    await preview({ collectionDate: lastAllowed, balanceIds: [subscription.bert] }).expect(200);
    const tooMany = await preview({
      collectionDate,
      balanceIds: Array.from({ length: COLLECTION_ITEMS_MAX + 1 }, (_, i) => `b${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { errors: { field: string; template: string }[] }).errors).toContainEqual(
      expect.objectContaining({ field: 'balanceIds', template: 'mustBeAtMost' }),
    );
    const longId = await preview({ collectionDate, balanceIds: ['x'.repeat(10_000)] }).expect(400);
    expect((longId.body as { errors: { field: string }[] }).errors[0]!.field).toBe('balanceIds');
    await preview({ collectionDate, balanceIds: [] }).expect(400);
    // The server keeps answering.
    await preview({ collectionDate, balanceIds: [subscription.bert] }).expect(200);
  });
});
