/**
 * Tenancy where a request names two records (issue 45's routes): another cooperative's administrator names a member of
 * ITS OWN cooperative, which it may write, beside a mandate, a debit payment or a subscription of the first cooperative,
 * in the path or the body, and sends the first cooperative's Idempotency-Key. tenancy-property.e2e.spec.ts puts the same
 * id into every path parameter, so these pairs were not probed there. Each is refused (404, or 400 naming the field as
 * an unknown choice), nothing is written, and nothing of the first cooperative is answered.
 */
import request from 'supertest';
import { businessToday, type BalanceDto, type MandateDto } from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, userWith, validCooperative, type TestApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, posted, setPaymentTerms, setTerms } from './support/members.js';

const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const MARKER = 'Mischprobe';
const SINCE = { entryDate: daysAgo(400), approvalDate: daysAgo(400), interestBegin: daysAgo(400) };
const DATED = { date: daysAgo(300), approvalDate: daysAgo(300), interestBegin: daysAgo(300) };

let t: TestApp;
/** The first cooperative's records. */
let theirs: { member: string; subscription: string; mandate: string; payment: string; posting: string };
/** The other cooperative's administrator and a member of its own. */
let intruder: string;
let own: { member: string; subscription: string };

beforeAll(async () => {
  t = await startApp(WITH_READ_THREAD);
  await setTerms(t.http, t.adminToken, t.cooperativeId);
  await setPaymentTerms(t.http, t.adminToken);
  const member = await createMember(t.http, t.adminToken, {
    givenName: MARKER,
    iban: 'DE02120300000000202051',
    ...SINCE,
  });
  const subscription = await posted(t.http, t.adminToken, {
    member: member.id,
    type: 1,
    quantity: 2,
    paid: 0,
    date: daysAgo(60),
    approvalDate: daysAgo(60),
    interestBegin: daysAgo(60),
  });
  const mandate = (
    await request(t.http)
      .post(`/api/v1/members/${member.id}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'MISCH-1', signedOn: daysAgo(30), kind: 'recurring' })
      .expect(201)
  ).body as MandateDto;
  await request(t.http)
    .post('/api/v1/direct-debits')
    .set(auth(t.adminToken))
    .send({ collectionDate: earliestCollectionDate(businessToday()), balanceIds: [subscription.id] })
    .expect(201);
  const payments = (
    await request(t.http).get(`/api/v1/members/${member.id}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
  ).body as { id: string }[];
  const second = await posted(t.http, t.adminToken, { member: member.id, type: 1, quantity: 1, ...DATED });
  theirs = {
    member: member.id,
    subscription: subscription.id,
    mandate: mandate.id,
    payment: payments[0]!.id,
    posting: second.id,
  };

  const other = (
    await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'misch-eg' }))
      .expect(201)
  ).body as { id: string };
  intruder = (await userWith(t.http, t.adminToken, 'misch-admin', ['ROLE_ADMIN', 'ROLE_USER'], other.id)).token;
  await setTerms(t.http, intruder, other.id);
  await setPaymentTerms(t.http, intruder);
  const mine = await createMember(t.http, intruder, { name: 'Eigenes', ...SINCE });
  const mySubscription = await posted(t.http, intruder, {
    member: mine.id,
    type: 1,
    quantity: 1,
    paid: 0,
    date: daysAgo(10),
    approvalDate: daysAgo(10),
    interestBegin: daysAgo(10),
  });
  own = { member: mine.id, subscription: mySubscription.id };
}, 60_000);
afterAll(async () => t?.close());

/** Sends as the intruder; answers the status and body, and whether the event log moved. */
async function attempt(
  method: 'post' | 'put',
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; stored: boolean }> {
  const before = await t.running.storage.events.headPosition();
  const res = await request(t.http)[method](path).set(auth(intruder)).set(headers).send(body);
  const after = await t.running.storage.events.headPosition();
  return { status: res.status, text: res.text, stored: after !== before };
}

/** A request as [path, body], made once the records exist. */
type Target = () => readonly [string, object];

describe("a request naming the caller's own member and another cooperative's record", () => {
  it.each<[string, number, Target]>([
    [
      'revokes the mandate',
      404,
      () => [`/api/v1/members/${own.member}/mandates/${theirs.mandate}/revoke`, { date: businessToday() }],
    ],
    [
      'records the debit payment returned',
      404,
      () => [
        `/api/v1/members/${own.member}/share-payments/${theirs.payment}/return`,
        { date: businessToday(), reason: 'AC04' },
      ],
    ],
    [
      'pays onto the subscription',
      400,
      () => [
        `/api/v1/members/${own.member}/share-payments`,
        { balanceId: theirs.subscription, date: daysAgo(1), amount: 100, method: 'transfer' },
      ],
    ],
    [
      'annuls the posting',
      400,
      () => ['/api/v1/balances', { type: 5, annulPeer: theirs.posting, originalMember: own.member }],
    ],
  ])('%s: refused (%s), nothing stored, nothing of theirs answered', async (_what, status, target) => {
    const [path, body] = target();
    const res = await attempt('post', path, body);
    expect({ status: res.status, stored: res.stored }).toEqual({ status, stored: false });
    expect(res.text).not.toContain(MARKER);
  });

  it('sets an instalment plan on the subscription: refused (400), nothing stored', async () => {
    const res = await attempt('put', `/api/v1/members/${own.member}/postings/${theirs.subscription}/instalments`, {
      instalments: [{ dueDate: daysAgo(-30), amount: 100 }],
    });
    expect({ status: res.status, stored: res.stored }).toEqual({ status: 400, stored: false });
  });

  it("leaves the first cooperative's mandate active, its debit paid and its dues as they were", async () => {
    const mandates = (
      await request(t.http).get(`/api/v1/members/${theirs.member}/mandates`).set(auth(t.adminToken)).expect(200)
    ).body as MandateDto[];
    expect(mandates.map((m) => m.status)).toEqual(['active']);
    const payments = (
      await request(t.http)
        .get(`/api/v1/members/${theirs.member}/direct-debit-payments`)
        .set(auth(t.adminToken))
        .expect(200)
    ).body as { returnedOn: string | null }[];
    expect(payments.map((p) => p.returnedOn)).toEqual([null]);
    const postings = (
      await request(t.http).get(`/api/v1/balances?filter=member:${theirs.member}`).set(auth(t.adminToken)).expect(200)
    ).body as BalanceDto[];
    expect(postings.filter((p) => p.annulated)).toEqual([]);
  });
});

describe('an Idempotency-Key the first cooperative used', () => {
  it("records the other cooperative's own payment under it, and does not reach the first cooperative's member", async () => {
    const key = 'misch-key-0001';
    const open = await posted(t.http, t.adminToken, { member: theirs.member, type: 1, quantity: 1, paid: 0, ...DATED });
    const paid = await request(t.http)
      .post(`/api/v1/members/${theirs.member}/share-payments`)
      .set(auth(t.adminToken))
      .set('Idempotency-Key', key)
      .send({ balanceId: open.id, date: daysAgo(1), amount: 100, method: 'cash' })
      .expect(201);
    const theirIds = (paid.body as { paymentIds: string[] }).paymentIds;
    const onTheirs = await attempt(
      'post',
      `/api/v1/members/${theirs.member}/share-payments`,
      { balanceId: open.id, date: daysAgo(1), amount: 100, method: 'cash' },
      { 'Idempotency-Key': key },
    );
    expect({ status: onTheirs.status, stored: onTheirs.stored }).toEqual({ status: 404, stored: false });
    const mine = await attempt(
      'post',
      `/api/v1/members/${own.member}/share-payments`,
      { balanceId: own.subscription, date: daysAgo(1), amount: 100, method: 'cash' },
      { 'Idempotency-Key': key },
    );
    expect({ status: mine.status, stored: mine.stored }).toEqual({ status: 201, stored: true });
    const myIds = (JSON.parse(mine.text) as { paymentIds: string[] }).paymentIds;
    expect(myIds).toHaveLength(1);
    expect(myIds.filter((id) => theirIds.includes(id))).toEqual([]);
  });
});
