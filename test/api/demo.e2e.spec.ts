import request from 'supertest';
import {
  allowanceLimit,
  businessToday,
  interestBeginFor,
  noticeEffectiveDate,
  isValidIban,
  isValidSteuerId,
  rangesOverlap,
  type BalanceDto,
  type DashboardDto,
  type ExemptionOrderDto,
  type MemberDashboardDto,
  type MemberDto,
  type MemberHistoryEntry,
  type PaymentReminderDto,
  type NonAssessmentDto,
  type SettlementDto,
  type SettlementTermsDto,
  type ShareDueDto,
} from '@coop/contracts';
import type { DemoSummary } from '../../services/src/demo/demo.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { all, MEMBERS, sum, signed, fillAndRead } from './support/demo.js';

// What the demo holds; that a filled store is refused and that the fill is deterministic: demo-fill.e2e.spec.ts.
describe('demo data (npm run demo) through the API', () => {
  let t: TestApp;
  let summary: DemoSummary;
  let members: MemberDto[];
  let balances: BalanceDto[];
  let histories: Map<string, MemberHistoryEntry[]>;
  const today = businessToday();

  beforeAll(async () => {
    t = await startApp();
    ({ summary, members, balances, histories } = await fillAndRead(t));
  }, 90_000);
  afterAll(async () => t.close());

  it('sets the share price and minimum on the new cooperative and admits the members asked for', async () => {
    const coop = await request(t.http)
      .get(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect(coop.body).toMatchObject({
      balanceCost: 25000,
      minimumShares: 2,
      noticePeriodMonths: 24,
      interestBeginRule: 'nextMonth',
    });
    expect(summary.terms).toMatchObject({ noticePeriodMonths: 24, interestBeginRule: 'nextMonth' });
    expect(members).toHaveLength(MEMBERS);
    expect(summary.members).toBe(MEMBERS);
    expect(new Set(members.map((m) => m.memberNr))).toEqual(new Set(Array.from({ length: MEMBERS }, (_, i) => i + 1)));
    expect(balances).toHaveLength(summary.postings);
  });

  it('gives the cooperative an approval number of process km and one of fs (issue 24: both BZSt tasks can start)', async () => {
    const numbers = (await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken)).expect(200)).body as {
      elmaProcess: string;
      elmaNumber: string;
    }[];
    expect(numbers.map((n) => [n.elmaProcess, n.elmaNumber]).sort()).toEqual([
      ['fs', '31234567'],
      ['km', '40012345678'],
    ]);
  });

  it('has legal entities, foreign members, minors with a representative and linked spouses, all with valid data', () => {
    const legal = members.filter((m) => m.legalForm === 1);
    expect(legal.length).toBeGreaterThanOrEqual(3);
    for (const m of legal) expect(m).toMatchObject({ givenName: null, birthDate: null, underage: false });
    expect(legal.some((m) => / (eG|GmbH|e\.V\.)$/.test(m.name ?? ''))).toBe(true);

    const foreign = members.filter((m) => m.isForeign);
    expect(foreign.length).toBeGreaterThanOrEqual(1);
    for (const m of foreign) {
      expect(m.state).toBeNull();
      expect(m.country).toMatch(/^[A-Z]{2}$/);
      expect(m.iban!.slice(0, 2)).toBe(m.country);
    }
    for (const m of members.filter((x) => !x.isForeign)) expect(m.state).toMatch(/^[a-z]{2}$/);

    const minors = members.filter((m) => m.underage);
    expect(minors.length).toBeGreaterThanOrEqual(1);
    for (const m of minors) expect(m.legalRepresentation).toBeTruthy();

    const byId = new Map(members.map((m) => [m.id, m]));
    const linked = members.filter((m) => m.spouse !== null);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    for (const m of linked) {
      const spouse = byId.get(m.spouse!);
      expect(spouse?.spouse).toBe(m.id);
      expect(spouse?.name).toBe(m.name);
    }

    for (const m of members) {
      expect(isValidIban(m.iban!)).toBe(true);
      if (m.manualTaxId !== null) expect(isValidSteuerId(m.manualTaxId)).toBe(true);
    }
    expect(members.filter((m) => m.manualTaxId !== null).length).toBeGreaterThan(10);
    expect(members.some((m) => m.churchId !== null && m.churchTaxRate !== null)).toBe(true);
  });

  it('has postings of every kind from 2016 up to today; only year-end postings lie after today', () => {
    const types = new Set(balances.map((b) => b.type));
    for (const type of [0, 1, 2, 3, 4, 5]) expect(types).toContain(type);
    expect([6, 7, 8].some((type) => types.has(type))).toBe(true);
    const byId = new Map(balances.map((b) => [b.id, b]));
    const latest = noticeEffectiveDate(today, summary.terms.noticePeriodMonths!);
    for (const b of balances) {
      expect(b.date >= '2016-01-01').toBe(true);
      expect(b.shareCost === null || b.shareCost === 25000).toBe(true);
      // Every date a clerk typed lies up to today; the interest begin follows the cooperative's rule (decision 64).
      expect(b.approvalDate !== null && b.approvalDate <= today).toBe(true);
      expect(b.interestBegin).toBe(interestBeginFor(b.date, 'nextMonth'));
      // A partial termination and an exit (or their annulment before they took effect) are dated on the end of a
      // financial year, at the latest the one a notice given today would end (the notice period of two years).
      const yearEnd =
        b.type === 2 ||
        (b.type >= 6 && b.type <= 8) ||
        (b.type === 5 && [2, 6, 7, 8].includes(byId.get(b.annulPeer!)!.type));
      if (yearEnd) expect(b.date.slice(5)).toBe('12-31');
      if (b.date > today) expect(yearEnd && b.date <= latest).toBe(true);
    }
    expect(new Set(balances.map((b) => b.date.slice(0, 4))).size).toBeGreaterThanOrEqual(8);
  });

  it('keeps every holding consistent: never negative, the minimum while a member, nothing after the exit', () => {
    const byMember = new Map<string, BalanceDto[]>();
    for (const b of balances) byMember.set(b.member, [...(byMember.get(b.member) ?? []), b]);
    for (const m of members) {
      const own = byMember.get(m.id) ?? [];
      expect(own.filter((b) => b.type === 0)).toHaveLength(1);
      // The holding and its sum are as of today (decision 57): postings dated later do not count yet.
      const untilToday = own.filter((b) => b.date <= today);
      expect(m.shareTotalEUR).toBe(sum(untilToday.map((b) => b.amount)));
      expect(m.shareAmount).toBe(sum(untilToday.map(signed)));
      // The holding at the end of each day never drops below zero, also after today.
      let shares = 0;
      for (const date of [...new Set(own.map((b) => b.date))].sort()) {
        shares += sum(own.filter((b) => b.date === date).map(signed));
        expect(shares).toBeGreaterThanOrEqual(0);
      }
      if (m.exitDate !== null) {
        // Every end was recorded with its notice, and the exit posting takes the whole holding on the effective date.
        expect(m.exitNoticeDate !== null && m.exitNoticeDate <= today && m.exitNoticeDate <= m.exitDate).toBe(true);
        expect(m.exitDate.slice(5)).toBe('12-31');
        expect(shares).toBe(0);
        const exitPosting = own.find((b) => [6, 7, 8].includes(b.type) && !b.annulated);
        expect(exitPosting?.date).toBe(m.exitDate);
        // Nothing after the exit but a partial termination that the end made moot, annulled on its own date.
        const byId = new Map(own.map((b) => [b.id, b]));
        for (const b of own.filter((x) => x.date > m.exitDate!)) {
          const partial = b.type === 5 ? byId.get(b.annulPeer!)! : b;
          expect([partial.type, partial.annulated, partial.date]).toEqual([2, true, b.date]);
        }
        expect(m.exitReason).toBe(
          { 6: m.legalForm === 1 ? 'dissolution' : 'death', 7: 'exclusion', 8: 'exit' }[exitPosting!.type],
        );
        if (m.exitDate < today) expect([m.exited, m.exitPending, m.shareAmount]).toEqual([true, false, 0]);
        if (m.exitDate > today) {
          // A pending end: still a member with every share until the effective date.
          expect([m.exited, m.exitPending]).toEqual([false, true]);
          // What the member holds today leaves on or before the effective date (the exit, a pending partial termination).
          expect(m.shareAmount).toBe(-sum(own.filter((b) => b.date > today).map(signed)));
          expect(m.shareAmount).toBeGreaterThanOrEqual(2);
        }
      } else {
        expect([m.exitReason, m.exitPending, m.exitNoticeDate]).toEqual([null, false, null]);
        expect(m.shareAmount).toBeGreaterThanOrEqual(2);
        expect(shares).toBeGreaterThanOrEqual(2);
      }
    }
    expect(members.filter((m) => m.exited).length).toBeGreaterThanOrEqual(1);
  });

  it('records each way out as a clerk does now: the notice in the history, some ends still pending, dissolutions only for legal entities', () => {
    const pending = members.filter((m) => m.exitPending);
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending).toHaveLength(summary.exits.pending);
    const ended = members.filter((m) => m.exitDate !== null);
    expect(ended).toHaveLength(
      summary.exits.death +
        summary.exits.dissolution +
        summary.exits.exclusion +
        summary.exits.exit -
        summary.exits.withdrawn,
    );
    for (const m of members) {
      if (m.exitReason === 'dissolution') expect(m.legalForm).toBe(1);
      if (m.exitReason === 'death') expect(m.legalForm).toBe(0);
    }
    let withdrawn = 0;
    for (const m of members) {
      const history = histories.get(m.id)!;
      const noticed = history.filter((e) => e.type === 'MembershipEndNoticed');
      const withdrawals = history.filter((e) => e.type === 'MembershipEndWithdrawn');
      // Exits recorded before issue 22 (a MemberExited without its notice) are not made any more.
      expect(history.filter((e) => e.type === 'MemberExited')).toHaveLength(noticed.length);
      expect(noticed.length - withdrawals.length).toBe(m.exitDate === null ? 0 : 1);
      withdrawn += withdrawals.length;
      for (const w of withdrawals) {
        const notice = noticed.find((n) => n.notice!.balanceId === w.notice!.balanceId)!;
        expect(notice.notice!.reason).toBe('exit');
        // Withdrawn before it took effect.
        expect(w.notice!.withdrawnOn! < notice.notice!.effectiveDate!).toBe(true);
      }
      if (m.exitDate !== null) {
        const last = noticed[noticed.length - 1]!.notice!;
        expect([last.noticeDate, last.effectiveDate, last.reason]).toEqual([
          m.exitNoticeDate,
          m.exitDate,
          m.exitReason,
        ]);
        if (last.reason === 'exclusion')
          expect(
            last.dispatchDate !== null && last.dispatchDate! >= last.noticeDate! && last.dispatchDate! <= today,
          ).toBe(true);
        else expect(last.dispatchDate).toBeNull();
      }
    }
    expect(withdrawn).toBe(summary.exits.withdrawn);
  });

  it('balances transfers and annulations: type 3 equals minus type 4, each half names the other', () => {
    const outgoing = balances.filter((b) => b.type === 3);
    const incoming = balances.filter((b) => b.type === 4);
    expect(outgoing.length).toBeGreaterThan(0);
    expect(sum(outgoing.map((b) => b.amount))).toBe(-sum(incoming.map((b) => b.amount)));
    const byId = new Map(balances.map((b) => [b.id, b]));
    for (const b of outgoing) {
      const peer = byId.get(b.transferPeer!);
      expect(peer).toMatchObject({
        type: 4,
        member: b.transferTo,
        transferFrom: b.member,
        transferPeer: b.id,
        quantity: b.quantity,
        annulated: b.annulated,
      });
    }
    for (const a of balances.filter((b) => b.type === 5)) {
      const original = byId.get(a.annulPeer!)!;
      expect(original.annulated).toBe(true);
      expect(a.amount).toBe(-original.amount);
      expect(a.date >= original.date).toBe(true);
    }
  });

  it('the dashboards agree with the postings', async () => {
    const dash = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200))
      .body as DashboardDto;
    expect(dash.balanceSum).toBe(sum(balances.filter((b) => b.date <= today).map((b) => b.amount)));
    expect(dash.memberCount + dash.memberExitCount).toBe(MEMBERS);
    expect(dash.memberExitCount).toBe(members.filter((m) => m.exited).length);
    for (const m of members.slice(0, 10)) {
      const one = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200))
        .body as MemberDashboardDto;
      expect(one.sumBalance).toBe(sum(one.balance.filter((b) => b.date <= today).map((b) => b.amount)));
      expect(one.sumBalance).toBe(m.shareTotalEUR);
    }
  });

  it('has exemption orders and non-assessment certificates that keep every rule of issue 5', async () => {
    const orders = await all<ExemptionOrderDto>(t.http, t.adminToken, '/api/v1/exemptionorders');
    const certificates = await all<NonAssessmentDto>(t.http, t.adminToken, '/api/v1/nonassessments');
    expect(orders).toHaveLength(summary.exemptionOrders);
    expect(certificates).toHaveLength(summary.nonAssessments);
    expect(orders.length).toBeGreaterThanOrEqual(5);
    expect(orders.filter((o) => o.joint)).toHaveLength(summary.jointExemptionOrders);
    const byId = new Map(members.map((m) => [m.id, m]));
    for (const o of orders) {
      const m = byId.get(o.member)!;
      // FSA only for natural persons living in Germany with a tax id (DOMAIN.md 2.6).
      expect([m.legalForm, m.isForeign, isValidSteuerId(m.manualTaxId ?? '')]).toEqual([0, false, true]);
      expect(o.amount).toBeLessThanOrEqual(
        allowanceLimit(
          Number(o.startDate.slice(0, 4)),
          o.endDate === null ? null : Number(o.endDate.slice(0, 4)),
          o.joint,
        ).limit,
      );
      if (o.joint) expect(o.spouse).toBe(m.spouse);
      else expect(o.spouse).toBeNull();
      if (m.exited) expect(o.endDate).not.toBeNull();
      for (const other of orders.filter((x) => x.member === o.member && x.id !== o.id)) {
        expect(rangesOverlap(o.startDate, o.endDate, other.startDate, other.endDate)).toBe(false);
      }
    }
    for (const c of certificates) {
      expect([0, 60, 100, -1]).toContain(c.type);
      expect(c.state).toBe('active');
      expect(c.taxAuthorities).toMatch(/^Finanzamt /);
      expect(byId.get(c.member)!.isForeign).toBe(false);
    }
    const withPapers = orders[0]!.member;
    const dash = (
      await request(t.http).get(`/api/v1/dashboard/member/${withPapers}`).set(auth(t.adminToken)).expect(200)
    ).body as MemberDashboardDto;
    expect(dash.exemptionOrder.map((o) => o.id).sort()).toEqual(
      orders
        .filter((o) => o.member === withPapers)
        .map((o) => o.id)
        .sort(),
    );
  });

  it('has a history of settlements (issue 42): the ends paid on their payout day, a loss share, deaths paid to the heirs', async () => {
    const settled = summary.settlements;
    expect(settled.paid).toBeGreaterThanOrEqual(5);
    expect(settled.heirs).toBeGreaterThanOrEqual(1);
    expect(settled.withLossShare).toBeGreaterThanOrEqual(1);
    expect(settled.refused).toBe(0);
    const lossYear = settled.lossShareYear!;
    const terms = (await request(t.http).get('/api/v1/settlements/terms').set(auth(t.adminToken)).expect(200))
      .body as SettlementTermsDto;
    expect(terms.lossShares).toEqual([
      { year: lossYear, kind: 'percent', percent: '7.5', centsPerShare: null, decisionDate: `${lossYear + 1}-06-12` },
    ]);
    const rows: SettlementDto[] = [];
    for (let year = 2016; year <= Number(today.slice(0, 4)) + 2; year++) {
      const res = await request(t.http).get(`/api/v1/settlements?year=${year}`).set(auth(t.adminToken));
      // 204: no end in that year.
      expect([200, 204]).toContain(res.status);
      if (res.status === 200) for (const s of res.body as SettlementDto[]) rows.push(s);
    }
    const paid = rows.filter((s) => s.status === 'paid');
    expect(paid).toHaveLength(settled.paid);
    for (const s of rows) {
      const payoutDay = `${s.year + 1}-06-20`;
      // Every end whose payout day has come is paid on it, within the deadline; the others are due (or still to come).
      expect(s.status).toBe(payoutDay <= today && s.endDate <= today ? 'paid' : 'due');
      if (s.status !== 'paid') continue;
      expect([s.payoutDate, s.payoutDate! <= s.deadline, s.imported, s.paidBy]).toEqual([
        payoutDay,
        true,
        false,
        'demo',
      ]);
      expect(s.amount).toBe(s.holding - s.lossShare);
      // 7.5 % of the holding, to the cent, in the loss year only.
      expect(s.lossShare).toBe(s.year === lossYear ? Math.floor((s.holding * 150 + 1000) / 2000) : 0);
      if (s.reason === 'death') expect(s.heirsAccount).toBe(true);
    }
    expect(paid.filter((s) => s.reason === 'death')).toHaveLength(settled.heirs);
    expect(paid.filter((s) => s.lossShare > 0)).toHaveLength(settled.withLossShare);
    expect(rows.filter((s) => s.status === 'due' && s.endDate <= today)).toHaveLength(settled.due);
    // A death's statement names the heirs.
    const death = paid.find((s) => s.reason === 'death')!;
    const pdf = await request(t.http).get(`/api/v1/settlements/${death.id}/statement`).set(auth(t.adminToken));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
  });

  it('has subscriptions paid in part on instalment plans, their payments and some overdue (issue 45)', async () => {
    const paid = summary.sharePayments;
    expect(paid.partlyPaid).toBeGreaterThanOrEqual(3);
    expect(paid.payments).toBeGreaterThanOrEqual(paid.partlyPaid);
    expect(paid.overdue).toBeGreaterThanOrEqual(1);
    const res = await request(t.http).get('/api/v1/share-dues?limit=1000').set(auth(t.adminToken)).expect(200);
    const dues = res.body as ShareDueDto[];
    expect(dues).toHaveLength(paid.partlyPaid);
    expect(Number(res.headers.totaloutstanding)).toBe(sum(dues.map((d) => d.outstanding)));
    for (const d of dues) {
      expect(d.instalments.length).toBeGreaterThanOrEqual(2);
      expect(sum(d.instalments.map((i) => i.amount))).toBe(d.amount - d.paidWhenPosted);
      expect(d.paid - d.paidWhenPosted).toBe(sum(d.instalments.map((i) => i.paid)));
    }
  });

  it('has payment reminders (issue 45): first and second ones on members still overdue, each on the member and in its letters', async () => {
    const { first, second } = summary.reminders;
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(Math.min(summary.sharePayments.overdue, 12));
    expect(second).toBeLessThanOrEqual(first);
    const reminded = [...histories].filter(([, h]) => h.some((e) => e.type === 'PaymentReminderSent'));
    expect(reminded).toHaveLength(first);
    const [memberId, history] = reminded[0]!;
    const sent = history.filter((e) => e.type === 'PaymentReminderSent').map((e) => e.reminder!);
    expect(sent[0]).toMatchObject({ level: 1 });
    const mine = (
      await request(t.http).get(`/api/v1/payment-reminders?member=${memberId}`).set(auth(t.adminToken)).expect(200)
    ).body as PaymentReminderDto[];
    expect(mine.map((r) => [r.level, r.date, r.amount])).toEqual(
      [...sent].reverse().map((r) => [r.level, r.date, r.amount]),
    );
    const letters = await request(t.http)
      .get(`/api/v1/payment-reminders/${mine[0]!.runId}/letters.pdf`)
      .set(auth(t.adminToken));
    expect([letters.status, letters.headers['content-type']]).toEqual([200, 'application/pdf']);
  });
});
