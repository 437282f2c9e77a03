import request from 'supertest';
import {
  businessToday,
  type DirectDebitPaymentDto,
  type SettlementDto,
  type ShareDto,
  type ShareDueDto,
} from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { returnedOn } from './support/direct-debits.js';
import { createMember, posted, setPaymentTerms, setTerms } from './support/members.js';

/**
 * A partial termination (§ 67b GenG) takes out what was paid in, up to its shares' amount, the shares paid in first
 * (decisions 234, 267); the settlement pays it (§ 73 (2) GenG: the Geschäftsguthaben, DOMAIN.md 1.1). Figures by hand:
 * shares of 250 €; 4 shares (1,000 €) with 250 € paid in, a direct debit draws the other 750 €; then 2 shares are
 * terminated: they take 500 € (both paid). The member's bank returns the debit: 250 € are paid in. The termination
 * keeps those 250 € and releases the other 250 € of its shares' price from the dues, so the 2 shares that stay owe
 * their 500 € (not 750 €), the settlement is 250 € (not 500 €), and nothing below zero is left once it takes effect.
 * Withdrawn, the notice gives all of it back: the 4 shares owe 750 €.
 */
describe('a debit returned after a partial termination was noticed', () => {
  let t: TestApp;
  let memberId: string;
  let admissionId: string;
  let terminationId: string;
  const today = businessToday();
  const collectionDate = earliestCollectionDate(today);

  const dues = async (): Promise<(number | undefined)[][]> =>
    (
      (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
        .body as ShareDueDto[]
    ).map((d) => [d.amount, d.paid, d.released, d.outstanding]);
  const terminationRow = async (): Promise<number> =>
    (
      (await request(t.http).get(`/api/v1/shares/${terminationId}`).set(auth(t.adminToken)).expect(200))
        .body as ShareDto
    ).rueckpfleinzahlung;
  const settlement = async (): Promise<SettlementDto | undefined> => {
    const res = await request(t.http)
      .get(`/api/v1/settlements?year=${Number(today.slice(0, 4)) + 1}`)
      .set(auth(t.adminToken));
    return res.status === 204 ? undefined : (res.body as SettlementDto[]).find((s) => s.memberId === memberId);
  };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Teil', shareAmount: 4 })).id;
    const [admission] = (
      await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    admissionId = admission!.id;
    await request(t.http)
      .put(`/api/v1/shares/${admissionId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 25_000, interestEnd: null })
      .expect(200);
    await request(t.http)
      .post(`/api/v1/members/${memberId}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-T-1', signedOn: '2025-01-02', kind: 'recurring' })
      .expect(201);
    await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(t.adminToken))
      .send({ collectionDate, balanceIds: [admissionId] })
      .expect(201);
    // Notice today: the 2 shares leave at the end of a later financial year.
    terminationId = (
      await posted(t.http, t.adminToken, {
        member: memberId,
        type: 2,
        quantity: 2,
        date: today,
        approvalDate: today,
        interestBegin: today,
        noticeDate: today,
      })
    ).id;
  }, 60_000);
  afterAll(async () => t.close());

  it('before the return: the 2 shares leave with the 500 € paid for them, the 2 that stay owe nothing', async () => {
    expect(await dues()).toEqual([[100_000, 100_000, 0, 0]]);
    expect(await terminationRow()).toBe(-50_000);
    expect([(await settlement())?.holding, (await settlement())?.amount]).toEqual([50_000, 50_000]);
  });

  it('after the return: the termination keeps the 250 € paid in and releases 250 €; the staying shares owe 500 €', async () => {
    const [payment] = (
      await request(t.http).get(`/api/v1/members/${memberId}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as DirectDebitPaymentDto[];
    expect(payment!.amount).toBe(75_000);
    // Recorded on the collection date: a return is not dated after the day it is recorded (decision 357).
    await returnedOn(t, memberId, payment!.id, collectionDate);
    expect(await dues()).toEqual([[100_000, 25_000, 25_000, 50_000]]);
    expect(await terminationRow()).toBe(-25_000);
    const row = await settlement();
    expect([row?.shares, row?.holding, row?.amount]).toEqual([2, 25_000, 25_000]);
  });

  it('the notice withdrawn: the 4 shares stay and owe 750 €', async () => {
    await posted(t.http, t.adminToken, { member: memberId, type: 5, annulPeer: terminationId, date: today });
    expect(await dues()).toEqual([[100_000, 25_000, 0, 75_000]]);
    expect(await settlement()).toBeUndefined();
  });
});
