import request from 'supertest';
import type { DividendDto, MemberDto } from '@coop/contracts';
import { auth, startApp, validCooperative, type TestApp } from './support/app.js';
import { createMember, posted } from './support/members.js';
import { calc, figures } from './support/dividend.js';

/**
 * DOMAIN.md WE-10 through the API (the engine's unit spec has it on plain data): a share of 100 €, the financial year
 * 2024 at 4 %, paid on 01.06.2025. Figures by hand (dividend, exempt, taxable, KapESt, Soli, KiSt, net, in cents):
 * - A: 10 shares since 2023 (1,000.00, a whole year: 40.00) and 5 more with interest begin 15.05.2024 (500.00:
 *   30E/360 226 days → 12.5555…; act/365 231 days → 12.6575…); the member's exact total cut once (12a.5): 52.55 and
 *   52.65; KapESt 13.13 / 13.16, Soli 0.72 / 0.72, net 38.70 / 38.77. Year-end method: 40.00, 10.00, 0.55, 29.45.
 * - B: 10 shares since 2023, notice effective 31.12.2024: the end does not reduce that year's dividend (12a.6): 40.00.
 * - C: 10 shares since 2023, church tax 9 %, died 10.03.2024 (ends 31.12.2024, § 77): 40.00 for the whole year
 *   (12a.6), paid to the heirs after the day of death: 25 % + Soli, no church tax (12a.8): 10.00, 0.55, 0, net 29.45.
 * - D: 10 shares admitted 01.03.2024, interest begin 01.04.2024 (30E/360 270 days → 30.00; act/365 275 days →
 *   30.1369… → 30.13); KapESt 7.50 / 7.53, Soli 0.41 / 0.41, net 22.09 / 22.19. Year-end method: nothing.
 * - E and F: 10 shares each since 2023; E transfers 5 to F on 01.07.2024 (§ 76, the only reduction within a year,
 *   DOMAIN.md 1.2), F's bearing from that day: E 40.00 − 10.00 = 30.00 (7.50, 0.41, net 22.09), F 40.00 + 10.00 =
 *   50.00 (12.50, 0.68, net 36.82). Year-end method: 40.00 each.
 */
describe('WE-10 through the API: pro rata with an interest begin in the year, the leavers of the year', () => {
  let t: TestApp;
  const m: Record<string, MemberDto> = {};
  const query = { year: '2024', type: 'percent', amount: '4', decision_date: '2025-05-20', payment_date: '2025-06-01' };
  const since2023 = {
    entryDate: '2023-01-01',
    approvalDate: '2023-01-01',
    interestBegin: '2023-01-01',
    shareAmount: 10,
  };

  const settings = async (dividendMethod: string, dayCount: string): Promise<void> => {
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10_000, minimumShares: 1, dividendMethod, dayCount }))
      .expect(200);
  };
  const run = async (): Promise<Record<string, (number | null)[] | null>> => {
    const body = (await calc(t.http, t.adminToken, query).expect(200)).body as DividendDto;
    expect(body.errors).toEqual([]);
    const of = (key: string) => figures(body.members.find((x) => x.member === m[key]!.id));
    return { a: of('a'), b: of('b'), c: of('c'), d: of('d'), e: of('e'), f: of('f') };
  };

  beforeAll(async () => {
    t = await startApp();
    await settings('proRata', '30E/360');
    m.a = await createMember(t.http, t.adminToken, { name: 'Anton', ...since2023 });
    await posted(t.http, t.adminToken, {
      member: m.a.id,
      type: 1,
      quantity: 5,
      date: '2024-05-15',
      approvalDate: '2024-05-15',
      interestBegin: '2024-05-15',
    });
    m.b = await createMember(t.http, t.adminToken, { name: 'Berta', ...since2023 });
    await posted(t.http, t.adminToken, {
      member: m.b.id,
      type: 8,
      date: '2024-06-01',
      approvalDate: '2024-06-01',
      interestBegin: '2024-06-01',
      noticeDate: '2024-06-01',
    });
    m.c = await createMember(t.http, t.adminToken, {
      name: 'Cäsar',
      state: 'nw',
      churchId: 'rk',
      churchTaxRate: '9',
      ...since2023,
    });
    await posted(t.http, t.adminToken, {
      member: m.c.id,
      type: 6,
      date: '2024-03-10',
      approvalDate: '2024-03-10',
      interestBegin: '2024-03-10',
      noticeDate: '2024-03-10',
    });
    m.d = await createMember(t.http, t.adminToken, {
      name: 'Dora',
      entryDate: '2024-03-01',
      approvalDate: '2024-03-01',
      interestBegin: '2024-04-01',
      shareAmount: 10,
    });
    // § 76: E gives F 5 of its 10 shares on 01.07.2024, the incoming shares bearing from that day.
    m.e = await createMember(t.http, t.adminToken, { name: 'Emil', ...since2023 });
    m.f = await createMember(t.http, t.adminToken, { name: 'Frieda', ...since2023 });
    await posted(t.http, t.adminToken, {
      member: m.e.id,
      type: 3,
      quantity: 5,
      transferTo: m.f.id,
      date: '2024-07-01',
      approvalDate: '2024-07-01',
      interestBegin: '2024-07-01',
    });
  });
  afterAll(async () => t.close());

  it('30E/360: 52.55 for the shares of 15 May, whole years for the leavers, the heirs taxed at 25 % + Soli', async () => {
    expect(await run()).toEqual({
      a: [5_255, 0, 5_255, 1_313, 72, 0, 3_870],
      b: [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
      c: [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
      d: [3_000, 0, 3_000, 750, 41, 0, 2_209],
      // The transfer reduces E from its own date (180 of 360 days of 500.00 off: 30.00); F earns them from 01.07.
      e: [3_000, 0, 3_000, 750, 41, 0, 2_209],
      f: [5_000, 0, 5_000, 1_250, 68, 0, 3_682],
    });
  });

  it('act/365: 52.65 and 30.13', async () => {
    await settings('proRata', 'act/365');
    const r = await run();
    expect([r.a, r.d]).toEqual([
      [5_265, 0, 5_265, 1_316, 72, 0, 3_877],
      [3_013, 0, 3_013, 753, 41, 0, 2_219],
    ]);
  });

  it('the year-end method (§ 19 (1) GenG): the holding of 31.12.2023 alone; the member admitted in 2024 gets nothing', async () => {
    await settings('yearEnd', '30E/360');
    const r = await run();
    expect([r.a, r.b, r.c, r.e, r.f]).toEqual([
      [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
      [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
      [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
      [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
      [4_000, 0, 4_000, 1_000, 55, 0, 2_945],
    ]);
    expect(r.d === null || r.d?.[0] === 0).toBe(true);
  });
});

/**
 * DOMAIN.md WE-11 through the API: the general meeting resolves a total of 333.33 € (total-amount mode, 1.3), shared
 * by year-end balances of 1,000, 2,500 and 6,500 € (shares of 100 €): each share cut to the cent, 33.33 + 83.33 +
 * 216.66 = 333.32, and the cent left over stays undistributed, shown as the residue.
 */
describe('WE-11 through the API: a total amount shared, the residue kept', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10_000, minimumShares: 1, dividendMethod: 'yearEnd' }))
      .expect(200);
    for (const [name, shareAmount] of [
      ['A', 10],
      ['B', 25],
      ['C', 65],
    ] as const)
      await createMember(t.http, t.adminToken, {
        name,
        entryDate: '2023-01-01',
        approvalDate: '2023-01-01',
        interestBegin: '2023-01-01',
        shareAmount,
      });
  });
  afterAll(async () => t.close());

  it('33.33, 83.33 and 216.66, the residue 0.01', async () => {
    const body = (
      await calc(t.http, t.adminToken, {
        year: '2024',
        type: 'amount',
        amount: '333.33',
        decision_date: '2025-05-20',
        payment_date: '2025-06-01',
      }).expect(200)
    ).body as DividendDto;
    expect(body.errors).toEqual([]);
    expect(body.members.map((x) => [x.name, x.dividend]).sort()).toEqual([
      ['A', 3_333],
      ['B', 8_333],
      ['C', 21_666],
    ]);
    expect([body.dividend, body.residue]).toEqual([33_332, 1]);
  });
});
