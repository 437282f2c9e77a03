import { describe, expect, it } from '@jest/globals';
import { MovementTally, paymentChanges, type PostingFacts } from './domain/movement-figures.js';

/*
 * The paid column as of the day each line stands for (issue 45; docs/movement-report.md "As of when", decision 232):
 * a payment counts from its date, a returned payment stops counting from the return's date, so a year printed later
 * gives the same paid figures after later payments and returns.
 */

/** A posting of `shares` shares at 250 € each; `changes` the dated changes of its payment, `paid` the register's payment now. */
const posting = (
  type: number,
  date: string,
  shares: number,
  changes: readonly (readonly [string, number])[],
  originalType: number | null = null,
): PostingFacts => ({
  type,
  originalType,
  date,
  sharesFrom: date,
  shares,
  cents: shares * 25_000,
  paid: changes.reduce((s, [, c]) => s + c, 0),
  paidChanges: changes.map(([on, cents]) => ({ on, cents })),
});
const noRegister = { startShares: 0, startCents: 0, endShares: 0, endCents: 0 };
const report = (year: number, postings: readonly PostingFacts[], register = noRegister) => {
  const t = new MovementTally(year);
  for (const p of postings) t.addPosting(p);
  return t.result({ asOf: '2026-11-28', liabilityPerShare: null, register, firstYear: 2020, lastYear: 2026 });
};

/** The admission of 2020, paid in full; further shares of 2024 paid in part, and of 2025 paid on its last day. */
const register2025 = [
  posting(0, '2020-03-01', 2, [['2020-03-01', 50_000]]),
  // 50 € with the posting, 200 € on 31.12.2024 (returned on 1.2.2025), 100 € in March 2025, 150 € in January 2026.
  posting(1, '2024-06-01', 2, [
    ['2024-06-01', 5_000],
    ['2024-12-31', 20_000],
    ['2025-02-01', -20_000],
    ['2025-03-01', 10_000],
    ['2026-01-05', 15_000],
  ]),
  // 50 € with the posting, the rest (450 €) paid on 31.12.2025 and returned on 10.1.2026.
  posting(1, '2025-05-01', 2, [
    ['2025-05-01', 5_000],
    ['2025-12-31', 45_000],
    ['2026-01-10', -45_000],
  ]),
];

describe('MovementTally: the paid column counts what was paid by the day each line stands for', () => {
  it('counts payments before the year in the start, those of the year under the paid posting’s kind, later ones not at all; a return on its own date', () => {
    const r = report(2025, register2025);
    // Start (31.12.2024): the admission and 50 € + 200 € on the 2024 shares; the 150 € of 2026 and the returns after it not.
    expect(r.start).toEqual({ shares: 4, subscribed: 100_000, paid: 75_000 });
    // Kind 1 in 2025: the return of 200 € and the 100 € on the 2024 shares, 50 € + 450 € on the 2025 shares.
    expect(r.byKind.find((k) => k.kind === 1)).toEqual({
      kind: 1,
      postings: 1,
      annulments: 0,
      shares: 2,
      subscribed: 50_000,
      paid: 40_000,
    });
    expect(r.added).toEqual({ shares: 2, subscribed: 50_000, paid: 40_000 });
    expect(r.end).toEqual({ shares: 6, subscribed: 150_000, paid: 115_000 });
  });

  it('gives the next year’s start as this year’s end, and its movements from the later payments and returns', () => {
    const r = report(2026, register2025);
    expect(r.start).toEqual(report(2025, register2025).end);
    // Kind 1 in 2026: 150 € paid, 450 € returned; no posting of kind 1 dated in 2026.
    expect(r.byKind.find((k) => k.kind === 1)).toEqual({
      kind: 1,
      postings: 0,
      annulments: 0,
      shares: 0,
      subscribed: 0,
      paid: -30_000,
    });
    expect(r.end).toEqual({ shares: 6, subscribed: 150_000, paid: 85_000 });
  });

  it('gives a year the same paid figures after a later payment on one of its subscriptions', () => {
    const before = report(2025, register2025);
    const later = [
      ...register2025.slice(0, 2),
      posting(1, '2025-05-01', 2, [
        ['2025-05-01', 5_000],
        ['2025-12-31', 45_000],
        ['2026-01-10', -45_000],
        ['2026-03-02', 45_000],
      ]),
    ];
    expect(report(2025, later)).toEqual(before);
  });

  it('carries a transfer’s and an end’s payment on their own dates, in their own direction', () => {
    const r = report(2025, [
      posting(0, '2020-03-01', 4, [['2020-03-01', 100_000]]),
      posting(3, '2025-06-01', -1, [['2025-06-01', -25_000]]),
      posting(8, '2025-12-31', -3, [['2025-12-31', -75_000]]),
    ]);
    expect(r.reduced).toEqual({ shares: 4, subscribed: 100_000, paid: 100_000 });
    expect(r.end).toEqual({ shares: 0, subscribed: 0, paid: 0 });
  });

  it('does not reconcile when a posting’s dated changes do not add up to the register’s payment', () => {
    const sound = posting(1, '2024-06-01', 2, [['2024-06-01', 5_000]]);
    const holdings = { startShares: 2, startCents: 50_000, endShares: 2, endCents: 50_000 };
    expect(report(2025, [sound], holdings).reconciles).toBe(true);
    expect(report(2025, [{ ...sound, paid: 50_000 }], holdings).reconciles).toBe(false);
  });
});

describe('paymentChanges: the dated changes of a posting’s payment from its register versions', () => {
  it('dates each version’s change on its effective date: the posting’s, a payment’s, a return’s, a correction’s (the posting’s)', () => {
    expect(
      paymentChanges('2024-06-01', [
        { rueckpfleinzahlung: 5_000, effectiveDate: '2024-06-01' },
        { rueckpfleinzahlung: 25_000, effectiveDate: '2025-03-01' },
        { rueckpfleinzahlung: 5_000, effectiveDate: '2025-04-02' },
        // A register correction to 400 €: its change counts from the posting's date (decision 232).
        { rueckpfleinzahlung: 40_000, effectiveDate: '2024-06-01' },
      ]),
    ).toEqual([
      { on: '2024-06-01', cents: 5_000 },
      { on: '2025-03-01', cents: 20_000 },
      { on: '2025-04-02', cents: -20_000 },
      { on: '2024-06-01', cents: 35_000 },
    ]);
  });

  it('dates a version without an effective date on the posting’s date, and a change never before the posting', () => {
    expect(
      paymentChanges('2024-06-01', [
        { rueckpfleinzahlung: 50_000 },
        { rueckpfleinzahlung: 20_000, effectiveDate: '2023-01-01' },
      ]),
    ).toEqual([
      { on: '2024-06-01', cents: 50_000 },
      { on: '2024-06-01', cents: -30_000 },
    ]);
  });
});
