import request from 'supertest';
import {
  businessToday,
  type CollectionCreatedDto,
  type PaymentReminderDueDto,
  type ShareDueDto,
} from '@coop/contracts';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';

/**
 * Decision 269 (§ 73 (2) GenG, issue 45): a whole end (6, 7, 8) of a holding not fully paid leaves the member's dues
 * owed until its effective date and not after. An end in effect (here: noticed in 2021) takes the leaver's due out of
 * the outstanding list and its sum, the reminders and a direct debit; the member's own list still shows it, no longer
 * owed from that date. An end still to come leaves the due owed and listed. Annulled, the end's due is owed again.
 */
describe('a leaver’s dues are not owed once its end took effect (decision 269)', () => {
  let t: TestApp;
  const ids = { gone: '', leaving: '', staying: '' };
  let goneEnd = { id: '', date: '' };
  let leavingEnd = '';

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];
  const listed = async (): Promise<{ rows: [string, number][]; sum: string }> => {
    const res = await request(t.http).get('/api/v1/share-dues').set(auth(t.adminToken)).expect(200);
    const rows = (res.body as ShareDueDto[]).map((d): [string, number] => [d.member, d.outstanding]);
    return { rows: rows.sort((a, b) => a[0].localeCompare(b[0])), sum: String(res.headers.totaloutstanding) };
  };
  const reminded = async (): Promise<string[]> => {
    const res = await request(t.http)
      .get(`/api/v1/payment-reminders/due?date=${businessToday()}`)
      .set(auth(t.adminToken));
    return res.status === 204 ? [] : (res.body as PaymentReminderDueDto[]).map((r) => r.id).sort();
  };
  const sorted = (...members: string[]): string[] => [...members].sort();

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await request(t.http)
      .put('/api/v1/cooperative/payment-terms')
      .set(auth(t.adminToken))
      .send({
        instalments: { allowed: false, maxCount: 1, rhythmMonths: 1, minFirstPerShare: 0 },
        reminderAfterDays: 14,
        creditDividendUntilPaid: true,
        creditorId: 'DE98ZZZ09999999999',
      })
      .expect(200);
    // Three members, 3 shares (750 €) each, 300 € paid with the admission in 2020: 450 € outstanding each.
    ids.gone = (await createMember(t.http, t.adminToken, { name: 'Gegangen', shareAmount: 3, paid: 30_000 })).id;
    ids.leaving = (await createMember(t.http, t.adminToken, { name: 'Gehend', shareAmount: 3, paid: 30_000 })).id;
    ids.staying = (await createMember(t.http, t.adminToken, { name: 'Bleibend', shareAmount: 3, paid: 30_000 })).id;
    const dates = { approvalDate: '2021-03-01', interestBegin: '2021-04-01' };
    // Notice given in 2021: the end took effect years ago. Notice given today: the end lies ahead.
    const gone = await posted(t.http, t.adminToken, {
      member: ids.gone,
      type: 8,
      ...dates,
      date: '2021-03-01',
      noticeDate: '2021-03-01',
    });
    goneEnd = { id: gone.id, date: gone.date };
    const today = businessToday();
    leavingEnd = (
      await posted(t.http, t.adminToken, {
        member: ids.leaving,
        type: 8,
        date: today,
        approvalDate: today,
        interestBegin: today,
        noticeDate: today,
      })
    ).date;
    for (const [memberId, reference] of [
      [ids.gone, 'EG-L-0001'],
      [ids.leaving, 'EG-L-0002'],
    ] as const) {
      await request(t.http)
        .post(`/api/v1/members/${memberId}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference, signedOn: '2021-01-04', kind: 'recurring' })
        .expect(201);
    }
  }, 90_000);
  afterAll(async () => t.close());

  it('the ends lie on either side of today', () => {
    expect([goneEnd.date < businessToday(), leavingEnd > businessToday()]).toEqual([true, true]);
  });

  it('the member’s own list shows the leaver’s due, owed until its end; a due without end is owed without end', async () => {
    expect(await dues(ids.gone)).toEqual([expect.objectContaining({ outstanding: 45_000, owedUntil: goneEnd.date })]);
    expect(await dues(ids.leaving)).toEqual([expect.objectContaining({ outstanding: 45_000, owedUntil: leavingEnd })]);
    expect(await dues(ids.staying)).toEqual([expect.objectContaining({ owedUntil: '9999-12-31' })]);
  });

  it('an end in effect leaves the outstanding list and its sum; an end to come does not', async () => {
    expect(await listed()).toEqual({
      rows: sorted(ids.leaving, ids.staying).map((m) => [m, 45_000]),
      sum: '90000',
    });
    // Searched by the leaver's name: nothing matches (an empty list answers 204).
    await request(t.http).get('/api/v1/share-dues?search=Gegangen').set(auth(t.adminToken)).expect(204);
  });

  it('an end in effect is not reminded; an end to come is', async () => {
    expect(await reminded()).toEqual(sorted(ids.leaving, ids.staying));
  });

  it('a direct debit skips the due of an end in effect (nothing outstanding) and draws that of an end to come', async () => {
    const [gone] = await dues(ids.gone);
    const [leaving] = await dues(ids.leaving);
    const collection = (
      await request(t.http)
        .post('/api/v1/direct-debits')
        .set(auth(t.adminToken))
        .send({ collectionDate: earliestCollectionDate(businessToday()), balanceIds: [gone!.id, leaving!.id] })
        .expect(201)
    ).body as CollectionCreatedDto;
    expect([collection.count, collection.totalCents]).toEqual([1, 45_000]);
    expect(collection.skipped.map((s) => [s.balanceId, s.reason])).toEqual([[gone!.id, 'nothingOutstanding']]);
  });

  it('annulled, the end gives the due back: owed without end, listed and reminded again', async () => {
    await posted(t.http, t.adminToken, { member: ids.gone, type: 5, annulPeer: goneEnd.id, date: businessToday() });
    expect(await dues(ids.gone)).toEqual([expect.objectContaining({ outstanding: 45_000, owedUntil: '9999-12-31' })]);
    // The direct debit paid the leaving member's due: the leaver and the staying member are listed and reminded.
    expect(await listed()).toEqual({ rows: sorted(ids.gone, ids.staying).map((m) => [m, 45_000]), sum: '90000' });
    expect(await reminded()).toEqual(sorted(ids.gone, ids.staying));
  });
});
