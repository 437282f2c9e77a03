import { describe, expect, it } from '@jest/globals';
import { readSettlement } from './settlement-document.js';

/* The settlements' typed reader (decision 257): a due end has no payout's fields; text trimmed, blank absent. */
describe('readSettlement', () => {
  it('reads a due end with its payout fields null and its account blank as absent', () => {
    const due = readSettlement({
      id: 'm-1.b-9',
      cooperativeId: 'c-1',
      position: '9',
      memberId: 'm-1',
      memberNr: 4,
      endBalanceId: 'b-9',
      year: 2025,
      endDate: '2025-12-31',
      reason: 'exit',
      shares: 2,
      holding: 50_000,
      status: 'due',
      lossShare: null,
      amount: null,
      payoutDate: null,
      accountHolder: ' ',
      heirs: null,
    });
    expect(due).toMatchObject({
      memberId: 'm-1',
      year: 2025,
      holding: 50_000,
      status: 'due',
      lossShare: null,
      amount: null,
      payoutDate: null,
      accountHolder: null,
      heirs: false,
      imported: false,
      reversals: 0,
    });
  });
});
