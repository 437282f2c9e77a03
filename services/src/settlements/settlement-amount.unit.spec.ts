import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { evolveMemberStream, initialMemberState } from '../kernel/member-stream.js';
import { admitted, member, posted, subscribed } from '../kernel/testing/member-events.js';
import {
  dueEnds,
  lossShareOf,
  parsePercent,
  payoutDeadline,
  settlementAmount,
  settlementEnds,
} from './domain/settlement-amount.js';

/** The member's account after `events`. */
const account = (events: readonly MemberEvent[]) => events.reduce(evolveMemberStream, initialMemberState);
const yearEnd = (year: number) => ({
  date: `${year}-12-31`,
  approvalDate: `${year}-12-31`,
  interestBegin: `${year}-12-31`,
});

describe('the ends that book a holding out (§ 73 GenG, issue 42)', () => {
  it('lists notice, partial termination, exclusion and death; the holding booked out and its year', () => {
    for (const [type, reason] of [
      [8, 'exit'],
      [7, 'exclusion'],
      [6, 'death'],
      [2, 'partial'],
    ] as const) {
      const ends = settlementEnds(account([...member, posted('e1', type, type === 2 ? 1 : 3, yearEnd(2025))]));
      expect(ends).toEqual([
        {
          memberId: 'm-1',
          endBalanceId: 'e1',
          reason,
          endDate: '2025-12-31',
          year: 2025,
          shares: type === 2 ? 1 : 3,
          holding: (type === 2 ? 1 : 3) * 25_000,
        },
      ]);
    }
  });

  it('calls the end of a legal entity (6) a dissolution (§ 77a)', () => {
    const ends = settlementEnds(
      account([admitted({ legalForm: 1 }), subscribed(2), posted('e1', 6, 2, yearEnd(2025))]),
    );
    expect(ends.map((e) => e.reason)).toEqual(['dissolution']);
  });

  it('leaves out a transfer of the holding (§ 76: the member left without settlement) and an annulled end', () => {
    expect(
      settlementEnds(
        account([...member, posted('t1', 3, 3, { ...yearEnd(2025), transferTo: 'm-2', transferPeer: 't2' })]),
      ),
    ).toEqual([]);
    const annulled: MemberEvent = {
      type: 'PostingAnnulled',
      data: {
        memberId: 'm-1',
        balanceId: 'a1',
        annulPeer: 'e1',
        originalType: 8,
        quantity: 3,
        amount: 75_000,
        date: '2025-12-31',
        approvalDate: null,
        interestBegin: null,
      },
    };
    expect(settlementEnds(account([...member, posted('e1', 8, 3, yearEnd(2025)), annulled]))).toEqual([]);
  });

  it('keeps several ends over the years apart, each in its own year', () => {
    const state = account([
      admitted(),
      subscribed(5),
      posted('p1', 2, 2, yearEnd(2024)),
      posted('e1', 8, 3, yearEnd(2026)),
    ]);
    expect(settlementEnds(state).map((e) => [e.endBalanceId, e.year, e.holding])).toEqual([
      ['p1', 2024, 50_000],
      ['e1', 2026, 75_000],
    ]);
    expect(dueEnds(state, 2024, '2025-03-01').map((e) => e.endBalanceId)).toEqual(['p1']);
    expect(dueEnds(state, 2026, '2026-12-30')).toEqual([]);
    expect(dueEnds(state, 2026, '2026-12-31').map((e) => e.endBalanceId)).toEqual(['e1']);
  });
});

describe('the payout deadline', () => {
  it("is six months after the year end by default, or the cooperative's own period", () => {
    expect(payoutDeadline('2025-12-31', 6)).toBe('2026-06-30');
    expect(payoutDeadline('2025-12-31', 12)).toBe('2026-12-31');
    expect(payoutDeadline('2023-12-31', 2)).toBe('2024-02-29');
  });
});

describe('the loss share and the settlement amount (integer cents)', () => {
  const end = { holding: 75_000, shares: 3 };
  it('is the whole holding without a loss decision', () => {
    expect(settlementAmount(end, null)).toEqual({ lossShare: 0, amount: 75_000 });
  });

  it('takes a percentage of the holding, rounded half up to the cent', () => {
    const rule = (percent: string) => ({
      kind: 'percent' as const,
      percent,
      centsPerShare: null,
      decisionDate: '2026-05-20',
    });
    expect(settlementAmount(end, rule('10'))).toEqual({ lossShare: 7_500, amount: 67_500 });
    expect(lossShareOf({ holding: 333, shares: 1 }, rule('12.5'))).toBe(42); // 41.625 → 42
    expect(lossShareOf({ holding: 101, shares: 1 }, rule('0.5'))).toBe(1); // 0.505 → 1
    expect(lossShareOf({ holding: 99, shares: 1 }, rule('0.5'))).toBe(0); // 0.495 → 0
    expect(lossShareOf({ holding: 100_000_000_000, shares: 1 }, rule('33.3333'))).toBe(33_333_300_000);
    expect(settlementAmount(end, rule('100'))).toEqual({ lossShare: 75_000, amount: 0 });
  });

  it('takes an amount per share, never more than the holding, never below zero', () => {
    const rule = (centsPerShare: number) => ({
      kind: 'perShare' as const,
      percent: null,
      centsPerShare,
      decisionDate: '2026-05-20',
    });
    expect(settlementAmount(end, rule(1_000))).toEqual({ lossShare: 3_000, amount: 72_000 });
    expect(settlementAmount(end, rule(30_000))).toEqual({ lossShare: 75_000, amount: 0 });
    expect(settlementAmount({ holding: 0, shares: 0 }, rule(1_000))).toEqual({ lossShare: 0, amount: 0 });
  });

  it('reads a percentage only with at most 4 decimals, above 0, at most 100', () => {
    expect(parsePercent('12.5')).toEqual({ numerator: 125n, scale: 10n });
    for (const bad of ['0', '100.0001', '1.23456', '-1', '1e2', '', 'abc', '5,5']) expect(parsePercent(bad)).toBeNull();
  });
});
