import { describe, expect, it } from '@jest/globals';
import type { DividendSettings } from '@coop/contracts';
import { calculateDividend, type DividendParams, type MemberInput, type MemberResult } from './index.js';
import { certificate, earning, order, params, settings } from './testing/members.js';

/** DOMAIN.md 2.9 with 12a, paid 30.06.2025. */
const run = (members: MemberInput[], s: Partial<DividendSettings> = {}, p: Partial<DividendParams> = {}) =>
  calculateDividend(params(p), settings(s), members).members;
const one = (m: MemberInput, s: Partial<DividendSettings> = {}): MemberResult => {
  const r = run([m], s)[0];
  if (!r) throw new Error('no result');
  return r;
};
const m = (gross: number, overrides: Partial<MemberInput> = {}) =>
  earning(gross, { id: 'm', memberNr: 1, ...overrides });
const FLAT_100000 = { kapest: 25_000, soli: 1_375, churchTax: 0, net: 73_625 };

describe('non-assessment certificates (12a.1)', () => {
  it('60 and 100 both valid: 100 wins, no tax', () => {
    const r = one(m(100_000, { certificates: [certificate(60, { id: 'nv60' }), certificate(100, { id: 'nv100' })] }));
    expect(r).toMatchObject({
      basisOfTax: 'nv100',
      certificate: { id: 'nv100', type: 100 },
      exempt: 100_000,
      kapest: 0,
      net: 100_000,
    });
  });

  it('60: 15 % of the gross rounded once, not 3/5 of a rounded 25 % (4.07 € → 0.61, not 0.60); no church tax, no order', () => {
    const r = one(
      m(407, { churchId: 'rk', churchTaxRate: '9', orders: [order('m', 30_000)], certificates: [certificate(60)] }),
    );
    expect(r).toMatchObject({
      basisOfTax: 'nv60',
      exempt: 0,
      taxable: 407,
      kapest: 61,
      soli: 3,
      churchTax: 0,
      order: null,
      churchId: null,
    });
  });

  it('types 0 and -1 are no certificate; a certificate outside its dates does not apply', () => {
    for (const c of [
      certificate(0),
      certificate(-1),
      certificate(100, { endDate: '2025-06-29' }),
      certificate(100, { startDate: '2025-07-01' }),
    ]) {
      expect(one(m(100_000, { certificates: [c] }))).toMatchObject({
        basisOfTax: 'standard',
        certificate: null,
        ...FLAT_100000,
      });
    }
    expect(one(m(100_000, { certificates: [certificate(100, { endDate: '2025-06-30' })] })).basisOfTax).toBe('nv100');
  });

  it('a legal entity with a certificate 100 pays no tax', () => {
    expect(one(m(100_000, { legalEntity: true, certificates: [certificate(100)] })).basisOfTax).toBe('nv100');
  });
});

describe('foreign members and deaths (12a.7, 12a.8)', () => {
  const everything = {
    churchId: 'ev',
    churchTaxRate: '9',
    orders: [order('m', 100_000)],
    certificates: [certificate(100)],
  };

  it('an address abroad: 25 % + Soli, no order, no certificate, no church tax', () => {
    expect(one(m(100_000, { foreign: true, ...everything }))).toMatchObject({
      basisOfTax: 'foreign',
      exempt: 0,
      order: null,
      certificate: null,
      churchId: null,
      ...FLAT_100000,
    });
  });

  it('deceased on or before the payment date: the heirs get 25 % + Soli, without the order, certificate and church tax', () => {
    for (const deathDate of ['2024-08-01', '2025-06-30']) {
      expect(one(m(100_000, { deathDate, ...everything }))).toMatchObject({
        basisOfTax: 'heirs',
        exempt: 0,
        order: null,
        certificate: null,
        ...FLAT_100000,
      });
    }
  });

  it('a death after the payment date, or the setting off, leaves the member taxed as before', () => {
    expect(one(m(100_000, { deathDate: '2025-07-01', ...everything })).basisOfTax).toBe('nv100');
    expect(one(m(100_000, { deathDate: '2025-01-01', ...everything }), { heirsTaxedFromDeath: false }).basisOfTax).toBe(
      'nv100',
    );
  });
});

describe('church tax (12a.9)', () => {
  it('a church id without a rate: 8 % in by and bw, 9 % elsewhere and without a state', () => {
    for (const state of ['by', 'bw'] as const)
      expect(one(m(100_000, { state, churchId: 'rk' }))).toMatchObject({
        churchRate: '8',
        kapest: 24_509,
        churchTax: 1_960,
      });
    for (const state of ['nw', null] as const)
      expect(one(m(100_000, { state, churchId: 'rk' }))).toMatchObject({
        churchRate: '9',
        kapest: 24_449,
        churchTax: 2_200,
      });
  });

  it('the KiStAM rate wins over the state: 9 % recorded in Bavaria', () => {
    expect(one(m(100_000, { state: 'by', churchId: 'rk', churchTaxRate: '9' }))).toMatchObject({
      churchRate: '9',
      kapest: 24_449,
    });
  });

  it('rate "0" or no church id: no church tax', () => {
    expect(one(m(100_000, { churchId: 'rk', churchTaxRate: '0' }))).toMatchObject({
      churchId: null,
      churchRate: null,
      ...FLAT_100000,
    });
    expect(one(m(100_000, { churchId: null, churchTaxRate: '9' }))).toMatchObject({ churchId: null, ...FLAT_100000 });
  });

  it('a legal entity pays no church tax whatever its data say', () => {
    expect(one(m(100_000, { legalEntity: true, churchId: 'rk', churchTaxRate: '9' }))).toMatchObject({
      basisOfTax: 'legalEntity',
      ...FLAT_100000,
    });
  });

  it('a fractional rate is exact: 8.5 % → B · 100 / 408.5', () => {
    // 100,000 / 4.085 = 24,479.80… → 24,479; × 0.085 = 2,080.7 → 2,080
    expect(one(m(100_000, { churchId: 'xx', churchTaxRate: '8.5' }))).toMatchObject({
      churchRate: '8.5',
      kapest: 24_479,
      churchTax: 2_080,
    });
  });
});

describe('tax ids for exemption orders (design: taxIdMissing, spouseTaxIdMissing; 12a.11)', () => {
  it('an order consumed without a tax id: taxIdMissing, the figures still as if the order applied', () => {
    const r = one(m(50_000, { taxId: null, orders: [order('m', 30_000)] }));
    expect(r).toMatchObject({ problems: ['taxIdMissing'], exempt: 30_000, kapest: 5_000 });
  });

  it('a test id (starting with 0) counts as none unless the setting allows test ids', () => {
    const withTestId = m(50_000, { taxId: '01234567890', orders: [order('m', 30_000)] });
    expect(one(withTestId).problems).toEqual(['taxIdMissing']);
    expect(one(withTestId, { allowTestTaxIds: true }).problems).toEqual([]);
  });

  it('no problem when nothing is consumed: no order, or its volume used up', () => {
    expect(one(m(50_000, { taxId: null })).problems).toEqual([]);
    expect(
      one(m(50_000, { taxId: null, orders: [order('m', 30_000, { usedByYear: { '2025': 30_000 } })] })).problems,
    ).toEqual([]);
  });

  it('a joint order without the spouse tax id: spouseTaxIdMissing for each spouse consuming it', () => {
    const joint = order('a', 200_000, { id: 'joint', joint: true, spouseMemberId: 'b' });
    const a = earning(10_000, { id: 'a', memberNr: 1, spouseMemberId: 'b', orders: [joint] });
    const b = earning(10_000, { id: 'b', memberNr: 2, spouseMemberId: 'a', taxId: null });
    expect(run([a, b]).map((r) => [r.memberId, r.problems])).toEqual([
      ['a', ['spouseTaxIdMissing']],
      ['b', ['taxIdMissing']],
    ]);
    // a spouse who is a member has one tax id, its own record's: a copy in the master data's spouse data does not stand
    // in for it (issue 39/43: the FSAK reads the member's record too), also when the order names no spouse member
    expect(run([a, { ...b, spouseTaxId: '86095742719' }]).map((r) => r.problems)).toEqual([
      ['spouseTaxIdMissing'],
      ['taxIdMissing'],
    ]);
    expect(
      run([
        { ...a, spouseTaxId: '86095742719' },
        { ...b, spouseTaxId: '86095742719' },
      ]).map((r) => r.problems),
    ).toEqual([['spouseTaxIdMissing'], ['taxIdMissing']]);
    const unnamed = order('a', 200_000, { id: 'joint', joint: true, spouseMemberId: null });
    expect(run([{ ...a, orders: [unnamed], spouseTaxId: '86095742719' }, b]).map((r) => r.problems)).toEqual([
      ['spouseTaxIdMissing'],
      [],
    ]);
    expect(
      run([
        { ...a, orders: [unnamed] },
        { ...b, taxId: '47036892816' },
      ]).map((r) => r.problems),
    ).toEqual([[], []]);
    const spouseNotMember = earning(10_000, { id: 'c', memberNr: 3, orders: [order('c', 200_000, { joint: true })] });
    expect(run([spouseNotMember])[0]?.problems).toEqual(['spouseTaxIdMissing']);
  });

  it('a natural person exempted by NV 100 without a tax id: nvTaxIdMissing, as the FSAK names it; a legal entity needs none (issue 43)', () => {
    expect(one(m(100_000, { taxId: null, certificates: [certificate(100)] }))).toMatchObject({
      basisOfTax: 'nv100',
      exempt: 100_000,
      problems: ['nvTaxIdMissing'],
    });
    expect(one(m(100_000, { taxId: '86095742719', certificates: [certificate(100)] })).problems).toEqual([]);
    expect(one(m(100_000, { taxId: null, legalEntity: true, certificates: [certificate(100)] })).problems).toEqual([]);
  });
});

describe('rounding of the taxes (12a.5)', () => {
  it('Soli is always cut, KapESt and church tax follow the setting', () => {
    // 1,000.00 at 9 %: KapESt 24,450 half up, Soli 0.055 × 24,450 = 1,344.75 → 1,344 in both modes
    expect(one(m(100_000, { churchId: 'ev', churchTaxRate: '9' }), { taxRounding: 'halfUp' })).toMatchObject({
      kapest: 24_450,
      soli: 1_344,
    });
    // 0.10 € without church: 2.5 cents → 2 cut, 3 half up
    expect([one(m(10)).kapest, one(m(10), { taxRounding: 'halfUp' }).kapest]).toEqual([2, 3]);
  });
});
