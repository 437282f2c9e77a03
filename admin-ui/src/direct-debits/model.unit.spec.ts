import { describe, expect, it } from '@jest/globals';
import { proposedReturnDate } from './model.js';

describe('the date a returned debit is proposed on', () => {
  it('is the collection date while it lies ahead: the API refuses a return before it (returnBeforePayment)', () => {
    expect(proposedReturnDate('2026-12-01', '2026-11-29')).toBe('2026-12-01');
  });

  it('is today once the debit was collected', () => {
    expect(proposedReturnDate('2026-11-27', '2026-11-29')).toBe('2026-11-29');
    expect(proposedReturnDate('2026-11-29', '2026-11-29')).toBe('2026-11-29');
  });
});
