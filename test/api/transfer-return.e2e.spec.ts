import request from 'supertest';
import { businessToday, type DirectDebitPaymentDto, type ShareDto, type ShareDueDto } from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { returnedOn } from './support/direct-debits.js';
import { createMember, posted, setPaymentTerms, setTerms } from './support/members.js';

/**
 * A transfer (§ 76 GenG) moves the Geschäftsguthaben, what was paid in (DOMAIN.md 1.1; decision 265). Figures by hand,
 * shares of 250 €: A subscribes 4 shares (1,000 €) and pays nothing, a direct debit draws the 1,000 €; A transfers 2
 * shares, with their 500 € paid in, to B, whose own 2 shares (500 €) are paid. Then A's bank returns the debit: nobody
 * paid the 500 € B received. The transfer is corrected (decision 327): A's Geschäftsguthaben is 0, not -500 €, and A's
 * 2 shares owe 500 €, not 1,000 €; B's Geschäftsguthaben is its own 500 €, and the 2 shares it received owe 500 €. A
 * settlement of B then pays 500 €, not 1,000 €. The transfer annulled, A holds its 4 shares owing 1,000 € again.
 */
describe('a debit returned after the shares it paid were transferred', () => {
  let t: TestApp;
  let giver: string;
  let receiver: string;
  let transferId: string;
  const today = businessToday();
  const collectionDate = earliestCollectionDate(today);

  /** The member's register rows: [type, quantity, paid in]; and its Geschäftsguthaben, the rows' payments summed. */
  const rows = async (memberId: string): Promise<{ rows: number[][]; paidIn: number }> => {
    const list = (
      await request(t.http).get(`/api/v1/shares?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDto[];
    return {
      rows: list.map((r) => [r.process, r.shareAmount, r.rueckpfleinzahlung]).sort((a, b) => a[0]! - b[0]!),
      // An annulation restates its posting's payment with the other sign: the pair adds up to nothing.
      paidIn: list.reduce((n, r) => n + r.rueckpfleinzahlung, 0),
    };
  };
  /** What the member owes: the outstanding amounts of its dues, summed. */
  const owes = async (memberId: string): Promise<number> =>
    (
      (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
        .body as ShareDueDto[]
    ).reduce((n, d) => n + d.outstanding, 0);

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    giver = (await createMember(t.http, t.adminToken, { name: 'Geber', shareAmount: 4 })).id;
    receiver = (await createMember(t.http, t.adminToken, { name: 'Nehmer', shareAmount: 2 })).id;
    /** The member's admission corrected to `paid` cents paid in; answers its id. */
    const admissionPaid = async (memberId: string, paid: number): Promise<string> => {
      const [due] = (
        await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200)
      ).body as ShareDueDto[];
      await request(t.http)
        .put(`/api/v1/shares/${due!.id}`)
        .set(auth(t.adminToken))
        .send({ rueckpfleinzahlung: paid, interestEnd: null })
        .expect(200);
      return due!.id;
    };
    await admissionPaid(receiver, 50_000);
    // A paid nothing on its 4 shares when it joined.
    const giverDue = await admissionPaid(giver, 0);
    await request(t.http)
      .post(`/api/v1/members/${giver}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-TR-1', signedOn: businessToday(), kind: 'recurring' })
      .expect(201);
    await request(t.http)
      .post('/api/v1/direct-debits')
      .set(auth(t.adminToken))
      .send({ collectionDate, balanceIds: [giverDue] })
      .expect(201);
    transferId = (
      await posted(t.http, t.adminToken, {
        member: giver,
        type: 3,
        quantity: 2,
        transferTo: receiver,
        date: today,
        approvalDate: today,
        interestBegin: today,
      })
    ).id;
  }, 60_000);
  afterAll(async () => t.close());

  it('before the return: the 500 € paid for the 2 shares moved with them', async () => {
    expect(await rows(giver)).toEqual({
      rows: [
        [0, 4, 100_000],
        [3, -2, -50_000],
      ],
      paidIn: 50_000,
    });
    expect((await rows(receiver)).paidIn).toBe(100_000);
    expect([await owes(giver), await owes(receiver)]).toEqual([0, 0]);
  });

  it('after the return: no Geschäftsguthaben below nothing, none that nobody paid; the unpaid price owed by who holds the shares', async () => {
    const [payment] = (
      await request(t.http).get(`/api/v1/members/${giver}/direct-debit-payments`).set(auth(t.adminToken)).expect(200)
    ).body as DirectDebitPaymentDto[];
    expect(payment!.amount).toBe(100_000);
    // Recorded on the collection date: a return is not dated after the day it is recorded (decision 357).
    await returnedOn(t, giver, payment!.id, collectionDate);
    // Before decision 327: A [[0,4,0],[3,-2,-50000]], paid in -500 €, owing 1,000 €; B paid in 1,000 €, owing nothing.
    expect(await rows(giver)).toEqual({
      rows: [
        [0, 4, 0],
        [3, -2, 0],
      ],
      paidIn: 0,
    });
    expect(await owes(giver)).toBe(50_000);
    expect(await rows(receiver)).toEqual({
      rows: [
        [0, 2, 50_000],
        [4, 2, 0],
      ],
      paidIn: 50_000,
    });
    expect(await owes(receiver)).toBe(50_000);
  });

  it('the transfer annulled: A holds its 4 shares owing 1,000 €, B its own 2 paid', async () => {
    await posted(t.http, t.adminToken, { member: giver, type: 5, annulPeer: transferId, date: today });
    expect((await rows(giver)).paidIn).toBe(0);
    expect(await owes(giver)).toBe(100_000);
    expect((await rows(receiver)).paidIn).toBe(50_000);
    expect(await owes(receiver)).toBe(0);
  });
});

/**
 * The same by a register correction (decision 327): A's 4 shares paid in full, 2 of them transferred with their 500 €
 * to B; the clerk then corrects A's payment down to 0 (the money never came). A and B are corrected in one write.
 */
describe('a payment corrected down after the shares it paid were transferred', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  }, 60_000);
  afterAll(async () => t.close());

  it('leaves the giver nothing below zero and the receiver owing the 500 € nobody paid', async () => {
    const today = businessToday();
    const giver = (await createMember(t.http, t.adminToken, { name: 'Geber', shareAmount: 4 })).id;
    const receiver = (await createMember(t.http, t.adminToken, { name: 'Nehmer', shareAmount: 2 })).id;
    const dated = { date: today, approvalDate: today, interestBegin: today };
    await posted(t.http, t.adminToken, { member: giver, type: 3, quantity: 2, transferTo: receiver, ...dated });
    const shares = async (memberId: string): Promise<ShareDto[]> =>
      (await request(t.http).get(`/api/v1/shares?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200))
        .body as ShareDto[];
    const admission = (await shares(giver)).find((r) => r.process === 0)!;
    await request(t.http)
      .put(`/api/v1/shares/${admission.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
    const paidIn = async (memberId: string): Promise<number> =>
      (await shares(memberId)).reduce((n, r) => n + r.rueckpfleinzahlung, 0);
    expect([await paidIn(giver), await paidIn(receiver)]).toEqual([0, 50_000]);
    const incoming = (await shares(receiver)).find((r) => r.process === 4)!;
    expect(incoming.rueckpfleinzahlung).toBe(0);
    const dues = (
      await request(t.http).get(`/api/v1/members/${receiver}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    expect(dues.reduce((n, d) => n + d.outstanding, 0)).toBe(50_000);
  });
});
