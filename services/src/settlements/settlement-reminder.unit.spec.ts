import { describe, expect, it } from '@jest/globals';
import { reminderDay, settlementReminder, type ReminderCandidate } from './domain/settlement-reminder.js';

const yearOf = (deadline: string): number => Number(deadline.slice(0, 4)) - 1;
const due = (deadline: string, year = yearOf(deadline)): ReminderCandidate => ({ deadline, status: 'due', year });
const paid = (deadline: string): ReminderCandidate => ({ deadline, status: 'paid', year: yearOf(deadline) });

describe('the reminder a month before the payout deadline (issue 42)', () => {
  it('comes one calendar month before the deadline, the day clamped to the shorter month', () => {
    expect(reminderDay('2026-06-30')).toBe('2026-05-30');
    expect(reminderDay('2026-12-31')).toBe('2026-11-30');
    expect(reminderDay('2027-03-31')).toBe('2027-02-28');
    expect(reminderDay('2028-03-31')).toBe('2028-02-29');
    expect(reminderDay('2026-01-31')).toBe('2025-12-31');
  });

  it('is due from that day through the deadline, not before and not after', () => {
    const ends = [due('2026-06-30'), due('2026-06-30')];
    expect(settlementReminder(ends, '2026-05-29')).toBeNull();
    expect(settlementReminder(ends, '2026-05-30')).toEqual({ deadline: '2026-06-30', count: 2, year: 2025 });
    expect(settlementReminder(ends, '2026-06-30')).toEqual({ deadline: '2026-06-30', count: 2, year: 2025 });
    expect(settlementReminder(ends, '2026-07-01')).toBeNull();
  });

  it('names the oldest deadline still ahead and counts only the settlements still due by it', () => {
    const ends = [
      due('2027-06-30'),
      paid('2026-06-30'),
      due('2026-06-30'),
      due('2025-06-30'),
      paid('2026-06-30'),
      due('2026-09-30'),
    ];
    // 2025-06-30 has passed (overdue, on the dashboard); the paid ones need no reminder.
    expect(settlementReminder(ends, '2026-06-01')).toEqual({ deadline: '2026-06-30', count: 1, year: 2025 });
    // Once that deadline has passed, the next one is reminded of when its month comes.
    expect(settlementReminder(ends, '2026-07-15')).toBeNull();
    expect(settlementReminder(ends, '2026-08-30')).toEqual({ deadline: '2026-09-30', count: 1, year: 2025 });
  });

  it('links the first year whose ends are due by the deadline (a changed period can bring two years to one day)', () => {
    expect(settlementReminder([due('2026-12-31', 2025), due('2026-12-31', 2024)], '2026-12-01')).toEqual({
      deadline: '2026-12-31',
      count: 2,
      year: 2024,
    });
  });

  it('says nothing when every settlement is paid or none is there', () => {
    expect(settlementReminder([], '2026-06-15')).toBeNull();
    expect(settlementReminder([paid('2026-06-30')], '2026-06-15')).toBeNull();
  });
});
