import { describe, expect, it } from '@jest/globals';
import { toPayNow } from './queries/settlement-reads.js';

// Decision 386: on 31 December the dashboard and the reminder counted that day's ends as due, while their payout is
// refused until 1 January (dated after the end, not after today).
describe('the ends to pay now (dashboard, reminder)', () => {
  const end = { status: 'due', endDate: '2026-12-31', owed: 0 } as const;

  it('counts a due end from the day after it', () => {
    expect(toPayNow(end, '2026-12-30')).toBe(false);
    expect(toPayNow(end, '2026-12-31')).toBe(false);
    expect(toPayNow(end, '2027-01-01')).toBe(true);
  });

  it('counts a paid end only while a top-up is owed', () => {
    expect(toPayNow({ ...end, status: 'paid' }, '2027-02-01')).toBe(false);
    expect(toPayNow({ ...end, status: 'paid', owed: 2_500 }, '2027-02-01')).toBe(true);
  });
});
