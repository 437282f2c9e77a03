import request from 'supertest';
import {
  businessToday,
  type CollectionCreatedDto,
  type CollectionDto,
  type DirectDebitPaymentDto,
  type ShareDueDto,
} from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setPaymentTerms, setTerms } from './support/members.js';
import { adminContext, collectionHandlerWith, returnedOn } from './support/direct-debits.js';
import {
  CollectionBooking,
  CreateCollectionCommand,
  CreateCollectionHandler,
} from '../../services/src/direct-debits/commands/collection.commands.js';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';

/**
 * Decision 270 (issue 45, DEBIT): a collection's debits are booked on each subscription at most up to what it still
 * owes when they are booked. Here a collection's booking stops after its file and stream are written; meanwhile one
 * due is paid in part by hand, one is lowered by a partial termination releasing its unpaid part, one subscription is
 * annulled. The next collection completes the stopped one: no due ends paid above what it owes, nothing is booked on
 * the annulled subscription, and the collection lists each debit above what was owed with its excess for the clerk.
 * A payment recorded while a collection is booked answers the clerk the same way at once. A debit above what was owed
 * that the bank returns is no longer listed for a refund: the member has the whole debit back.
 */
describe('booking a collection’s debits pays no due above what it still owes (decision 270)', () => {
  let t: TestApp;
  const collectionDate = earliestCollectionDate(businessToday());
  const m: Record<'anna' | 'bert' | 'cora' | 'dora' | 'emil', string> = {
    anna: '',
    bert: '',
    cora: '',
    dora: '',
    emil: '',
  };
  const due: Record<string, string> = {};

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const pay = (memberId: string, balanceId: string, amount: number): request.Test =>
    request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: businessToday(), amount, method: 'transfer', balanceId });
  /** A handler as the app's, its booking replaced by `book` (the real one completes pending collections). */
  const handlerWith = (book: (real: CollectionBooking) => CollectionBooking['book']): CreateCollectionHandler =>
    collectionHandlerWith(t, { book });
  const ctx = () => adminContext(t);
  /** What a subscription owes at most now: its amount less what left it; never below what was paid on it. */
  const paidWithin = (d: ShareDueDto): boolean => d.paid <= d.amount - d.passedOn - d.released;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    // Anna 2 shares, 200 € paid: 300 € due. Bert 3 shares, 300 € paid: 450 € due. Cora 1 share paid and 2 more
    // shares, nothing paid on them: 500 € due. Dora and Emil as Anna.
    m.anna = (await createMember(t.http, t.adminToken, { name: 'Anna', shareAmount: 2, paid: 20_000 })).id;
    m.bert = (await createMember(t.http, t.adminToken, { name: 'Bert', shareAmount: 3, paid: 30_000 })).id;
    m.cora = (await createMember(t.http, t.adminToken, { name: 'Cora', shareAmount: 1 })).id;
    m.dora = (await createMember(t.http, t.adminToken, { name: 'Dora', shareAmount: 2, paid: 20_000 })).id;
    m.emil = (await createMember(t.http, t.adminToken, { name: 'Emil', shareAmount: 2, paid: 20_000 })).id;
    due.cora = (await posted(t.http, t.adminToken, { member: m.cora, type: 1, quantity: 2, ...DATES, paid: 0 })).id;
    for (const [key, memberId] of Object.entries(m)) {
      if (key !== 'cora') due[key] = (await dues(memberId))[0]!.id;
      await request(t.http)
        .post(`/api/v1/members/${memberId}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference: `EG-B-${key.toUpperCase()}`, signedOn: '2025-01-02', kind: 'recurring' })
        .expect(201);
    }
  }, 90_000);
  afterAll(async () => t.close());

  it('a stopped booking completed after the dues were lowered: each due paid up to what it owes, the excess listed', async () => {
    const stopped = handlerWith(() => () => Promise.reject(new Error('stopped')));
    await expect(
      stopped.execute(
        new CreateCollectionCommand(ctx(), collectionDate, [due.anna!, due.bert!, due.cora!], new Date()),
      ),
    ).rejects.toThrow('stopped');
    // Meanwhile: Anna pays 100 € by hand; Bert gives notice on 2 shares (the 300 € paid leave, 200 € unpaid are
    // released: 250 € owed); Cora's further shares are annulled.
    await pay(m.anna, due.anna!, 10_000).expect(201);
    await posted(t.http, t.adminToken, { member: m.bert, type: 2, quantity: 2, ...DATES, noticeDate: DATES.date });
    await posted(t.http, t.adminToken, { member: m.cora, type: 5, annulPeer: due.cora, date: businessToday() });

    // The next collection completes the stopped one first.
    const next = await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(t.adminToken))
      .send({ collectionDate, balanceIds: [due.dora] })
      .expect(201);

    const [anna] = await dues(m.anna);
    const [bert] = await dues(m.bert);
    expect([anna, bert].map((d) => [d!.paid, d!.outstanding, paidWithin(d!)])).toEqual([
      [50_000, 0, true],
      [55_000, 0, true],
    ]);
    // Nothing booked on Cora's annulled subscription: only the paid admission is on her dues.
    expect((await dues(m.cora)).map((d) => [d.id, d.paid])).toEqual([[expect.not.stringMatching(due.cora!), 25_000]]);

    expect((next.body as CollectionCreatedDto).aboveOutstanding).toEqual([]);
    const listed = (await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(200))
      .body as CollectionDto[];
    const first = listed.find((c) => c.id !== (next.body as CollectionDto).id)!;
    expect(first).toMatchObject({ count: 3, totalCents: 125_000, booked: 2, complete: true });
    expect(first.aboveOutstanding.map((a) => [a.memberId, a.amount, a.booked, a.excess, a.reason])).toEqual(
      expect.arrayContaining([
        [m.anna, 30_000, 20_000, 10_000, 'aboveOutstanding'],
        [m.bert, 45_000, 25_000, 20_000, 'aboveOutstanding'],
        [m.cora, 50_000, 0, 50_000, 'subscriptionAnnulled'],
      ]),
    );
    expect(first.aboveOutstanding).toHaveLength(3);
    expect(first.aboveOutstandingCents).toBe(80_000);
    const payments = async (memberId: string): Promise<number[]> => {
      const res = await request(t.http)
        .get(`/api/v1/members/${memberId}/direct-debit-payments`)
        .set(auth(t.adminToken));
      return res.status === 204 ? [] : (res.body as DirectDebitPaymentDto[]).map((p) => p.amount);
    };
    expect([await payments(m.anna), await payments(m.bert), await payments(m.cora)]).toEqual([[20_000], [25_000], []]);
  });

  it('a debit above what was owed that came back is no longer listed for a refund', async () => {
    // Anna's debit of 300 € booked 200 € and was 100 € above what she owed; her bank returns the 300 € (MD06). Before,
    // the collection went on listing the 100 € for a refund (80,000 cents in all): the clerk refunded money the bank
    // had already given back. Bert's and Cora's debits stand: their 700 € are still listed.
    const [payment] = (
      await request(t.http).get(`/api/v1/members/${m.anna}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as DirectDebitPaymentDto[];
    await returnedOn(t, m.anna, payment!.id, collectionDate);
    const listed = (await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(200))
      .body as CollectionDto[];
    const first = listed.find((c) => c.count === 3)!;
    // The return is the whole debit the bank gave back: the 200 € booked and the 100 € above.
    expect([first.returned, first.returnedCents]).toEqual([1, 30_000]);
    expect(first.aboveOutstanding.map((a) => [a.memberId, a.excess]).sort()).toEqual(
      [
        [m.bert, 20_000],
        [m.cora, 50_000],
      ].sort(),
    );
    expect(first.aboveOutstandingCents).toBe(70_000);
  });

  it('a payment recorded while a collection is booked: the clerk is answered what was collected above what was owed', async () => {
    const racing = handlerWith((real) => async (context, created) => {
      await pay(m.emil, due.emil!, 30_000).expect(201);
      return real.book(context, created);
    });
    const result = await racing.execute(new CreateCollectionCommand(ctx(), collectionDate, [due.emil!], new Date()));
    expect((await dues(m.emil)).map((d) => [d.paid, d.outstanding])).toEqual([[50_000, 0]]);
    expect(result.aboveOutstanding).toEqual([
      expect.objectContaining({ memberId: m.emil, balanceId: due.emil, amount: 30_000, booked: 0, excess: 30_000 }),
    ]);
  });
});
