import request from 'supertest';
import type { BalanceDto, DashboardDto, MemberDashboardDto, ShareDto } from '@coop/contracts';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { createMember, DATES, member, post, posted, setTerms, validMember } from './support/members.js';

describe('postings (balances): add, withdraw, transfer, annul, exit, register, dashboards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    // 250,00 € a share, at least 2 shares must stay.
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 2);
  });
  afterAll(async () => t.close());

  it('adds shares (1): amount = quantity × share price', async () => {
    const m = await createMember(t.http, t.adminToken, { shareAmount: 2 });
    const b = await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 3, ...DATES });
    expect(b).toMatchObject({
      member: m.id,
      type: 1,
      quantity: 3,
      amount: 75000,
      shareCost: 25000,
      ...DATES,
      annulated: false,
      memberNr: m.memberNr,
    });
    expect(await member(t.http, t.adminToken, m.id)).toMatchObject({ shareAmount: 5, shareTotalEUR: 125000 });
    expect((await request(t.http).get(`/api/v1/balances/${b.id}`).set(auth(t.adminToken)).expect(200)).body).toEqual(b);
  });

  it("withdraws (2, a partial termination) at the end of the notice's financial year, and refuses to go below the minimum naming holding and minimum", async () => {
    const m = await createMember(t.http, t.adminToken, { shareAmount: 4 });
    const w = await posted(t.http, t.adminToken, { member: m.id, type: 2, quantity: 1, ...DATES });
    // Notice on 01.03.2021 with three months: effective 31.12.2021.
    expect(w).toMatchObject({ amount: -25000, date: '2021-12-31' });
    const refused = await post(t.http, t.adminToken, { member: m.id, type: 2, quantity: 2, ...DATES });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        {
          field: 'quantity',
          template: 'withdrawalLeavesTooFew',
          parameters: { '0': '3', '1': '2', '2': '2021-12-31' },
        },
      ],
    });
    expect((await member(t.http, t.adminToken, m.id)).shareAmount).toBe(3);
  });

  it('checks the request shape per type: 0 and 4 are not postable, transfer target rules, annulPeer rules', async () => {
    const m = await createMember(t.http, t.adminToken);
    const errorsOf = async (body: Record<string, unknown>): Promise<unknown> => {
      const res = await post(t.http, t.adminToken, body);
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await errorsOf({ member: m.id, type: 0, quantity: 1, ...DATES })).toEqual([
      { field: 'type', template: 'invalidChoice', parameters: { '0': '0' } },
    ]);
    expect(await errorsOf({ member: m.id, type: 4, quantity: 1, transferTo: m.id, ...DATES })).toEqual([
      { field: 'type', template: 'invalidChoice', parameters: { '0': '4' } },
    ]);
    expect(await errorsOf({ member: m.id, type: 3, quantity: 1, ...DATES })).toEqual([
      { field: 'transferTo', template: 'selectTarget', parameters: {} },
    ]);
    expect(await errorsOf({ member: m.id, type: 3, quantity: 1, transferTo: m.id, ...DATES })).toEqual([
      { field: 'transferTo', template: 'canNotTransferToSelf', parameters: {} },
    ]);
    expect(await errorsOf({ member: m.id, type: 1, quantity: 1, transferTo: m.id, ...DATES })).toEqual([
      { field: 'transferTo', template: 'mustBeEmpty', parameters: {} },
    ]);
    expect(await errorsOf({ member: m.id, type: 1, quantity: 0, ...DATES })).toEqual([
      { field: 'quantity', template: 'invalidNumber', parameters: {} },
    ]);
    expect(
      await errorsOf({
        member: m.id,
        type: 1,
        quantity: 1,
        date: '',
        approvalDate: '2021-13-01',
        interestBegin: '2021-01-01',
      }),
    ).toEqual([
      { field: 'date', template: 'mustNotBeEmpty', parameters: {} },
      { field: 'approvalDate', template: 'invalidDate', parameters: { '0': '2021-13-01' } },
    ]);
    expect(await errorsOf({ type: 5 })).toEqual([{ field: 'annulPeer', template: 'mustNotBeEmpty', parameters: {} }]);
    expect(await errorsOf({ type: 5, annulPeer: 'no-such-posting' })).toEqual([
      { field: 'annulPeer', template: 'invalidChoice', parameters: { '0': 'no-such-posting' } },
    ]);
  });

  it('transfers (3 → 4 on the target, one write) and annulling either half annuls both and restores the holdings', async () => {
    const giver = await createMember(t.http, t.adminToken, { name: 'Geber', shareAmount: 6 });
    const taker = await createMember(t.http, t.adminToken, { name: 'Nehmer', shareAmount: 2 });
    const out = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 3,
      quantity: 3,
      transferTo: taker.id,
      ...DATES,
    });
    expect(out).toMatchObject({
      type: 3,
      quantity: 3,
      amount: -75000,
      transferTo: taker.id,
      transferMemberNr: taker.memberNr,
    });
    const incoming = (
      await request(t.http).get(`/api/v1/balances/${out.transferPeer}`).set(auth(t.adminToken)).expect(200)
    ).body as BalanceDto;
    expect(incoming).toMatchObject({
      member: taker.id,
      type: 4,
      quantity: 3,
      amount: 75000,
      transferFrom: giver.id,
      transferPeer: out.id,
      transferMemberNr: giver.memberNr,
    });
    expect((await member(t.http, t.adminToken, giver.id)).shareAmount).toBe(3);
    expect((await member(t.http, t.adminToken, taker.id)).shareAmount).toBe(5);

    // Leaving less than the minimum is refused with the euro amount.
    const tooMuch = await post(t.http, t.adminToken, {
      member: giver.id,
      type: 3,
      quantity: 2,
      transferTo: taker.id,
      ...DATES,
    });
    expect(tooMuch.body).toEqual({
      errors: [
        { field: 'quantity', template: 'atLeastAmountMustRemain', parameters: { '0': '500,00', '1': '3', '2': '1' } },
      ],
    });

    // Annul the incoming half: both halves are annulled.
    const annul = await posted(t.http, t.adminToken, { type: 5, annulPeer: incoming.id, date: '2021-06-01' });
    expect(annul).toMatchObject({
      member: taker.id,
      type: 5,
      annulPeer: incoming.id,
      quantity: -3,
      amount: -75000,
      date: '2021-06-01',
    });
    const both = await request(t.http)
      .get(`/api/v1/balances?filter=id:${out.id};${incoming.id}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect((both.body as BalanceDto[]).map((b) => b.annulated)).toEqual([true, true]);
    const giverAnnul = await request(t.http)
      .get(`/api/v1/balances?filter=annulPeer:${out.id}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect(giverAnnul.body).toEqual([
      expect.objectContaining({ member: giver.id, type: 5, quantity: 3, amount: 75000, transferPeer: annul.id }),
    ]);
    expect((await member(t.http, t.adminToken, giver.id)).shareAmount).toBe(6);
    expect((await member(t.http, t.adminToken, taker.id)).shareAmount).toBe(2);

    const again = await post(t.http, t.adminToken, { type: 5, annulPeer: out.id });
    expect(again.body).toEqual({ errors: [{ field: 'annulPeer', template: 'cannotAnnul', parameters: {} }] });
    const initial = await request(t.http)
      .get(`/api/v1/balances?filter=member:${giver.id},type:0`)
      .set(auth(t.adminToken))
      .expect(200);
    const zero = await post(t.http, t.adminToken, { type: 5, annulPeer: (initial.body as BalanceDto[])[0]!.id });
    expect(zero.body).toEqual({ errors: [{ field: 'annulPeer', template: 'cannotAnnul', parameters: {} }] });
  });

  it('records death (6): the whole holding leaves at the end of the year of death, exit date and reason are set, further postings are refused', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Verstorben', shareAmount: 5 });
    const other = await createMember(t.http, t.adminToken, { name: 'Erbe' });
    const death = await posted(t.http, t.adminToken, { member: m.id, type: 6, ...DATES, noticeDate: '2022-02-01' });
    expect(death).toMatchObject({ type: 6, quantity: 5, amount: -125000, date: '2022-12-31' });
    expect(await member(t.http, t.adminToken, m.id)).toMatchObject({
      shareAmount: 0,
      shareTotalEUR: 0,
      exitDate: '2022-12-31',
      exitNoticeDate: '2022-02-01',
      exitReason: 'death',
      exited: true,
      exitPending: false,
    });
    const refused = await post(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES });
    expect(refused.body).toEqual({ errors: [{ field: null, template: 'memberHasExited', parameters: {} }] });
    const toExited = await post(t.http, t.adminToken, {
      member: other.id,
      type: 3,
      quantity: 1,
      transferTo: m.id,
      ...DATES,
    });
    expect(toExited.body).toEqual({ errors: [{ field: 'transferTo', template: 'memberHasExited', parameters: {} }] });
  });

  it('exclusion (7) and exit (8) set their reasons; annulling the exit re-opens the membership', async () => {
    const ex = await createMember(t.http, t.adminToken, { name: 'Ausgeschlossen' });
    await posted(t.http, t.adminToken, { member: ex.id, type: 7, ...DATES });
    expect((await member(t.http, t.adminToken, ex.id)).exitReason).toBe('exclusion');
    const quit = await createMember(t.http, t.adminToken, { name: 'Gekündigt', shareAmount: 3 });
    const exit = await posted(t.http, t.adminToken, { member: quit.id, type: 8, ...DATES });
    expect(await member(t.http, t.adminToken, quit.id)).toMatchObject({
      exitReason: 'exit',
      exitDate: '2021-12-31',
      exitNoticeDate: DATES.date,
      shareAmount: 0,
    });
    // Annulled after its effective date: an ordinary annulation on its own date.
    await posted(t.http, t.adminToken, { type: 5, annulPeer: exit.id, date: '2022-01-10' });
    expect(await member(t.http, t.adminToken, quit.id)).toMatchObject({
      exitReason: null,
      exitDate: null,
      exited: false,
      shareAmount: 3,
    });
  });

  it('lists postings newest first, filters by type and member, searches the member name', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Listenmann', shareAmount: 2 });
    await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES, date: '2021-01-01' });
    await posted(t.http, t.adminToken, {
      member: m.id,
      type: 1,
      quantity: 2,
      ...DATES,
      date: '2023-01-01',
      approvalDate: '2023-01-01',
    });
    const res = await request(t.http).get(`/api/v1/balances?filter=member:${m.id}`).set(auth(t.adminToken)).expect(200);
    expect((res.body as BalanceDto[]).map((b) => b.date)).toEqual(['2023-01-01', '2021-01-01', '2020-01-15']);
    expect(res.headers.totalitems).toBe('3');
    const ones = await request(t.http)
      .get(`/api/v1/balances?filter=member:${m.id},type:1&order_by=date`)
      .set(auth(t.adminToken))
      .expect(200);
    expect((ones.body as BalanceDto[]).map((b) => b.quantity)).toEqual([1, 2]);
    const search = await request(t.http).get('/api/v1/balances?search=listenmann').set(auth(t.adminToken)).expect(200);
    expect((search.body as BalanceDto[]).every((b) => b.memberName === 'Listenmann, Anna')).toBe(true);
    await request(t.http).get('/api/v1/balances?filter=secret:1').set(auth(t.adminToken)).expect(400);
    // Of the postings of one date, the one entered last comes first when the newest are first (and last the other way).
    const third = await posted(t.http, t.adminToken, {
      member: m.id,
      type: 1,
      quantity: 3,
      ...DATES,
      date: '2023-01-01',
      approvalDate: '2023-01-01',
    });
    const sameDate = async (order: string): Promise<number[]> =>
      (
        (
          await request(t.http)
            .get(`/api/v1/balances?filter=member:${m.id},date:2023-01-01&order_by=${order}`)
            .set(auth(t.adminToken))
            .expect(200)
        ).body as BalanceDto[]
      ).map((b) => b.quantity);
    expect(third.quantity).toBe(3);
    expect(await sameDate('-date')).toEqual([3, 2]);
    expect(await sameDate('date')).toEqual([2, 3]);
  });

  it('share register: one row per posting; correcting the payment records a new version, history kept', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Register', shareAmount: 3 });
    const b = await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES });
    const row = (await request(t.http).get(`/api/v1/shares/${b.id}`).set(auth(t.adminToken)).expect(200))
      .body as ShareDto;
    expect(row).toMatchObject({
      id: b.id,
      member: m.id,
      memberNr: m.memberNr,
      memberName: 'Register, Anna',
      process: 1,
      shareAmount: 2,
      rueckpfleinzahlung: 50000,
      admissionDate: DATES.approvalDate,
      date: DATES.date,
      interestBegin: DATES.interestBegin,
      interestEnd: null,
      cdcUser: 'admin',
      cdcAction: 'insert',
    });
    const put = await request(t.http)
      .put(`/api/v1/shares/${b.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40000, interestEnd: '2024-12-31', shareAmount: 99, process: 8 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      rueckpfleinzahlung: 40000,
      interestEnd: '2024-12-31',
      shareAmount: 2,
      process: 1,
      cdcAction: 'update',
      cdcUser: 'admin',
    });
    expect((put.body as ShareDto).versions.map((v) => [v.cdcAction, v.rueckpfleinzahlung, v.interestEnd])).toEqual([
      ['insert', 50000, null],
      ['update', 40000, '2024-12-31'],
    ]);
    // The shape is answered first, alone (the request class); the rule on the row's interest begin then (the decider).
    const bad = await request(t.http)
      .put(`/api/v1/shares/${b.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 'x', interestEnd: '2019-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: [{ field: 'rueckpfleinzahlung', template: 'invalidNumber', parameters: {} }] });
    const early = await request(t.http)
      .put(`/api/v1/shares/${b.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 40000, interestEnd: '2019-01-01' });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      errors: [{ field: 'interestEnd', template: 'mustBeAtLeast', parameters: { '0': DATES.interestBegin } }],
    });
    const history = await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200);
    expect(history.body).toContainEqual(
      expect.objectContaining({
        type: 'SharePaymentCorrected',
        correction: { balanceId: b.id, rueckpfleinzahlung: 40000, interestEnd: '2024-12-31' },
      }),
    );
    // The posting itself is unchanged.
    expect((await request(t.http).get(`/api/v1/balances/${b.id}`).set(auth(t.adminToken))).body).toMatchObject({
      amount: 50000,
      quantity: 2,
    });
    const list = await request(t.http).get(`/api/v1/shares?filter=member:${m.id}`).set(auth(t.adminToken)).expect(200);
    expect((list.body as ShareDto[]).map((s) => s.process)).toEqual([0, 1]);
    expect(list.headers.totalitems).toBe('2');
    // Filter and sort by the register's own names (process and admissionDate are the posting's type and approval date).
    const register = async (query: string): Promise<ShareDto[]> =>
      (await request(t.http).get(`/api/v1/shares?filter=member:${m.id}${query}`).set(auth(t.adminToken)).expect(200))
        .body as ShareDto[];
    expect((await register('&order_by=-process')).map((s) => s.process)).toEqual([1, 0]);
    expect((await register(',process:1')).map((s) => s.id)).toEqual([b.id]);
    expect((await register(',interestEnd:2024-12-31')).map((s) => s.id)).toEqual([b.id]);
    expect((await register(`,admissionDate:${DATES.approvalDate}`)).map((s) => s.id)).toEqual([b.id]);
    expect((await register('&order_by=-interestEnd')).map((s) => s.interestEnd)).toEqual(['2024-12-31', null]);
    // Searched by the member's name and number, like the postings.
    expect((await register('&search=anna register')).map((s) => s.process)).toEqual([0, 1]);
    expect((await register(`&search=${m.memberNr}`)).map((s) => s.process)).toEqual([0, 1]);
    await request(t.http)
      .get(`/api/v1/shares?filter=member:${m.id}&search=zzz-no-such-name`)
      .set(auth(t.adminToken))
      .expect(204);
    // Only the register's names: the posting's own field names are unknown here.
    const unknown = await request(t.http)
      .get('/api/v1/shares?filter=type:1&order_by=amount')
      .set(auth(t.adminToken))
      .expect(400);
    expect(unknown.body).toEqual({
      errors: [
        { field: 'filter', template: 'unknownField', parameters: { '0': 'type' } },
        { field: 'order_by', template: 'unknownField', parameters: { '0': 'amount' } },
      ],
    });
  });

  it('dashboards: member count, exited count, balance sum; per member postings and sum', async () => {
    const before = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200))
      .body as DashboardDto;
    const m = await createMember(t.http, t.adminToken, { name: 'Dash', shareAmount: 3 });
    await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES });
    const gone = await createMember(t.http, t.adminToken, { name: 'DashGone', shareAmount: 2 });
    await posted(t.http, t.adminToken, { member: gone.id, type: 8, ...DATES });
    const after = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200))
      .body as DashboardDto;
    // The exit's settlement is due, and overdue: six months after its end have passed (issue 42).
    expect(after).toEqual({
      memberCount: before.memberCount + 1,
      memberExitCount: before.memberExitCount + 1,
      balanceSum: before.balanceSum + 100000,
      settlementsDue: before.settlementsDue + 1,
      settlementsOverdue: before.settlementsOverdue + 1,
    });
    const all = await request(t.http).get('/api/v1/members?limit=1000').set(auth(t.adminToken)).expect(200);
    const sum = (all.body as { shareTotalEUR: number }[]).reduce((s, x) => s + x.shareTotalEUR, 0);
    expect(after.balanceSum).toBe(sum);
    const dash = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200))
      .body as MemberDashboardDto;
    expect(dash).toMatchObject({ addressId: m.id, exemptionOrder: [], nonAssessment: [], sumBalance: 100000 });
    expect(dash.balance.map((b) => [b.type, b.amount])).toEqual([
      [0, 75000],
      [1, 25000],
    ]);
  });

  it('parallel withdrawals never take the holding below the minimum; the successful ones add up', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Parallel', shareAmount: 8 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(t.http, t.adminToken, { member: m.id, type: 2, quantity: 1, ...DATES })),
    );
    const statuses = results.map((r) => r.status);
    const won = statuses.filter((s) => s === 201).length;
    expect(statuses.every((s) => [201, 400, 409].includes(s))).toBe(true);
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThanOrEqual(6);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body).toEqual({
        errors: [
          {
            field: 'quantity',
            template: 'withdrawalLeavesTooFew',
            parameters: { '0': '2', '1': '2', '2': '2021-12-31' },
          },
        ],
      });
    }
    const after = await member(t.http, t.adminToken, m.id);
    expect(after.shareAmount).toBe(8 - won);
    expect(after.shareAmount).toBeGreaterThanOrEqual(2);
    const withdrawals = await request(t.http)
      .get(`/api/v1/balances?filter=member:${m.id},type:2`)
      .set(auth(t.adminToken));
    expect(withdrawals.headers.totalitems).toBe(String(won));
  });

  describe('tenancy and roles', () => {
    let otherToken: string;
    let mine: { id: string };
    let theirs: { id: string };
    let theirPosting: BalanceDto;
    beforeAll(async () => {
      const coop = await request(t.http).post('/api/v1/cooperatives').set(auth(t.adminToken)).send({
        name: 'andere-eg',
        fullName: 'Andere eG',
        address: 'Weg 1',
        zip: '54321',
        city: 'Anderswo',
        email: 'info@andere.de',
        contactPerson: 'Otto',
        url: 'https://andere.de',
        taxId: '1121081508150',
        bankname: 'Bank',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        balanceCost: 10000,
        minimumShares: 1,
      });
      expect(coop.status).toBe(201);
      otherToken = (
        await userWith(t.http, t.adminToken, 'other-coop-clerk', ['ROLE_USER'], (coop.body as { id: string }).id)
      ).token;
      mine = await createMember(t.http, t.adminToken, { name: 'Meins' });
      theirs = await createMember(t.http, otherToken, { name: 'Fremd' });
      theirPosting = await posted(t.http, otherToken, { member: theirs.id, type: 1, quantity: 1, ...DATES });
    });

    it("another cooperative's member, posting, register row, dashboard and history answer 404", async () => {
      for (const path of [
        `members/${theirs.id}`,
        `members/${theirs.id}/history`,
        `balances/${theirPosting.id}`,
        `shares/${theirPosting.id}`,
        `dashboard/member/${theirs.id}`,
      ]) {
        expect((await request(t.http).get(`/api/v1/${path}`).set(auth(t.adminToken))).status).toBe(404);
      }
      await request(t.http)
        .put(`/api/v1/members/${theirs.id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name: 'x' }))
        .expect(404);
      await request(t.http)
        .put(`/api/v1/shares/${theirPosting.id}`)
        .set(auth(t.adminToken))
        .send({ rueckpfleinzahlung: 1 })
        .expect(404);
      expect((await post(t.http, t.adminToken, { member: theirs.id, type: 1, quantity: 1, ...DATES })).status).toBe(
        404,
      );
      const list = await request(t.http).get('/api/v1/members?limit=1000').set(auth(t.adminToken)).expect(200);
      expect((list.body as { id: string }[]).map((x) => x.id)).not.toContain(theirs.id);
      const theirList = await request(t.http).get('/api/v1/members').set(auth(otherToken)).expect(200);
      expect((theirList.body as { id: string }[]).map((x) => x.id)).toEqual([theirs.id]);
    });

    it("a transfer to another cooperative's member is refused like an unknown member; nor can its postings be annulled", async () => {
      const res = await post(t.http, t.adminToken, {
        member: mine.id,
        type: 3,
        quantity: 1,
        transferTo: theirs.id,
        ...DATES,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [{ field: 'transferTo', template: 'invalidChoice', parameters: { '0': theirs.id } }],
      });
      const annul = await post(t.http, t.adminToken, { type: 5, annulPeer: theirPosting.id });
      expect(annul.body).toEqual({
        errors: [{ field: 'annulPeer', template: 'invalidChoice', parameters: { '0': theirPosting.id } }],
      });
      expect((await member(t.http, otherToken, theirs.id)).shareAmount).toBe(5);
    });

    it('a restricted user reads but cannot write; the share register is for super administrators only', async () => {
      const restricted = (await userWith(t.http, t.adminToken, 'restricted-reader', ['ROLE_RESTRICTED_USER'])).token;
      await request(t.http).get(`/api/v1/members/${mine.id}`).set(auth(restricted)).expect(200);
      await request(t.http).get('/api/v1/balances').set(auth(restricted)).expect(200);
      await request(t.http).post('/api/v1/members').set(auth(restricted)).send({}).expect(403);
      expect((await post(t.http, restricted, { member: mine.id, type: 1, quantity: 1, ...DATES })).status).toBe(403);
      const clerk = (await userWith(t.http, t.adminToken, 'plain-clerk', ['ROLE_USER', 'ROLE_ADMIN'])).token;
      expect((await post(t.http, clerk, { member: mine.id, type: 1, quantity: 1, ...DATES })).status).toBe(201);
      await request(t.http).get('/api/v1/shares').set(auth(clerk)).expect(403);
      await request(t.http).put(`/api/v1/shares/${theirPosting.id}`).set(auth(clerk)).send({}).expect(403);
    });
  });
});

/**
 * A posting is answered from its own events before the read models include it (docs/decisions.md 40): the answer must
 * be what the read models then show, and the client's next request must show the posting.
 */
describe('postings answered before the read models include them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  });
  afterAll(async () => t.close());

  const shown = async (id: string): Promise<BalanceDto> =>
    (await request(t.http).get(`/api/v1/balances/${id}`).set(auth(t.adminToken)).expect(200)).body as BalanceDto;

  it('answers every posting type exactly as GET /balances/{id} shows it afterwards', async () => {
    const giver = await createMember(t.http, t.adminToken, { name: 'Antwort', givenName: 'Anna', shareAmount: 9 });
    const taker = await createMember(t.http, t.adminToken, {
      name: 'Empfang GmbH',
      legalForm: 1,
      postalSalutation: 'company',
      shareAmount: 1,
    });
    const answers: BalanceDto[] = [];
    answers.push(await posted(t.http, t.adminToken, { member: giver.id, type: 1, quantity: 2, ...DATES }));
    answers.push(await posted(t.http, t.adminToken, { member: giver.id, type: 2, quantity: 1, ...DATES }));
    const out = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 3,
      quantity: 3,
      transferTo: taker.id,
      ...DATES,
    });
    answers.push(out);
    answers.push(await posted(t.http, t.adminToken, { type: 5, annulPeer: out.id, date: '2021-06-01' }));
    answers.push(await posted(t.http, t.adminToken, { member: taker.id, type: 8, ...DATES }));
    expect(answers.map((a) => a.type)).toEqual([1, 2, 3, 5, 8]);
    expect(out).toMatchObject({
      memberName: 'Antwort, Anna',
      memberNr: giver.memberNr,
      transferTo: taker.id,
      transferMemberNr: taker.memberNr,
    });
    for (const answer of answers) {
      const later = await shown(answer.id);
      // Annulled since (the transfer) is the only field a later posting changes.
      expect(answer).toEqual({ ...later, annulated: false });
    }
    expect((await shown(out.id)).annulated).toBe(true);
  });

  it('annuls a posting the same client was answered for before the read models included it (the annulation waits for them)', async () => {
    const giver = await createMember(t.http, t.adminToken, { shareAmount: 5 });
    const taker = await createMember(t.http, t.adminToken, { shareAmount: 1 });
    const runner = t.running.storage.runner;
    await runner.stop();
    let restarted: Promise<void> | undefined;
    try {
      const out = await posted(t.http, t.adminToken, {
        member: giver.id,
        type: 3,
        quantity: 2,
        transferTo: taker.id,
        ...DATES,
      });
      // The annulation must read the transfer from the read models, which do not hold it yet: it waits for them.
      const annulling = request(t.http)
        .post('/api/v1/balances')
        .set(auth(t.adminToken))
        .send({ type: 5, annulPeer: out.id, date: '2021-06-01' })
        .then((r) => r);
      restarted = new Promise((resolve) => setTimeout(resolve, 200)).then(() => runner.start());
      const annulled = await annulling;
      expect(annulled.status).toBe(201);
      expect(annulled.body).toMatchObject({ member: giver.id, type: 5, annulPeer: out.id, quantity: 2, amount: 50000 });
    } finally {
      await (restarted ?? runner.start());
    }
    expect((await member(t.http, t.adminToken, giver.id)).shareAmount).toBe(5);
    expect((await member(t.http, t.adminToken, taker.id)).shareAmount).toBe(1);
  });
});
