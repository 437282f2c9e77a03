import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  allowanceLimit,
  isValidIban,
  isValidSteuerId,
  rangesOverlap,
  type BalanceDto,
  type DashboardDto,
  type ExemptionOrderDto,
  type MemberDashboardDto,
  type MemberDto,
  type NonAssessmentDto,
} from '@coop/contracts';
import { DemoRefusedError, fillDemo, type DemoSummary } from '../../services/src/demo/demo.js';
import { auth, startApp, type TestApp } from './support/app.js';

/** Every item of a list endpoint, page by page. */
async function all<T>(http: App, token: string, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += 1000) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await request(http).get(`${path}${sep}limit=1000&offset=${offset}`).set(auth(token));
    if (res.status === 204) return out;
    expect(res.status).toBe(200);
    out.push(...(res.body as T[]));
    if ((res.body as T[]).length < 1000) return out;
  }
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('demo data (npm run demo) through the API', () => {
  let t: TestApp;
  let summary: DemoSummary;
  let members: MemberDto[];
  let balances: BalanceDto[];

  beforeAll(async () => {
    t = await startApp();
    summary = await fillDemo(t.running, { members: 40, postings: 400, seed: 7 });
    members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
    balances = await all<BalanceDto>(t.http, t.adminToken, '/api/v1/balances');
  }, 60_000);
  afterAll(async () => t.close());

  it('sets the share price and minimum on the new cooperative and admits the members asked for', async () => {
    const coop = await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken)).expect(200);
    expect(coop.body).toMatchObject({ balanceCost: 25000, minimumShares: 2 });
    expect(members).toHaveLength(40);
    expect(summary.members).toBe(40);
    expect(new Set(members.map((m) => m.memberNr))).toEqual(new Set(Array.from({ length: 40 }, (_, i) => i + 1)));
    expect(balances).toHaveLength(summary.postings);
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

  it('has ten years of postings of every kind, all within 2016 to 2025', () => {
    const types = new Set(balances.map((b) => b.type));
    for (const type of [0, 1, 2, 3, 4, 5]) expect(types).toContain(type);
    expect([6, 7, 8].some((type) => types.has(type))).toBe(true);
    for (const b of balances) {
      expect(b.date >= '2016-01-01' && b.date <= '2025-12-31').toBe(true);
      expect(b.shareCost === null || b.shareCost === 25000).toBe(true);
    }
    expect(new Set(balances.map((b) => b.date.slice(0, 4))).size).toBeGreaterThanOrEqual(8);
    // Exits take effect on 31 December, approved by then, with no interest beginning after them.
    for (const b of balances.filter((x) => x.type >= 6 && x.type <= 8)) {
      expect(b.date.slice(5)).toBe('12-31');
      expect((b.approvalDate ?? '') <= b.date && b.approvalDate !== null).toBe(true);
      expect(b.interestBegin).toBe(b.date);
    }
  });

  it('keeps every holding consistent: never negative, the minimum while a member, nothing after the exit', () => {
    const byMember = new Map<string, BalanceDto[]>();
    for (const b of balances) byMember.set(b.member, [...(byMember.get(b.member) ?? []), b]);
    for (const m of members) {
      const own = byMember.get(m.id) ?? [];
      expect(own.filter((b) => b.type === 0)).toHaveLength(1);
      expect(m.shareTotalEUR).toBe(sum(own.map((b) => b.amount)));
      expect(m.shareAmount).toBeGreaterThanOrEqual(0);
      // Running holding in date order never drops below zero.
      let shares = 0;
      const signed = (b: BalanceDto): number => (b.type === 5 ? b.quantity : [2, 3, 6, 7, 8].includes(b.type) ? -b.quantity : b.quantity);
      for (const b of [...own].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))) {
        shares += signed(b);
        expect(shares).toBeGreaterThanOrEqual(0);
      }
      expect(shares).toBe(m.shareAmount);
      if (m.exitDate !== null) {
        expect(m.exited).toBe(true);
        expect(m.exitReason).toMatch(/^(death|exclusion|exit)$/);
        expect(m.shareAmount).toBe(0);
        const exitPosting = own.find((b) => [6, 7, 8].includes(b.type) && !b.annulated);
        expect(exitPosting?.date).toBe(m.exitDate);
        expect(own.every((b) => b.date <= m.exitDate!)).toBe(true);
      } else {
        expect(m.shareAmount).toBeGreaterThanOrEqual(2);
      }
    }
    expect(members.filter((m) => m.exitDate !== null).length).toBeGreaterThanOrEqual(1);
  });

  it('balances transfers and annulations: type 3 equals minus type 4, each half names the other', () => {
    const outgoing = balances.filter((b) => b.type === 3);
    const incoming = balances.filter((b) => b.type === 4);
    expect(outgoing.length).toBeGreaterThan(0);
    expect(sum(outgoing.map((b) => b.amount))).toBe(-sum(incoming.map((b) => b.amount)));
    const byId = new Map(balances.map((b) => [b.id, b]));
    for (const b of outgoing) {
      const peer = byId.get(b.transferPeer!);
      expect(peer).toMatchObject({ type: 4, member: b.transferTo, transferFrom: b.member, transferPeer: b.id, quantity: b.quantity, annulated: b.annulated });
    }
    for (const a of balances.filter((b) => b.type === 5)) {
      const original = byId.get(a.annulPeer!)!;
      expect(original.annulated).toBe(true);
      expect(a.amount).toBe(-original.amount);
      expect(a.date >= original.date).toBe(true);
    }
  });

  it('the dashboards agree with the postings', async () => {
    const dash = (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200)).body as DashboardDto;
    expect(dash.balanceSum).toBe(sum(balances.map((b) => b.amount)));
    expect(dash.memberCount + dash.memberExitCount).toBe(40);
    expect(dash.memberExitCount).toBe(members.filter((m) => m.exited).length);
    for (const m of members.slice(0, 10)) {
      const one = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200)).body as MemberDashboardDto;
      expect(one.sumBalance).toBe(sum(one.balance.map((b) => b.amount)));
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
      expect(o.amount).toBeLessThanOrEqual(allowanceLimit(Number(o.startDate.slice(0, 4)), o.endDate === null ? null : Number(o.endDate.slice(0, 4)), o.joint).limit);
      if (o.joint) expect(o.spouse).toBe(m.spouse);
      else expect(o.spouse).toBeNull();
      if (m.exitDate !== null) expect(o.endDate).not.toBeNull();
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
    const dash = (await request(t.http).get(`/api/v1/dashboard/member/${withPapers}`).set(auth(t.adminToken)).expect(200)).body as MemberDashboardDto;
    expect(dash.exemptionOrder.map((o) => o.id).sort()).toEqual(orders.filter((o) => o.member === withPapers).map((o) => o.id).sort());
  });

  it('refuses to run on a store that has members, and writes nothing', async () => {
    const head = await t.running.storage.events.headPosition();
    await expect(fillDemo(t.running, { members: 5 })).rejects.toThrow(DemoRefusedError);
    expect(await t.running.storage.events.headPosition()).toBe(head);
  });

  it('is deterministic: the same seed gives the same members and postings', async () => {
    const again = await startApp();
    try {
      await fillDemo(again.running, { members: 40, postings: 400, seed: 7 });
      const members2 = await all<MemberDto>(again.http, again.adminToken, '/api/v1/members');
      const pick = (m: MemberDto): unknown[] => [m.id, m.memberNr, m.name, m.givenName, m.iban, m.shareAmount, m.exitDate];
      expect(members2.map(pick)).toEqual(members.map(pick));
      const balances2 = await all<BalanceDto>(again.http, again.adminToken, '/api/v1/balances');
      expect(balances2.map((b) => [b.id, b.type, b.amount, b.date])).toEqual(balances.map((b) => [b.id, b.type, b.amount, b.date]));
    } finally {
      await again.close();
    }
  });
});
