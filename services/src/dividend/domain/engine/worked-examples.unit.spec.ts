import { describe, expect, it } from '@jest/globals';
import type { DividendSettings } from '@coop/contracts';
import { calculateDividend, memberBasis, type DividendParams, type MemberInput, type MemberResult } from './index.js';
import { certificate, earning, held, member, order, params, posting, settings } from './testing/members.js';

/** DOMAIN.md section 11, to the cent: FY 2024, paid 30.06.2025 (allowance 1,000 / 2,000 €), truncation unless said. */

const run = (members: MemberInput[], s: Partial<DividendSettings> = {}, p: Partial<DividendParams> = {}) =>
  calculateDividend(params(p), settings(s), members);
const one = (m: MemberInput, s: Partial<DividendSettings> = {}, p: Partial<DividendParams> = {}): MemberResult => {
  const result = run([m], s, p).members[0];
  if (!result) throw new Error('no result');
  return result;
};
const taxes = (r: MemberResult) => ({
  gross: r.gross,
  exempt: r.exempt,
  taxable: r.taxable,
  kapest: r.kapest,
  soli: r.soli,
  churchTax: r.churchTax,
  net: r.net,
});

// The members of WE-1 … WE-9, numbered so that WE-5's husband H comes before his wife W.
const we1 = earning(12_345, { id: 'we1', memberNr: 1 });
const we2 = earning(100_000, { id: 'we2', memberNr: 2, state: 'nw', churchId: 'ev', churchTaxRate: '9' });
const we3 = earning(100_000, { id: 'we3', memberNr: 3, state: 'by', churchId: 'rk', churchTaxRate: '8' });
const we4 = earning(50_000, { id: 'we4', memberNr: 4, orders: [order('we4', 30_000)] });
const jointOrder = order('we5h', 60_000, { id: 'fsa-joint', joint: true, spouseMemberId: 'we5w' });
const we5h = earning(45_000, { id: 'we5h', memberNr: 5, spouseMemberId: 'we5w', orders: [jointOrder] });
const we5w = earning(25_000, { id: 'we5w', memberNr: 6, spouseMemberId: 'we5h', taxId: '36574261892' });
const we6 = earning(80_000, { id: 'we6', memberNr: 7, certificates: [certificate(100)] });
const we7 = earning(123_456, { id: 'we7', memberNr: 8, legalEntity: true });
const we8 = earning(100_000, { id: 'we8', memberNr: 9, legalEntity: true, certificates: [certificate(60)] });
const we9 = earning(18_000, {
  id: 'we9',
  memberNr: 10,
  churchId: 'lt',
  churchTaxRate: '9',
  orders: [order('we9', 20_000, { usedByYear: { '2025': 14_000 } })],
});

describe('DOMAIN.md 11 worked examples', () => {
  it('WE-1 natural person, no order, no church: 123.45 → KapESt 30.86, Soli 1.69, net 90.90', () => {
    expect(taxes(one(we1))).toEqual({
      gross: 12_345,
      exempt: 0,
      taxable: 12_345,
      kapest: 3_086,
      soli: 169,
      churchTax: 0,
      net: 9_090,
    });
  });

  it('WE-2 church tax 9 %: 1,000.00 → 244.49 / 13.44 / 22.00, net 720.07; half up 244.50 / 13.44 / 22.01, net 720.05', () => {
    const cut = one(we2);
    expect(taxes(cut)).toEqual({
      gross: 100_000,
      exempt: 0,
      taxable: 100_000,
      kapest: 24_449,
      soli: 1_344,
      churchTax: 2_200,
      net: 72_007,
    });
    expect([cut.churchId, cut.churchRate]).toEqual(['ev', '9']);
    expect(taxes(one(we2, { taxRounding: 'halfUp' }))).toMatchObject({
      kapest: 24_450,
      soli: 1_344,
      churchTax: 2_201,
      net: 72_005,
    });
  });

  it('WE-3 church tax 8 % (Bavaria): 245.09 / 13.47 / 19.60, net 721.84; half up 245.10 / 13.48 / 19.61, net 721.81', () => {
    expect(taxes(one(we3))).toEqual({
      gross: 100_000,
      exempt: 0,
      taxable: 100_000,
      kapest: 24_509,
      soli: 1_347,
      churchTax: 1_960,
      net: 72_184,
    });
    expect(taxes(one(we3, { taxRounding: 'halfUp' }))).toMatchObject({
      kapest: 24_510,
      soli: 1_348,
      churchTax: 1_961,
      net: 72_181,
    });
  });

  it('WE-4 partial order of 300 €: 300.00 exempt, KapESt 50.00, Soli 2.75, net 447.25; the order is used up', () => {
    const r = one(we4);
    expect(taxes(r)).toEqual({
      gross: 50_000,
      exempt: 30_000,
      taxable: 20_000,
      kapest: 5_000,
      soli: 275,
      churchTax: 0,
      net: 44_725,
    });
    expect(r.order).toEqual({
      id: 'fsa-we4-30000',
      joint: false,
      year: 2025,
      volume: 30_000,
      usedBefore: 0,
      usedAfter: 30_000,
    });
    expect(r.basisOfTax).toBe('standard');
  });

  it('WE-5 joint order of 600 €: H (lower number) exempt 450.00; W exempt 150.00, KapESt 25.00, Soli 1.37, net 223.63', () => {
    const [h, w] = run([we5w, we5h]).members;
    expect(taxes(h!)).toEqual({
      gross: 45_000,
      exempt: 45_000,
      taxable: 0,
      kapest: 0,
      soli: 0,
      churchTax: 0,
      net: 45_000,
    });
    expect(h!.order).toEqual({
      id: 'fsa-joint',
      joint: true,
      year: 2025,
      volume: 60_000,
      usedBefore: 0,
      usedAfter: 45_000,
    });
    expect(taxes(w!)).toEqual({
      gross: 25_000,
      exempt: 15_000,
      taxable: 10_000,
      kapest: 2_500,
      soli: 137,
      churchTax: 0,
      net: 22_363,
    });
    expect(w!.order).toEqual({
      id: 'fsa-joint',
      joint: true,
      year: 2025,
      volume: 60_000,
      usedBefore: 45_000,
      usedAfter: 60_000,
    });
  });

  it('WE-5 with W in a church at 9 %: KapESt 24.44, church tax 2.19, Soli 1.34, net 222.03 (church tax per person)', () => {
    const wInChurch: MemberInput = { ...we5w, churchId: 'rk', churchTaxRate: '9' };
    const [h, w] = run([we5h, wInChurch]).members;
    expect(h!.churchTax).toBe(0);
    expect(taxes(w!)).toEqual({
      gross: 25_000,
      exempt: 15_000,
      taxable: 10_000,
      kapest: 2_444,
      soli: 134,
      churchTax: 219,
      net: 22_203,
    });
  });

  it('WE-6 non-assessment certificate 100: no tax, all 800.00 exempt', () => {
    const r = one(we6);
    expect(taxes(r)).toEqual({
      gross: 80_000,
      exempt: 80_000,
      taxable: 0,
      kapest: 0,
      soli: 0,
      churchTax: 0,
      net: 80_000,
    });
    expect([r.basisOfTax, r.certificate]).toEqual(['nv100', { id: 'nv-100', type: 100 }]);
  });

  it('WE-7 legal entity: 1,234.56 → 308.64 / 16.97, net 908.95', () => {
    const r = one(we7);
    expect(taxes(r)).toEqual({
      gross: 123_456,
      exempt: 0,
      taxable: 123_456,
      kapest: 30_864,
      soli: 1_697,
      churchTax: 0,
      net: 90_895,
    });
    expect(r.basisOfTax).toBe('legalEntity');
  });

  it('WE-8 certificate 60 (§ 44a Abs. 8): KapESt 150.00, Soli 8.25, net 841.75', () => {
    const r = one(we8);
    expect(taxes(r)).toEqual({
      gross: 100_000,
      exempt: 0,
      taxable: 100_000,
      kapest: 15_000,
      soli: 825,
      churchTax: 0,
      net: 84_175,
    });
    expect([r.basisOfTax, r.certificate]).toEqual(['nv60', { id: 'nv-60', type: 60 }]);
  });

  it('WE-9 order of 200 € with 140.00 used earlier in 2025, church 9 %: exempt 60.00, 29.33 / 2.63 / 1.61, net 146.43', () => {
    const r = one(we9);
    expect(taxes(r)).toEqual({
      gross: 18_000,
      exempt: 6_000,
      taxable: 12_000,
      kapest: 2_933,
      soli: 161,
      churchTax: 263,
      net: 14_643,
    });
    expect(r.order).toMatchObject({ volume: 20_000, usedBefore: 14_000, usedAfter: 20_000 });
  });

  describe('WE-10 pro rata with interest begin 15.05.2024 (1,000.00 carried, 500.00 added, 4 %)', () => {
    const we10 = member({
      id: 'we10',
      memberNr: 11,
      postings: [posting(0, 100_000, '2019-04-01'), posting(1, 50_000, '2024-05-10', { interestBegin: '2024-05-15' })],
    });

    it('30E/360 German: 226 days, 40.00 + 12.5555… = 52.5555 → 52.55; KapESt 13.13, Soli 0.72, net 38.70', () => {
      const r = one(we10);
      expect([r.gross, r.exactGross, r.kapest, r.soli, r.net]).toEqual([5_255, '5255.555555', 1_313, 72, 3_870]);
      expect(memberBasis(we10, 2024, settings()).lines.map((l) => [l.amount, l.from, l.days])).toEqual([
        [100_000, '2024-01-01', 360],
        [50_000, '2024-05-15', 226],
      ]);
    });

    it('act/365: 231 days → 52.65; act/act (leap year, 366): 231 days → 52.62', () => {
      expect(one(we10, { dayCount: 'act/365' }).gross).toBe(5_265);
      expect(memberBasis(we10, 2024, settings({ dayCount: 'act/365' })).lines[1]?.days).toBe(231);
      const actAct = memberBasis(we10, 2024, settings({ dayCount: 'act/act' }));
      expect([actAct.yearDays, actAct.lines[1]?.days]).toEqual([366, 231]);
      expect(one(we10, { dayCount: 'act/act' }).gross).toBe(5_262);
    });

    it('half up rounds the member total once: 52.5555 → 52.56', () => {
      expect(one(we10, { dividendRounding: 'halfUp' }).gross).toBe(5_256);
    });

    it('year-end method (§ 19 Abs. 1 GenG): 1,000.00 × 4 % = 40.00, the May shares earn nothing for 2024', () => {
      const r = one(we10, { dividendMethod: 'yearEnd' });
      expect([r.holding, r.gross]).toEqual([100_000, 4_000]);
    });
  });

  it('WE-11 total amount 333.33 € over 1,000 / 2,500 / 6,500: 33.33 + 83.33 + 216.66, residue 0.01, 3.3333 %', () => {
    const members = [
      member({ id: 'a', memberNr: 1, postings: [held(100_000)] }),
      member({ id: 'b', memberNr: 2, postings: [held(250_000)] }),
      member({ id: 'c', memberNr: 3, postings: [held(650_000)] }),
    ];
    for (const rounding of ['truncate', 'halfUp'] as const) {
      const result = run(
        members,
        { dividendMethod: 'yearEnd', dividendRounding: rounding },
        { type: 'amount', amount: '33333' },
      );
      expect(result.members.map((m) => [m.memberId, m.gross])).toEqual([
        ['a', 3_333],
        ['b', 8_333],
        ['c', 21_666],
      ]);
      expect(result.members.map((m) => m.exactGross)).toEqual(['3333.3', '8333.25', '21666.45']);
      expect([result.totals.gross, result.totals.residue, result.percent]).toEqual([33_332, 1, '3.3333']);
    }
  });

  it('WE-12 the KapESt return of one payment day: rows 31 to 34, KapESt due 1,083 €, church tax per church', () => {
    const result = run([we9, we8, we7, we6, we5w, we5h, we4, we3, we2, we1]);
    expect(result.members.map((m) => m.memberId)).toEqual([
      'we1',
      'we2',
      'we3',
      'we4',
      'we5h',
      'we5w',
      'we6',
      'we7',
      'we8',
      'we9',
    ]);
    expect(result.taxReturn).toEqual({
      row31: { baseEuros: 3_778, kapestEuros: 933 },
      row32: { baseEuros: 1_000, kapestEuros: 150 },
      row33: { baseEuros: 1_760 },
      row34: { soliCents: 5_955 },
      kapestDueEuros: 1_083,
      churchTaxes: [
        { churchId: 'ev', cents: 2_200 },
        { churchId: 'lt', cents: 263 },
        { churchId: 'rk', cents: 1_960 },
      ],
    });
    expect(result.totals).toEqual({
      members: 10,
      gross: 12_345 + 100_000 + 100_000 + 50_000 + 45_000 + 25_000 + 80_000 + 123_456 + 100_000 + 18_000,
      exempt: 176_000,
      taxable: 377_801 + 100_000,
      kapest: 108_341,
      soli: 5_955,
      churchTax: 4_423,
      net: 9_090 + 72_007 + 72_184 + 44_725 + 45_000 + 22_363 + 80_000 + 90_895 + 84_175 + 14_643,
      residue: 0,
    });
  });
});
