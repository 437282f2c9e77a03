import request from 'supertest';
import type { CleanMemberResult, DataProtectionListItem, MemberDto } from '@coop/contracts';
import { DueMembers } from '../../services/src/data-protection/queries/due-members.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, member, posted, setTerms } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/*
 * A data-protection probe: a settlement paid, then its holding raised by a payment before the end booked late, owes a
 * top-up (decision 370: counted as due, reminded, paid by SEPA). The clean-up read only the settlement's status
 * (`paid`), so it erased the member still owed money and its account (decision 353's rule: a settlement not paid keeps
 * the member; DOMAIN.md 9.3 (i)); and once the top-up was paid it counted the first payout's year only, not the
 * top-up's, so the member came due years early (DOMAIN.md 9.3 (ii): the last entry concerning the member).
 */
describe('the clean-up and a settlement owing a top-up', () => {
  let t: TestApp;
  let leaver: MemberDto;
  let id: string;

  const listed = async (): Promise<string[]> =>
    (
      (await request(t.http).get('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
        .body as DataProtectionListItem[]
    ).map((m) => m.id);
  const pay = (payoutDate: string) =>
    request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [id], payoutDate });
  const dueOn = async (day: string): Promise<{ id: string; dueFrom: string }[]> => {
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    return (await t.running.app.get(DueMembers).due(t.cooperativeId, day, 10)).map((d) => ({
      id: d.doc.id,
      dueFrom: d.dueFrom,
    }));
  };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    // 4 shares of 250 €, 500 € paid in; a notice in 2012 ends the membership on 31.12.2012, paid out 01.03.2013.
    leaver = await createMember(t.http, t.adminToken, {
      entryDate: '2005-01-15',
      approvalDate: '2005-01-20',
      interestBegin: '2005-02-01',
      name: 'Nachzahlung',
      givenName: 'Nora',
      shareAmount: 4,
      paid: 50_000,
    });
    const day = '2012-06-01';
    const end = await posted(t.http, t.adminToken, {
      member: leaver.id,
      type: 8,
      date: day,
      approvalDate: day,
      interestBegin: day,
      noticeDate: day,
    });
    id = `${leaver.id}.${end.id}`;
    await pay('2013-03-01').expect(201);
    // 250 € paid on 03.11.2012 (before the end), booked only now: the holding is 750 €, 250 € owed as a top-up.
    await request(t.http)
      .post(`/api/v1/members/${leaver.id}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: '2012-11-03', amount: 25_000, method: 'transfer' })
      .expect(201);
  }, 60_000);
  afterAll(async () => t.close());

  it('a top-up still owed keeps the member: not listed, not erased, years later neither', async () => {
    const settlement = (await settlementsOf(t.http, t.adminToken, 2012)).find((s) => s.id === id);
    expect(settlement).toMatchObject({ status: 'paid', payoutDate: '2013-03-01', owed: 25_000 });
    expect(await listed()).not.toContain(leaver.id);
    const run = (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
      .body as CleanMemberResult;
    expect(run.members.map((m) => m.id)).not.toContain(leaver.id);
    expect(await member(t.http, t.adminToken, leaver.id)).toMatchObject({
      name: 'Nachzahlung',
      iban: 'DE89370400440532013000',
    });
    expect((await dueOn('2045-01-01')).map((d) => d.id)).not.toContain(leaver.id);
  });

  it('once the top-up is paid, its year counts: paid in 2016, the member is due from 01.01.2027, not 2024', async () => {
    await pay('2016-05-02').expect(201);
    const settlement = (await settlementsOf(t.http, t.adminToken, 2012)).find((s) => s.id === id);
    expect(settlement).toMatchObject({ owed: 0, topUps: [{ payoutDate: '2016-05-02', amount: 25_000 }] });
    expect((await dueOn('2026-12-31')).map((d) => d.id)).not.toContain(leaver.id);
    expect(await dueOn('2027-01-01')).toContainEqual({ id: leaver.id, dueFrom: '2027-01-01' });
  });
});
