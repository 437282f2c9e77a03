import request from 'supertest';
import type { BalanceDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, member, post, posted, setTerms } from './support/members.js';

/** The posting types through the API: add (1), withdraw (2), transfer (3 and 4), death (6), exclusion (7), exit (8),
 * annulling them (5), the request's shape per type, and parallel withdrawals. */
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
});
