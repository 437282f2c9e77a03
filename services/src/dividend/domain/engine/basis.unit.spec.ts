import { describe, expect, it } from '@jest/globals';
import type { DividendSettings } from '@coop/contracts';
import { calculateDividend, memberBasis, type BasisPosting, type MemberInput } from './index.js';
import { held, member, params, posting, settings } from './testing/members.js';

/** The basis (DOMAIN.md 1.2, 12a.6) for FY 2024 under 30E/360 unless said: basis in cents = weight / 360. */
const basisOf = (postings: readonly BasisPosting[], s: Partial<DividendSettings> = {}) => {
  const b = memberBasis(member({ id: 'm', memberNr: 1, postings }), 2024, settings(s));
  return {
    holding: b.holding,
    weight: Number(b.weight),
    days: b.lines.map((l) => l.days),
    from: b.lines.map((l) => l.from),
  };
};
const grossOf = (m: MemberInput, s: Partial<DividendSettings> = {}) =>
  calculateDividend(params(), settings(s), [m]).members[0]?.gross ?? 0;

describe('dividend basis, pro rata (12a.6)', () => {
  it('a transfer on 01.07.: the transferor bears 1,000 until 30.06. and 500 after; the transferee 500 from its interest begin', () => {
    const out = posting(3, -50_000, '2024-07-01');
    const into = posting(4, 50_000, '2024-07-01', { interestBegin: '2024-07-01' });
    const transferor = member({ id: 'a', memberNr: 1, postings: [held(100_000), out] });
    const transferee = member({ id: 'b', memberNr: 2, postings: [into] });
    expect(basisOf(transferor.postings)).toEqual({
      holding: 50_000,
      weight: 100_000 * 360 - 50_000 * 180,
      days: [360, 180],
      from: ['2024-01-01', '2024-07-01'],
    });
    expect(basisOf(transferee.postings)).toMatchObject({ holding: 50_000, weight: 50_000 * 180 });
    // 4 % of 750.00 and of 250.00: together exactly the 40.00 of the 1,000.00 that changed hands
    const result = calculateDividend(params(), settings(), [transferor, transferee]);
    expect(result.members.map((m) => m.gross)).toEqual([3_000, 1_000]);
  });

  it('a transfer out reduces from its own date: on 15.05. the transferor keeps 134 of 360 days for the 500.00', () => {
    expect(basisOf([held(100_000), posting(3, -50_000, '2024-05-15')]).weight).toBe(100_000 * 360 - 50_000 * 226);
  });

  it('an exit effective 31.12. of the year does not reduce its dividend: the member receives the whole year', () => {
    const m = member({
      id: 'x',
      memberNr: 1,
      postings: [held(100_000), posting(8, -100_000, '2024-12-31')],
      exitDate: '2024-12-31',
    });
    expect(basisOf(m.postings)).toMatchObject({ holding: 100_000, weight: 100_000 * 360, days: [360] });
    expect(grossOf(m)).toBe(4_000);
    for (const type of [6, 7, 2] as const)
      expect(basisOf([held(100_000), posting(type, -100_000, '2024-12-31')]).weight).toBe(100_000 * 360);
  });

  it('an exit effective 31.12. of the previous year leaves nothing for the year', () => {
    const m = member({ id: 'x', memberNr: 1, postings: [held(100_000), posting(7, -100_000, '2023-12-31')] });
    expect(basisOf(m.postings)).toEqual({
      holding: 0,
      weight: 0,
      days: [360, 360],
      from: ['2024-01-01', '2024-01-01'],
    });
    expect(calculateDividend(params(), settings(), [m]).members).toEqual([]);
  });

  it('a partial termination effective 30.06. counts that day and reduces from 01.07.', () => {
    expect(basisOf([held(100_000), posting(2, -40_000, '2024-06-30')]).weight).toBe(100_000 * 360 - 40_000 * 180);
  });

  it('an annulled posting and its annulation count as never made', () => {
    const annulled = posting(1, 50_000, '2024-03-01', { annulled: true });
    const annulation = posting(5, -50_000, '2024-04-01', { annulled: true });
    expect(basisOf([held(100_000), annulled, annulation])).toEqual(basisOf([held(100_000)]));
    const m = member({ id: 'x', memberNr: 1, postings: [held(100_000), annulled, annulation] });
    expect(grossOf(m)).toBe(4_000);
  });

  it('a posting bearing from after the year counts nothing; one from before it the whole year', () => {
    expect(basisOf([held(100_000), posting(1, 50_000, '2024-12-20', { interestBegin: '2025-01-01' })])).toMatchObject({
      holding: 100_000,
      weight: 100_000 * 360,
    });
    expect(basisOf([posting(1, 50_000, '2023-12-20', { interestBegin: '2023-12-20' })])).toMatchObject({
      weight: 50_000 * 360,
      days: [360],
    });
  });

  it('a negative weight counts as 0', () => {
    // a withdrawal bearing longer than the holding it reduces (inconsistent data) yields no negative dividend
    expect(basisOf([posting(1, 10_000, '2024-07-01'), posting(3, -10_000, '2024-02-01')])).toMatchObject({
      holding: 0,
      weight: 0,
    });
  });

  it('act/act and act/365 count actual days', () => {
    expect(basisOf([held(100_000), posting(3, -50_000, '2024-07-01')], { dayCount: 'act/act' }).weight).toBe(
      100_000 * 366 - 50_000 * 184,
    );
    expect(basisOf([held(100_000), posting(3, -50_000, '2024-07-01')], { dayCount: 'act/365' }).weight).toBe(
      100_000 * 365 - 50_000 * 184,
    );
  });
});

describe('dividend basis, year end (§ 19 Abs. 1 GenG)', () => {
  const yearEnd = { dividendMethod: 'yearEnd' } as const;

  it('the holding dated on or before 31.12. of the previous year, times the whole year; movements in the year are ignored', () => {
    const postings = [held(100_000), posting(1, 50_000, '2024-02-01'), posting(3, -30_000, '2024-06-01')];
    expect(basisOf(postings, yearEnd)).toEqual({
      holding: 100_000,
      weight: 100_000 * 360,
      days: [360],
      from: ['2024-01-01'],
    });
  });

  it('an exit effective on 31.12. of the previous year is already counted; one on 31.12. of the year is not', () => {
    expect(basisOf([held(100_000), posting(8, -100_000, '2023-12-31')], yearEnd)).toMatchObject({
      holding: 0,
      weight: 0,
    });
    expect(basisOf([held(100_000), posting(8, -100_000, '2024-12-31')], yearEnd)).toMatchObject({
      holding: 100_000,
      weight: 100_000 * 360,
    });
  });

  it('a transfer dated in the previous year moves the holding for the whole year; annulled postings count as never made', () => {
    expect(basisOf([held(100_000), posting(3, -40_000, '2023-10-01')], yearEnd).holding).toBe(60_000);
    expect(basisOf([held(100_000), posting(3, -40_000, '2023-10-01', { annulled: true })], yearEnd).holding).toBe(
      100_000,
    );
    expect(basisOf([held(100_000)], { ...yearEnd, dayCount: 'act/act' }).weight).toBe(100_000 * 366);
  });
});
