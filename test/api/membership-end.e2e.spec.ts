import request from 'supertest';
import {
  businessToday,
  noticeEffectiveDate,
  previousDay,
  type BalanceDto,
  type CooperativeDto,
  type DashboardDto,
  type MemberDashboardDto,
  type MemberDto,
  type MemberHistoryEntry,
} from '@coop/contracts';
import { auth, startApp, validCooperative, type TestApp } from './support/app.js';
import { createMember, DATES, member, post, posted, setTerms } from './support/members.js';

/** Issue 22: a membership ends at the end of a financial year; until then the shares count (GenG § 65, § 68, § 73, § 77). */
describe('membership end: notice, pending end, effect on its date, withdrawal', () => {
  let t: TestApp;
  const today = businessToday();
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  });
  afterAll(async () => t.close());

  const dashboard = async (): Promise<DashboardDto> =>
    (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200)).body as DashboardDto;

  it('keeps a notice given today pending: shares count until the effective date, then the holding is withdrawn', async () => {
    const effective = noticeEffectiveDate(today, 3);
    const m = await createMember(t.http, t.adminToken, { name: 'Kündiger', shareAmount: 4 });
    const before = await dashboard();
    const exit = await posted(t.http, t.adminToken, { member: m.id, type: 8, ...DATES, noticeDate: today });
    expect(exit).toMatchObject({ type: 8, quantity: 4, amount: -100000, date: effective });

    // Today: still a member with every share, leaving on the effective date.
    expect(await member(t.http, t.adminToken, m.id)).toMatchObject({
      shareAmount: 4,
      shareTotalEUR: 100000,
      exitDate: effective,
      exitNoticeDate: today,
      exitReason: 'exit',
      exited: false,
      exitPending: true,
    });
    const list = await request(t.http)
      .get('/api/v1/members?filter=exitDate:null&search=Kündiger')
      .set(auth(t.adminToken))
      .expect(200);
    expect((list.body as MemberDto[]).map((x) => [x.id, x.shareAmount, x.exitPending])).toEqual([[m.id, 4, true]]);
    expect(await dashboard()).toEqual(before);
    const own = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200))
      .body as MemberDashboardDto;
    expect(own.sumBalance).toBe(100000);

    // As of a date: the day before the end still holds, the end itself has withdrawn; before the notice nothing shows.
    expect(await member(t.http, t.adminToken, m.id, previousDay(effective))).toMatchObject({
      shareAmount: 4,
      exitDate: effective,
      exitPending: true,
      exited: false,
    });
    expect(await member(t.http, t.adminToken, m.id, effective)).toMatchObject({
      shareAmount: 0,
      shareTotalEUR: 0,
      exitDate: effective,
      exitPending: false,
      exited: true,
    });
    expect(await member(t.http, t.adminToken, m.id, previousDay(today))).toMatchObject({
      shareAmount: 4,
      exitDate: null,
      exitNoticeDate: null,
      exitPending: false,
    });

    // Pending: no further subscription.
    const refused = await post(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES });
    expect(refused.body).toEqual({ errors: [{ field: null, template: 'memberHasExited', parameters: {} }] });

    // The history shows the notice on its date and the withdrawal on its own.
    const history = (await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200))
      .body as MemberHistoryEntry[];
    expect(history.slice(-3).map((h) => h.type)).toEqual(['MembershipEndNoticed', 'SharesPosted', 'MemberExited']);
    expect(history.at(-3)!.notice).toMatchObject({
      balanceId: exit.id,
      reason: 'exit',
      noticeDate: today,
      effectiveDate: effective,
      noticePeriodMonths: 3,
    });
    expect(history.at(-2)!.posting).toMatchObject({ date: effective, type: 8 });

    // § 76: a transfer stays possible while leaving; the withdrawal on the effective date takes what remains.
    const taker = await createMember(t.http, t.adminToken, { name: 'Übernehmer', shareAmount: 1 });
    await posted(t.http, t.adminToken, {
      member: m.id,
      type: 3,
      quantity: 1,
      transferTo: taker.id,
      ...DATES,
      date: today,
      approvalDate: today,
    });
    expect(await member(t.http, t.adminToken, m.id)).toMatchObject({
      shareAmount: 3,
      exitDate: effective,
      exitPending: true,
    });
    expect(await member(t.http, t.adminToken, m.id, effective)).toMatchObject({ shareAmount: 0, shareTotalEUR: 0 });
    const exits = (
      await request(t.http)
        .get(`/api/v1/balances?filter=member:${m.id},type:8,annulated:false`)
        .set(auth(t.adminToken))
        .expect(200)
    ).body as BalanceDto[];
    expect(exits.map((x) => [x.quantity, x.date])).toEqual([[3, effective]]);
    const restated = exits[0]!;

    // Withdrawn before it takes effect (from the member dashboard: an annulation of the exit posting, dated today).
    const withdrawal = await posted(t.http, t.adminToken, { type: 5, annulPeer: restated.id });
    expect(withdrawal).toMatchObject({ type: 5, annulPeer: restated.id, quantity: 3, amount: 75000, date: effective });
    expect(await member(t.http, t.adminToken, m.id)).toMatchObject({
      shareAmount: 3,
      exitDate: null,
      exitNoticeDate: null,
      exitPending: false,
      exited: false,
    });
    expect(await member(t.http, t.adminToken, m.id, effective)).toMatchObject({ shareAmount: 3, exitDate: null });
    const after = (await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200))
      .body as MemberHistoryEntry[];
    expect(after.slice(-3).map((h) => h.type)).toEqual([
      'MembershipEndWithdrawn',
      'PostingAnnulled',
      'MemberExitRevoked',
    ]);
    expect(after.at(-3)!.notice).toEqual({ balanceId: restated.id, withdrawnOn: today });
    expect((await dashboard()).balanceSum).toBe(before.balanceSum + 25000);
  });

  it("applies the cooperative's longer notice period, and the extraordinary notice its three months", async () => {
    const res = await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ noticePeriodMonths: 24 }));
    expect((res.body as CooperativeDto).noticePeriodMonths).toBe(24);
    try {
      const m = await createMember(t.http, t.adminToken, { name: 'Langfrist', entryDate: '2020-01-15' });
      const regular = await posted(t.http, t.adminToken, { member: m.id, type: 8, ...DATES, noticeDate: '2026-03-01' });
      expect(regular.date).toBe('2028-12-31');
      await posted(t.http, t.adminToken, { type: 5, annulPeer: regular.id, date: '2026-03-02' });
      const extraordinary = await posted(t.http, t.adminToken, {
        member: m.id,
        type: 8,
        ...DATES,
        noticeDate: '2026-03-05',
        extraordinaryReason: 'Umzug ins Ausland',
      });
      expect(extraordinary.date).toBe('2026-12-31');
      expect(await member(t.http, t.adminToken, m.id, '2026-06-30')).toMatchObject({
        exitDate: '2026-12-31',
        exitExtraordinaryReason: 'Umzug ins Ausland',
        exitPending: true,
      });
    } finally {
      await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    }
    const bad = await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ noticePeriodMonths: 61 }));
    expect(bad.body).toEqual({
      errors: [{ field: 'noticePeriodMonths', template: 'mustBeAtMost', parameters: { '0': '60' } }],
    });
  });

  it("records an exclusion with its dispatch date, effective at the end of the decision's year", async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Ausschluss' });
    const b = await posted(t.http, t.adminToken, {
      member: m.id,
      type: 7,
      ...DATES,
      noticeDate: '2026-12-20',
      dispatchDate: '2026-12-22',
    });
    expect(b.date).toBe('2026-12-31');
    expect(await member(t.http, t.adminToken, m.id, '2026-12-30')).toMatchObject({
      exitReason: 'exclusion',
      exitNoticeDate: '2026-12-20',
      exitDispatchDate: '2026-12-22',
      exitPending: true,
    });
  });

  it("records a legal entity's end as a dissolution (§ 77a)", async () => {
    const firm = await createMember(t.http, t.adminToken, {
      name: 'Stadtwerke Auflösung GmbH',
      legalForm: 1,
      salutation: null,
      postalSalutation: 'company',
      givenName: null,
      birthDate: null,
      civilStatus: null,
      title: null,
    });
    await posted(t.http, t.adminToken, { member: firm.id, type: 6, ...DATES, noticeDate: '2026-02-14' });
    expect(await member(t.http, t.adminToken, firm.id, '2026-12-31')).toMatchObject({
      exitReason: 'dissolution',
      exitDate: '2026-12-31',
      exited: true,
    });
  });

  it('refuses an exit dated before the membership began, naming the admission (decision 367)', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Zufrüh', entryDate: '2020-01-15' });
    const res = await post(t.http, t.adminToken, { member: m.id, type: 8, ...DATES, noticeDate: '2020-01-17' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ field: 'noticeDate', template: 'endBeforeAdmission', parameters: { '0': '2020-01-20' } }],
    });
    const list = (
      await request(t.http).get(`/api/v1/balances?filter=member:${m.id}`).set(auth(t.adminToken)).expect(200)
    ).body as BalanceDto[];
    expect(list.map((x) => x.type)).toEqual([0]);
  });
});
