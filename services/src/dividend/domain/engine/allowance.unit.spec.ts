import { describe, expect, it } from '@jest/globals';
import type { DividendSettings } from '@coop/contracts';
import { orderVolume, preferredOrder } from './allowance.js';
import { calculateDividend, type DividendParams, type MemberInput } from './index.js';
import { earning, order, params, settings } from './testing/members.js';

const run = (members: MemberInput[], s: Partial<DividendSettings> = {}, p: Partial<DividendParams> = {}) =>
  calculateDividend(params(p), settings(s), members).members;

describe('exemption order volume (12a.2, 12a.3)', () => {
  const old = (amount: number, joint = false) =>
    order('m', amount, { joint, startDate: '2021-01-01', issueDate: '2020-12-01' });

  it('an order starting before 2023 is raised by 24.844 % up to the whole euro for payouts from 2023: 801 → 1,000, 300 → 375, 1,602 → 2,000', () => {
    expect(orderVolume(old(80_100), 2025, true)).toBe(100_000);
    expect(orderVolume(old(30_000), 2025, true)).toBe(37_500);
    expect(orderVolume(old(160_200, true), 2023, true)).toBe(200_000);
    expect(orderVolume(old(10_000), 2023, true)).toBe(12_500); // 124.844 → 125
    expect(orderVolume(old(100), 2023, true)).toBe(200); // 1.24844 → 2
  });

  it('no raise with the setting off, for payouts before 2023, or for an order starting in 2023', () => {
    expect(orderVolume(old(30_000), 2025, false)).toBe(30_000);
    expect(orderVolume(old(30_000), 2022, true)).toBe(30_000);
    expect(orderVolume(order('m', 30_000, { startDate: '2023-01-01' }), 2025, true)).toBe(30_000);
  });

  it('an order above the allowance counts as the allowance (801 / 1,602 € up to 2022)', () => {
    expect(orderVolume(order('m', 150_000, { startDate: '2023-01-01' }), 2024, true)).toBe(100_000);
    expect(orderVolume(old(100_000), 2022, false)).toBe(80_100);
    expect(orderVolume(old(200_000, true), 2022, false)).toBe(160_200);
  });

  it('through the run: a 300 € order of 2021 exempts 375.00 of a 2025 payout, with the setting off 300.00', () => {
    const m = earning(50_000, { id: 'm', memberNr: 1, orders: [old(30_000)] });
    expect(run([m])[0]).toMatchObject({ exempt: 37_500, order: { volume: 37_500, usedAfter: 37_500 } });
    expect(run([m], { raiseOldExemptionOrders: false })[0]).toMatchObject({ exempt: 30_000 });
  });

  it('several valid orders: a joint one first, then the latest start date, then the latest issue date', () => {
    const single = order('m', 1, { id: 'single', startDate: '2025-01-01' });
    const joint = order('m', 2, { id: 'joint', joint: true, startDate: '2020-01-01' });
    const early = order('m', 3, { id: 'early', startDate: '2024-01-01', issueDate: '2024-06-01' });
    const lateIssue = order('m', 4, { id: 'lateIssue', startDate: '2024-01-01', issueDate: '2024-07-01' });
    expect(preferredOrder([single, joint])?.id).toBe('joint');
    expect(preferredOrder([early, single])?.id).toBe('single');
    expect(preferredOrder([early, lateIssue])?.id).toBe('lateIssue');
    expect(preferredOrder([lateIssue, early])?.id).toBe('lateIssue');
    expect(preferredOrder([])).toBeNull();
  });

  it('an order is used only when valid on the payment date (start ≤ date ≤ end)', () => {
    const ended = order('m', 30_000, { endDate: '2025-06-29' });
    const later = order('m', 30_000, { id: 'later', startDate: '2025-07-01' });
    const lastDay = order('m', 30_000, { id: 'lastDay', endDate: '2025-06-30' });
    expect(run([earning(50_000, { id: 'm', memberNr: 1, orders: [ended, later] })])[0]).toMatchObject({
      exempt: 0,
      order: null,
    });
    expect(run([earning(50_000, { id: 'm', memberNr: 1, orders: [ended, lastDay] })])[0]).toMatchObject({
      exempt: 30_000,
      order: { id: 'lastDay' },
    });
  });
});

describe('joint order consumption (12a.4)', () => {
  const joint = (usedByYear: Record<string, number> = {}) =>
    order('w', 60_000, { id: 'joint', joint: true, spouseMemberId: 'h', usedByYear });
  // The wife gave the order; the husband has the lower member number and is served first all the same.
  const h = earning(45_000, { id: 'h', memberNr: 3, spouseMemberId: 'w' });
  const w = (usedByYear: Record<string, number> = {}) =>
    earning(25_000, { id: 'w', memberNr: 7, spouseMemberId: 'h', orders: [joint(usedByYear)] });

  it('one volume for both spouses, served in ascending member number, whoever gave the order', () => {
    const [first, second] = run([w(), h]);
    expect([first?.memberId, first?.exempt, first?.order?.usedAfter]).toEqual(['h', 45_000, 45_000]);
    expect([second?.memberId, second?.exempt, second?.order?.usedBefore, second?.order?.usedAfter]).toEqual([
      'w',
      15_000,
      45_000,
      60_000,
    ]);
  });

  it('continues from the volume earlier closures of the payment year used; other years do not count', () => {
    const [first, second] = run([h, w({ '2025': 50_000, '2024': 60_000 })]);
    expect([first?.exempt, first?.order?.usedBefore, first?.order?.usedAfter]).toEqual([10_000, 50_000, 60_000]);
    expect([second?.exempt, second?.order?.usedBefore, second?.order?.usedAfter, second?.taxable]).toEqual([
      0, 60_000, 60_000, 25_000,
    ]);
  });

  it('a single order of a spouse comes after the joint one', () => {
    const hWithSingle = { ...h, orders: [order('h', 100_000, { id: 'h-single', startDate: '2025-01-01' })] };
    expect(run([hWithSingle, w()])[0]?.order?.id).toBe('joint');
  });

  it('after a spouse died, the survivor uses the joint order until the end of that year; from the next year it is gone', () => {
    const died = (date: string) => ({ ...w(), deathDate: date });
    const inYear = run([h, died('2025-03-01')]);
    expect(inYear.map((m) => [m.memberId, m.basisOfTax, m.exempt])).toEqual([
      ['h', 'standard', 45_000],
      ['w', 'heirs', 0],
    ]);
    const yearBefore = run([h, died('2024-11-01')]);
    expect(yearBefore[0]).toMatchObject({ memberId: 'h', exempt: 0, order: null });
  });
});

describe('the volume is used per FSA holder, over all its orders (DOMAIN.md 2.6, 12a.4; decision 341)', () => {
  // FY 2025 paid 15.06.2026: the year 2026's allowance.
  const in2026 = { year: 2025, decisionDate: '2026-06-01', paymentDate: '2026-06-15' };

  it('a replacement order continues from what the order it replaced exempted in the year: 10.00 of 40.00, KapESt 7.50', () => {
    // Order A (50 €) to 31.03.2026 exempted 40.00 of a payout on 15.02.2026; B (50 €) replaces it from 01.04.2026.
    const a = order('m', 5_000, { id: 'A', endDate: '2026-03-31', usedByYear: { '2026': 4_000 } });
    const b = order('m', 5_000, { id: 'B', issueDate: '2026-03-20', startDate: '2026-04-01' });
    const [r] = run([earning(4_000, { id: 'm', memberNr: 1, orders: [a, b] })], {}, in2026);
    expect(r).toMatchObject({
      gross: 4_000,
      exempt: 1_000,
      taxable: 3_000,
      kapest: 750,
      soli: 41,
      churchTax: 0,
      net: 3_209,
      order: { id: 'B', joint: false, year: 2026, volume: 5_000, usedBefore: 4_000, usedAfter: 5_000 },
    });
  });

  it('marriage year (BMF Rz. 263): what both spouses’ single orders exempted counts against the joint volume', () => {
    // x exempted 300 € and y 200 € under single orders before 01.05.2026; then x's joint 1,000 € order naming y.
    const xSingle = order('x', 80_000, { id: 'x-single', endDate: '2026-04-30', usedByYear: { '2026': 30_000 } });
    const ySingle = order('y', 80_000, { id: 'y-single', endDate: '2026-04-30', usedByYear: { '2026': 20_000 } });
    const joint = order('x', 100_000, { id: 'joint', joint: true, spouseMemberId: 'y', startDate: '2026-05-01' });
    const x = earning(45_000, { id: 'x', memberNr: 1, spouseMemberId: 'y', orders: [xSingle, joint] });
    const y = earning(25_000, { id: 'y', memberNr: 2, spouseMemberId: 'x', orders: [ySingle] });
    const [first, second] = run([y, x], {}, in2026);
    expect([first?.memberId, first?.exempt, first?.order]).toEqual([
      'x',
      45_000,
      { id: 'joint', joint: true, year: 2026, volume: 100_000, usedBefore: 50_000, usedAfter: 95_000 },
    ]);
    expect([second?.memberId, second?.exempt, second?.taxable, second?.order?.id]).toEqual([
      'y',
      5_000,
      20_000,
      'joint',
    ]);
    expect([second?.order?.usedBefore, second?.order?.usedAfter]).toEqual([95_000, 100_000]);
  });

  it('a joint order below what the single orders already exempted exempts nothing more', () => {
    const xSingle = order('x', 100_000, { id: 'x-single', endDate: '2026-04-30', usedByYear: { '2026': 100_000 } });
    const joint = order('x', 60_000, { id: 'joint', joint: true, spouseMemberId: 'y', startDate: '2026-05-01' });
    const x = earning(10_000, { id: 'x', memberNr: 1, orders: [xSingle, joint] });
    const y = earning(10_000, { id: 'y', memberNr: 2 });
    expect(run([x, y], {}, in2026).map((m) => [m.exempt, m.order?.usedBefore])).toEqual([
      [0, 100_000],
      [0, 100_000],
    ]);
  });

  it('a single order after a joint one in the same year counts the pair’s joint use; another member’s use does not', () => {
    const joint = order('x', 60_000, {
      id: 'joint',
      joint: true,
      spouseMemberId: 'y',
      endDate: '2026-03-31',
      usedByYear: { '2026': 30_000, '2025': 60_000 },
    });
    const single = order('x', 50_000, { id: 'x-single', startDate: '2026-04-01' });
    const other = order('z', 50_000, { id: 'z-single', endDate: '2026-03-31', usedByYear: { '2026': 50_000 } });
    const x = earning(40_000, { id: 'x', memberNr: 1, orders: [joint, single] });
    const z = earning(40_000, { id: 'z', memberNr: 2, orders: [other, order('z', 50_000, { id: 'z-new' })] });
    const [rx, rz] = run([x, z], {}, in2026);
    expect([rx?.exempt, rx?.order?.id, rx?.order?.usedBefore]).toEqual([20_000, 'x-single', 30_000]);
    expect([rz?.exempt, rz?.order?.id, rz?.order?.usedBefore]).toEqual([0, 'z-new', 50_000]);
  });
});
