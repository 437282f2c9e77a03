import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { evolveMemberStream, initialMemberState } from '../kernel/member-stream.js';
import { amountFor } from '../kernel/share-terms.js';
import { holdingAsOf, lowestSharesFrom } from './domain/holding.js';

const M = 'm-1';
const dates = (date: string) => ({ date, approvalDate: date, interestBegin: date });

/**
 * A share account over four years at 250 € a share: subscription, more shares, an outgoing transfer,
 * the annulation of the additional shares (at its own later date) and an incoming transfer.
 */
const history: MemberEvent[] = [
  {
    type: 'SharesPosted',
    data: {
      memberId: M,
      balanceId: 'b0',
      type: 0,
      quantity: 4,
      amount: 100_000,
      shareCost: 25_000,
      ...dates('2020-01-01'),
    },
  },
  {
    type: 'SharesPosted',
    data: {
      memberId: M,
      balanceId: 'b1',
      type: 1,
      quantity: 2,
      amount: 50_000,
      shareCost: 25_000,
      ...dates('2021-03-01'),
    },
  },
  {
    type: 'SharesPosted',
    data: {
      memberId: M,
      balanceId: 'b3',
      type: 3,
      quantity: 1,
      amount: -25_000,
      shareCost: 25_000,
      ...dates('2022-05-01'),
      transferTo: 'm-2',
      transferPeer: 'b4-m2',
    },
  },
  {
    type: 'PostingAnnulled',
    data: {
      memberId: M,
      balanceId: 'b5',
      annulPeer: 'b1',
      originalType: 1,
      quantity: -2,
      amount: -50_000,
      date: '2023-01-15',
      approvalDate: null,
      interestBegin: null,
    },
  },
  {
    type: 'SharesPosted',
    data: {
      memberId: M,
      balanceId: 'b4',
      type: 4,
      quantity: 3,
      amount: 75_000,
      shareCost: 25_000,
      ...dates('2023-06-30'),
      transferFrom: 'm-3',
      transferPeer: 'b3-m3',
    },
  },
];
const entries = [...history.reduce(evolveMemberStream, initialMemberState).postings.values()];

describe('holdingAsOf', () => {
  it.each([
    ['2019-12-31', 0, 0, 'before the subscription'],
    ['2020-01-01', 4, 100_000, 'on the subscription date'],
    ['2021-02-28', 4, 100_000, 'the day before the additional shares'],
    ['2021-03-01', 6, 150_000, 'with the additional shares'],
    ['2022-05-01', 5, 125_000, 'after the outgoing transfer'],
    ['2023-01-14', 5, 125_000, 'the annulled posting still counts before the annulation date'],
    ['2023-01-15', 3, 75_000, 'the annulation counts at its own date'],
    ['2023-06-29', 3, 75_000, 'the day before the incoming transfer'],
    ['2023-06-30', 6, 150_000, 'with the incoming transfer'],
    ['2099-01-01', 6, 150_000, 'far in the future'],
  ])('as of %s: %i shares, %i cents (%s)', (date, shares, cents) => {
    expect(holdingAsOf(entries, date)).toEqual({ shares, cents });
  });

  it('is empty for no postings', () => {
    expect(holdingAsOf([], '2025-01-01')).toEqual({ shares: 0, cents: 0 });
  });

  it('finds the lowest end-of-day holding from a date on', () => {
    expect(lowestSharesFrom(entries, '2020-01-01')).toBe(3);
    expect(lowestSharesFrom(entries, '2021-03-01')).toBe(3);
    expect(lowestSharesFrom(entries, '2023-06-30')).toBe(6);
    expect(lowestSharesFrom(entries, '2019-01-01')).toBe(0);
  });
});

describe('amountFor (euro cents)', () => {
  it('3 shares × 25,000 cents = 75,000 cents for a subscription', () => expect(amountFor(0, 3, 25_000)).toBe(75_000));
  it('is positive for additional shares and incoming transfers', () => {
    expect(amountFor(1, 2, 25_000)).toBe(50_000);
    expect(amountFor(4, 1, 10_050)).toBe(10_050);
  });
  it.each([2, 3, 6, 7, 8] as const)('is negative for type %i', (type) =>
    expect(amountFor(type, 2, 25_000)).toBe(-50_000),
  );
  it('keeps cents exact where floating euros would not (3 × 0,10 €)', () => expect(amountFor(1, 3, 10)).toBe(30));
  it('refuses type 5 (an annulation reverses its original)', () =>
    expect(() => amountFor(5, 1, 25_000)).toThrow(RangeError));
  it('refuses fractional input', () => expect(() => amountFor(1, 1.5, 25_000)).toThrow(RangeError));
});
