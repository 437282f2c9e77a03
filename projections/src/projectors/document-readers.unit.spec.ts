import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { readCooperative } from './cooperative-document.js';
import { readDividendMember } from './dividend-member-document.js';

/* The typed readers of the cooperatives and of a closure's member results (decision 247). */
const base: ReadDocument = { id: 'x', cooperativeId: 'c-1', position: '3' };

describe('readCooperative', () => {
  it('answers a cooperative recorded before a setting with its default, and its text trimmed', () => {
    const coop = readCooperative({ ...base, id: 'c-1', name: ' eG Süd ', balanceCost: 25_000 });
    expect(coop).toMatchObject({
      name: 'eG Süd',
      fullName: '',
      balanceCost: 25_000,
      minimumShares: 1,
      noticePeriodMonths: 3,
      retentionYears: 10,
      sessionIdleMinutes: 30,
      liabilityPerShare: null,
      interestBeginRule: 'nextMonth',
      allowTestTaxIds: false,
    });
  });
});

describe('readDividendMember', () => {
  it('reads a result written before issue 45 as paid whole: the net is the payout, nothing credited', () => {
    const result = readDividendMember({ ...base, member: 'm-1', memberNr: 4, paymentAmount: 3318, churchId: '' });
    expect(result).toMatchObject({ netAmount: 3318, paymentAmount: 3318, creditedAmount: 0, churchId: null });
    expect(result.problems).toEqual([]);
    expect(result.order).toBeNull();
  });
});
