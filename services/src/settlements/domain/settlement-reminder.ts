import { addMonths } from '@coop/contracts';

/**
 * The reminder before a payout deadline (issue 42, § 73 (2) GenG): one month before the last day of the payout period
 * of the oldest settlement still due, the clerks are reminded once. Pure: the caller gives today and the due ends.
 */

/** How long before the deadline the reminder comes. */
export const REMINDER_MONTHS_BEFORE = 1;

/** What the rule needs of a settlement: its deadline, and whether it is still to be paid. */
export interface ReminderCandidate {
  readonly deadline: string;
  readonly status: 'due' | 'paid';
  /** Paid, and a top-up still owed (decision 370): still to be paid as a due one. */
  readonly owed?: number;
  /** The financial year of the end (the settlement screen's year). */
  readonly year: number;
}

/** The reminder to raise: the deadline it is about, how many settlements are still due by it, the (first) year of their ends. */
export interface SettlementReminder {
  readonly deadline: string;
  readonly count: number;
  readonly year: number;
}

/** The first day of the reminder for a deadline: one calendar month before it (30.06. → 30.05., 31.03. → 28./29.02.). */
export function reminderDay(deadline: string): string {
  return addMonths(deadline, -REMINDER_MONTHS_BEFORE);
}

/** Due, or paid with a top-up still owed (decision 370). */
const stillToPay = (s: ReminderCandidate): boolean => s.status === 'due' || (s.owed ?? 0) > 0;

/**
 * The reminder due `today`, or null: the oldest deadline of the settlements still due that has not passed yet, once
 * today has reached the month before it. A deadline already passed is no longer reminded of (the dashboard counts
 * those as overdue); the next deadline gets its own reminder when its month comes. The caller raises each deadline's
 * reminder only once.
 */
export function settlementReminder(
  settlements: readonly ReminderCandidate[],
  today: string,
): SettlementReminder | null {
  let oldest: string | null = null;
  for (const s of settlements) {
    if (!stillToPay(s) || s.deadline < today) continue;
    if (oldest === null || s.deadline < oldest) oldest = s.deadline;
  }
  if (oldest === null || today < reminderDay(oldest)) return null;
  let count = 0;
  let year = Number.POSITIVE_INFINITY;
  for (const s of settlements) {
    if (!stillToPay(s) || s.deadline !== oldest) continue;
    count += 1;
    year = Math.min(year, s.year);
  }
  return { deadline: oldest, count, year };
}
