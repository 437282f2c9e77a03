import request from 'supertest';
import { businessToday, type BalanceDto, type MemberDto, type MovementReportDto, type ShareDto } from '@coop/contracts';
import { fillDemo } from '../../services/src/demo/demo.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';
import { all, signed, sum } from './support/demo.js';

const ADDING = [0, 1, 4];

/**
 * The movement report (issue 45, § 338 HGB) against independent sums over the register the API lists (postings,
 * share register, members), for a whole demo year and the year after; its limits, files, roles and setting.
 */
describe('the year’s movement report (GET /reports/movements/{year})', () => {
  let t: TestApp;
  let balances: BalanceDto[];
  let shares: ShareDto[];
  let members: MemberDto[];
  const thisYear = Number(businessToday().slice(0, 4));
  /** The whole demo year under test: the finished year in which the most members left (set once the demo is written). */
  let year = thisYear - 1;
  const get = (path: string, token = t.adminToken) =>
    request(t.http).get(`/api/v1/reports/movements/${path}`).set(auth(token));

  beforeAll(async () => {
    t = await startApp();
    await fillDemo(t.running, { members: 45, postings: 300, seed: 45, fromYear: thisYear - 6 });
    balances = await all<BalanceDto>(t.http, t.adminToken, '/api/v1/balances');
    shares = await all<ShareDto>(t.http, t.adminToken, '/api/v1/shares');
    members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
    const leftIn = (y: number) => members.filter((m) => m.exitDate?.startsWith(`${y}-`)).length;
    for (let y = thisYear - 5; y < thisYear; y++) if (leftIn(y) > leftIn(year)) year = y;
  }, 90_000);
  afterAll(async () => t.close());

  /** The lists again, after a test has written to the register. */
  async function reload(): Promise<void> {
    balances = await all<BalanceDto>(t.http, t.adminToken, '/api/v1/balances');
    shares = await all<ShareDto>(t.http, t.adminToken, '/api/v1/shares');
    members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
  }

  /** The report's figures computed here from the lists alone. */
  function expected(y: number) {
    const before = `${y - 1}-12-31`;
    const from = `${y}-01-01`;
    const to = `${y}-12-31`;
    const byId = new Map(balances.map((b) => [b.id, b]));
    const rowOf = new Map(shares.map((s) => [s.id, s]));
    /**
     * What was paid on a posting by `day` (the dated rule, decision 232), from its share register row: each version's
     * change of the payment counts from its effective date, never before the posting; nothing before the posting's date.
     */
    const paidBy = (b: BalanceDto, day: string): number => {
      if (b.date > day) return 0;
      const versions = rowOf.get(b.id)!.versions;
      let paid = 0;
      versions.forEach((v, i) => {
        // never before its shares count (decision 336): money paid with a declaration counts from the admission
        const on = v.effectiveDate < sharesDay(b) ? sharesDay(b) : v.effectiveDate;
        if (on <= day) paid += v.rueckpfleinzahlung - (i === 0 ? 0 : versions[i - 1]!.rueckpfleinzahlung);
      });
      return paid;
    };
    /**
     * The day a posting's shares count from (§ 15b GenG, decision 314 amended): a subscription (0, 1) on its admission
     * when later than its date, an annulation not before what it annuls, every other posting on its date.
     */
    const sharesDay = (b: BalanceDto): string => {
      if (b.type === 5) {
        const annulled = sharesDay(byId.get(b.annulPeer!)!);
        return annulled > b.date ? annulled : b.date;
      }
      return (b.type === 0 || b.type === 1) && b.approvalDate !== null && b.approvalDate > b.date
        ? b.approvalDate
        : b.date;
    };
    const upTo = (day: string) => balances.filter((b) => b.date <= day);
    const countedBy = (day: string) => balances.filter((b) => sharesDay(b) <= day);
    const inYear = balances.filter((b) => sharesDay(b) >= from && sharesDay(b) <= to);
    const kind = (b: BalanceDto): number => (b.type === 5 ? byId.get(b.annulPeer!)!.type : b.type);
    const moving = (adding: boolean) => inYear.filter((b) => ADDING.includes(kind(b)) === adding);
    const dir = (adding: boolean) => (adding ? 1 : -1);
    const holding = (bs: readonly BalanceDto[], sign: number, paid: (b: BalanceDto) => number) => ({
      shares: sign * sum(bs.map(signed)),
      subscribed: sign * sum(bs.map((b) => b.amount)),
      paid: sign * sum(bs.map(paid)),
    });
    // A kind's paid movement in the year: what its postings (of any earlier date too) had paid by its end less by its start.
    const paidMoving = (adding: boolean) =>
      dir(adding) *
        sum(
          upTo(to)
            .filter((b) => ADDING.includes(kind(b)) === adding)
            .map((b) => paidBy(b, to) - paidBy(b, before)),
        ) || 0;
    // Joined when declared and admitted (decision 314).
    const joined = (m: MemberDto): string =>
      m.approvalDate !== null && m.approvalDate > m.entryDate! ? m.approvalDate : m.entryDate!;
    const isIn = (m: MemberDto, day: string) => joined(m) <= day && (m.exitDate === null || m.exitDate > day);
    const leavers = members.filter((m) => m.exitDate !== null && m.exitDate >= from && m.exitDate <= to);
    return {
      // Shares and nominal amounts from the day they count, the paid column by the payments' own days (decision 232),
      // never before the shares count (decision 336).
      start: {
        ...holding(countedBy(before), 1, () => 0),
        paid: holding(upTo(before), 1, (b) => paidBy(b, before)).paid,
      },
      added: { ...holding(moving(true), dir(true), () => 0), paid: paidMoving(true) },
      reduced: { ...holding(moving(false), dir(false), () => 0), paid: paidMoving(false) },
      end: { ...holding(countedBy(to), 1, () => 0), paid: holding(upTo(to), 1, (b) => paidBy(b, to)).paid },
      members: {
        start: members.filter((m) => isIn(m, before)).length,
        joined: members.filter((m) => joined(m) >= from && joined(m) <= to).length,
        left: leavers.length,
        end: members.filter((m) => isIn(m, to)).length,
        byReason: {
          death: leavers.filter((m) => m.exitReason === 'death').length,
          exclusion: leavers.filter((m) => m.exitReason === 'exclusion').length,
          dissolution: leavers.filter((m) => m.exitReason === 'dissolution').length,
          noticeOrTransfer: leavers.filter((m) => m.exitReason === 'exit').length,
        },
      },
    };
  }

  it('equals the register’s sums for a whole demo year: members, shares, subscribed and paid cents, and balances', async () => {
    const res = await get(String(year)).expect(200);
    const r = res.body as MovementReportDto;
    const e = expected(year);
    expect(inYearCount(year)).toBeGreaterThan(10);
    expect(r.members.left).toBeGreaterThan(0);
    expect({ start: r.start, added: r.added, reduced: r.reduced, end: r.end }).toEqual({
      start: e.start,
      added: e.added,
      reduced: e.reduced,
      end: e.end,
    });
    expect(r.members).toMatchObject({
      start: e.members.start,
      joined: e.members.joined,
      left: e.members.left,
      end: e.members.end,
    });
    const by = Object.fromEntries(r.members.leftBy.map((l) => [l.reason, l.count]));
    expect({
      death: by.death,
      exclusion: by.exclusion,
      dissolution: by.dissolution,
      noticeOrTransfer: by.notice! + by.transfer!,
    }).toEqual(e.members.byReason);
    // start + added - reduced = end, for members, shares and cents.
    expect(r.members.start + r.members.joined - r.members.left).toBe(r.members.end);
    for (const f of ['shares', 'subscribed', 'paid'] as const)
      expect(r.start[f] + r.added[f] - r.reduced[f]).toBe(r.end[f]);
    expect(r.reconciles).toBe(true);
    expect(r).toMatchObject({ year, from: `${year}-01-01`, to: `${year}-12-31`, provisional: false, liability: null });
    // The member list as of 31 December agrees: its members not exited, and their shares and capital.
    const asOf = await all<MemberDto>(t.http, t.adminToken, `/api/v1/members?date=${year}-12-31`);
    const active = asOf.filter((m) => !m.exited);
    expect(active.length).toBe(r.members.end);
    expect(sum(active.map((m) => m.shareAmount))).toBe(r.end.shares);
    expect(sum(active.map((m) => m.shareTotalEUR))).toBe(r.end.subscribed);
  });

  /** Postings dated in the year: the demo year under test is not empty. */
  const inYearCount = (y: number): number => balances.filter((b) => b.date.startsWith(`${y}-`)).length;

  it('ends one year where the next begins, and marks the current year as provisional', async () => {
    const last = (await get(String(year)).expect(200)).body as MovementReportDto;
    const next = (await get(String(year + 1)).expect(200)).body as MovementReportDto;
    expect(next.start).toEqual(last.end);
    expect(next.members.start).toBe(last.members.end);
    const current = (await get(String(thisYear)).expect(200)).body as MovementReportDto;
    expect(current.provisional).toBe(businessToday() < `${thisYear}-12-31`);
    const e = expected(thisYear);
    expect({ start: current.start, end: current.end, members: current.members.end }).toEqual({
      start: e.start,
      end: e.end,
      members: e.members.end,
    });
    // The demo's further shares paid in part (issue 45's payments, taken 200 days back): when they are this year's, paid in
    // stays below subscribed; from January to June they are last year's and their instalments this year's payments.
    const paidNow = (b: BalanceDto): number =>
      shares.find((s) => s.id === b.id)?.versions.at(-1)?.rueckpfleinzahlung ?? b.amount;
    const partlyThisYear = balances.some(
      (b) => b.type === 1 && b.date.startsWith(`${thisYear}-`) && paidNow(b) < b.amount,
    );
    if (partlyThisYear) expect(current.added.paid).toBeLessThan(current.added.subscribed);
    expect({ added: current.added, reduced: current.reduced }).toEqual({ added: e.added, reduced: e.reduced });
  });

  it('answers the same figures when asked again (reproducible)', async () => {
    const a = (await get(String(year - 1)).expect(200)).body as MovementReportDto;
    const b = (await get(String(year - 1)).expect(200)).body as MovementReportDto;
    expect(b).toEqual(a);
    expect(a.end).toEqual(expected(year - 1).end);
  });

  it('refuses a year outside the first posting’s year and the current year, or not a year, before any work', async () => {
    const first = Number(
      balances
        .map((b) => b.date)
        .sort()[0]!
        .slice(0, 4),
    );
    const refusal = async (path: string, template: string, parameters: Record<string, string>) => {
      const res = await get(path).expect(400);
      expect(res.body.errors).toEqual([{ field: 'year', template, parameters }]);
    };
    await refusal(String(first - 1), 'mustBeAtLeast', { 0: String(first) });
    await refusal(String(thisYear + 1), 'mustBeAtMost', { 0: String(thisYear) });
    await refusal('20x5', 'invalidNumber', {});
    await refusal('9'.repeat(60), 'invalidNumber', {});
    await refusal(`${year}0.pdf`, 'invalidNumber', {});
    await get(String(first)).expect(200);
  });

  it('shows the liability sums once the statutes set a liability per share, and checks the setting', async () => {
    // Sent again and again from one read: without the record's tag, each write is not checked for a change meanwhile.
    const { masterTag: _tag, ...coop } = (
      await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken)).expect(200)
    ).body as Record<string, unknown>;
    expect(coop.liabilityPerShare).toBeNull();
    const put = (value: unknown) =>
      request(t.http)
        .put(`/api/v1/cooperatives/${t.cooperativeId}`)
        .set(auth(t.adminToken))
        .send({ ...coop, liabilityPerShare: value });
    for (const [value, template] of [
      [0, 'mustBeAtLeast'],
      [100_000_001, 'mustBeAtMost'],
      ['zehn', 'invalidNumber'],
      [1.5, 'invalidNumber'],
    ] as const) {
      const res = await put(value).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'liabilityPerShare', template })]);
    }
    expect((await put(50_000).expect(200)).body).toMatchObject({ liabilityPerShare: 50_000 });
    const r = (await get(String(year)).expect(200)).body as MovementReportDto;
    expect(r.liability).toEqual({
      perShare: 50_000,
      start: r.start.shares * 50_000,
      added: r.added.shares * 50_000,
      reduced: r.reduced.shares * 50_000,
      end: r.end.shares * 50_000,
    });
    expect((await put('').expect(200)).body).toMatchObject({ liabilityPerShare: null });
  });

  it('lets the auditor (read-only role) read it, and shows another cooperative only its own register', async () => {
    const auditor = await userWith(t.http, t.adminToken, 'auditor', ['ROLE_RESTRICTED_USER']);
    await get(String(year), auditor.token).expect(200);
    await get(`${year}.pdf`, auditor.token).expect(200);
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    const other = await userWith(t.http, t.adminToken, 'andere', ['ROLE_ADMIN'], (created.body as { id: string }).id);
    // Its first posting year is this year (it has none): the demo's years are refused, its own report is empty.
    expect((await get(String(year), other.token).expect(400)).body.errors[0]).toMatchObject({
      template: 'mustBeAtLeast',
    });
    const own = (await get(String(thisYear), other.token).expect(200)).body as MovementReportDto;
    expect(own.members).toMatchObject({ start: 0, joined: 0, left: 0, end: 0 });
    expect(own.end).toEqual({ shares: 0, subscribed: 0, paid: 0 });
  });

  // Last: it writes to the register (a member and a payment), so the lists are read again.
  it('gives a past year the same paid figures after a payment dated in the next year on one of its subscriptions', async () => {
    // Admitted in the year under test with 2 shares (500 €), 50 € paid with the admission.
    const late = await createMember(t.http, t.adminToken, {
      name: 'Späterzahlerin',
      entryDate: `${year}-06-02`,
      approvalDate: `${year}-06-02`,
      interestBegin: `${year}-07-01`,
      shareAmount: 2,
      paid: 5_000,
    });
    const printed = (await get(String(year)).expect(200)).body as MovementReportDto;
    const nextPrinted = (await get(String(year + 1)).expect(200)).body as MovementReportDto;
    const [due] = (
      await request(t.http).get(`/api/v1/members/${late.id}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as { id: string; date: string; paid: number }[];
    expect(due).toMatchObject({ date: `${year}-06-02`, paid: 5_000 });
    // The next year's first day: in it, and never a day to come (the year under test is at latest last year).
    const paidOn = `${year + 1}-01-01`;
    await request(t.http)
      .post(`/api/v1/members/${late.id}/share-payments`)
      .set(auth(t.adminToken))
      .send({ balanceId: due!.id, date: paidOn, amount: 10_000, method: 'transfer' })
      .expect(201);

    const again = (await get(String(year)).expect(200)).body as MovementReportDto;
    expect(again).toEqual({ ...printed, asOf: again.asOf });
    // The next year takes the payment in: its start is the year's end, its additions (admissions, kind 0) hold the 100 €.
    const next = (await get(String(year + 1)).expect(200)).body as MovementReportDto;
    expect(next.start).toEqual(again.end);
    expect(next.added.paid).toBe(nextPrinted.added.paid + 10_000);
    expect(next.byKind.find((k) => k.kind === 0)!.paid).toBe(
      nextPrinted.byKind.find((k) => k.kind === 0)!.paid + 10_000,
    );
    expect(next.reconciles).toBe(true);

    // The register's row dates the payment; the independent sums over the lists agree with both years.
    await reload();
    const row = shares.find((r) => r.id === due!.id)!;
    expect(row.versions.map((v) => [v.rueckpfleinzahlung, v.effectiveDate])).toEqual([
      [5_000, `${year}-06-02`],
      [15_000, paidOn],
    ]);
    const agree = async () => {
      for (const y of [year, year + 1]) {
        const r = (await get(String(y)).expect(200)).body as MovementReportDto;
        const e = expected(y);
        expect({ start: r.start, added: r.added, reduced: r.reduced, end: r.end }).toEqual({
          start: e.start,
          added: e.added,
          reduced: e.reduced,
          end: e.end,
        });
      }
    };
    await agree();

    // A register correction restates the posting's payment (150 € to 200 €): its 50 € count from the posting's date, in
    // the year (decision 232); the next year starts from there and its own payment stays its own.
    await request(t.http)
      .put(`/api/v1/shares/${due!.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 20_000, interestEnd: null })
      .expect(200);
    const corrected = (await get(String(year)).expect(200)).body as MovementReportDto;
    expect(corrected.end.paid).toBe(printed.end.paid + 5_000);
    expect(corrected.byKind.find((k) => k.kind === 0)!.paid).toBe(
      printed.byKind.find((k) => k.kind === 0)!.paid + 5_000,
    );
    expect(((await get(String(year + 1)).expect(200)).body as MovementReportDto).added.paid).toBe(next.added.paid);
    await reload();
    expect(shares.find((r) => r.id === due!.id)!.versions.map((v) => [v.rueckpfleinzahlung, v.effectiveDate])).toEqual([
      [5_000, `${year}-06-02`],
      [15_000, paidOn],
      [20_000, `${year}-06-02`],
    ]);
    await agree();
  });
});
