import { describe, expect, it } from '@jest/globals';
import { calculateDividend, DividendCalculator } from './index.js';
import { earning, held, member, order, params, posting, settings } from './testing/members.js';

describe('DividendCalculator', () => {
  const a = earning(10_000, {
    id: 'a',
    memberNr: 2,
    orders: [order('a', 20_000, { id: 'joint', joint: true, spouseMemberId: 'b' })],
  });
  const b = earning(30_000, { id: 'b', memberNr: 1 });
  const nothing = member({ id: 'z', memberNr: 3, postings: [posting(1, 50_000, '2025-02-01')] });

  it('pays in ascending member number whatever order the members were added in; members without a dividend are left out', () => {
    const one = calculateDividend(params(), settings(), [a, nothing, b]);
    const other = calculateDividend(params(), settings(), [b, a, nothing]);
    expect(one).toEqual(other);
    expect(one.members.map((m) => [m.memberId, m.exempt])).toEqual([
      ['b', 20_000],
      ['a', 0],
    ]);
  });

  it('streams: add one by one, then finish; a member added twice is refused', () => {
    const calculator = new DividendCalculator(params(), settings());
    calculator.add(a);
    calculator.add(b);
    expect(() => calculator.add(a)).toThrow('added twice');
    expect(calculator.finish().totals.members).toBe(2);
  });

  it('echoes the resolution and settings, with the percentage to four decimals', () => {
    const result = calculateDividend(params({ amount: '3.25' }), settings({ dayCount: 'act/act' }), [
      member({ id: 'x', memberNr: 1, postings: [held(100_000)] }),
    ]);
    expect([result.percent, result.members[0]?.gross, result.params.amount, result.settings.dayCount]).toEqual([
      '3.2500',
      3_250,
      '3.25',
      'act/act',
    ]);
  });

  it('total-amount mode without any basis distributes nothing and keeps the whole amount as residue', () => {
    const result = calculateDividend(params({ type: 'amount', amount: '50000' }), settings(), [nothing]);
    expect([result.members.length, result.totals.residue, result.percent]).toEqual([0, 50_000, '0.0000']);
  });

  it('total-amount mode cuts every share even with half-up dividend rounding: 100.00 over three equal members → 33.33 each, residue 0.01', () => {
    const three = ['x', 'y', 'z'].map((id, i) => member({ id, memberNr: i + 1, postings: [held(100_000)] }));
    const result = calculateDividend(
      params({ type: 'amount', amount: '10000' }),
      settings({ dividendRounding: 'halfUp' }),
      three,
    );
    expect([result.members.map((m) => m.gross), result.totals.residue, result.percent]).toEqual([
      [3_333, 3_333, 3_333],
      1,
      '3.3333',
    ]);
  });

  it('refuses a malformed resolution or payment date (the server checks them first)', () => {
    expect(() => new DividendCalculator(params({ amount: '4,5' }), settings())).toThrow();
    expect(() => new DividendCalculator(params({ type: 'amount', amount: '12.5' }), settings())).toThrow();
    expect(() => new DividendCalculator(params({ paymentDate: '2025-13-01' }), settings())).toThrow();
  });

  it('withholds with a regular KiStAM answer from 1 January after its status date, before it with the data held (DOMAIN.md 3.1)', () => {
    const kistam = earning(10_000, {
      id: 'k',
      memberNr: 1,
      taxId: null,
      churchId: 'ev',
      churchTaxRate: '9',
      churchFollowing: { churchId: 'rk', churchTaxRate: '8', from: '2026-01-01' },
    });
    const on = (paymentDate: string) => {
      const m = calculateDividend(params({ paymentDate }), settings(), [kistam]).members[0]!;
      return [m.churchId, m.churchRate, m.churchTax];
    };
    // 100 € gross, no order: KapESt = 100 / (4 + 0.09) = 24.44 €, church tax 9 % of it 2.19 €; at 8 % 24.50 €, 1.96 €.
    expect(on('2025-12-31')).toEqual(['ev', '9', 219]);
    expect(on('2026-01-01')).toEqual(['rk', '8', 196]);
  });
});
