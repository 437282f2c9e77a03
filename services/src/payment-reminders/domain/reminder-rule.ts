import type { Instalment, RemindedSubscription, ReminderLevel } from '@coop/contracts';

/*
 * The rule of payment reminders (issue 45; docs/payment-reminders.md). Pure: the caller gives the date, the terms'
 * `reminderAfterDays` and what is known of the member (its dues from the `share_dues` read model, its reminders).
 *
 * A subscription is overdue on `date` when `dueSince + reminderAfterDays` lies before `date`. A member's next reminder
 * is one level above the highest level sent on its overdue subscriptions since their last payment (at most 3, the last
 * reminder), and comes only when at least `reminderAfterDays` have passed since the member's last reminder.
 */

/** The last level: "Letzte Mahnung"; no reminder follows it. */
export const LAST_REMINDER_LEVEL = 3;

/** What the rule needs of one subscription (a `ShareDueView` of the `share_dues` read model). */
export interface DueSubscription {
  readonly id: string;
  readonly date: string;
  readonly quantity: number;
  readonly outstanding: number;
  readonly dueSince: string | null;
  readonly instalments: readonly (Instalment & { readonly paid: number })[];
  /** The highest reminder sent on it since its last payment (0: none). */
  readonly reminderLevel: number;
}

/** The reminder a member is due for on a date. */
export interface DueReminder {
  readonly level: ReminderLevel;
  readonly amount: number;
  readonly dueSince: string;
  readonly subscriptions: readonly RemindedSubscription[];
}

/** `date` plus `days` calendar days (negative: before), `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The part of a subscription due on `date` (cents) and the oldest due date of that part: with instalments, those
 * fallen due by `date` less what was paid on them; without, the whole outstanding amount once `dueSince` is reached.
 */
export function dueOn(due: DueSubscription, date: string): { amount: number; since: string | null } {
  if (due.outstanding <= 0 || due.dueSince === null) return { amount: 0, since: null };
  if (due.instalments.length === 0)
    return due.dueSince <= date ? { amount: due.outstanding, since: due.dueSince } : { amount: 0, since: null };
  let amount = 0;
  let since: string | null = null;
  for (const i of due.instalments) {
    if (i.dueDate > date) continue;
    const open = Math.max(0, i.amount - i.paid);
    if (open === 0) continue;
    amount += open;
    if (since === null || i.dueDate < since) since = i.dueDate;
  }
  // Never more than the subscription still owes (a payment not yet spread over the instalments).
  return { amount: Math.min(amount, due.outstanding), since: amount > 0 ? since : null };
}

/** Whether the subscription is overdue on `date`: due since a day that lies more than `reminderAfterDays` before it. */
export function isOverdue(due: DueSubscription, date: string, reminderAfterDays: number): boolean {
  const { amount, since } = dueOn(due, date);
  return amount > 0 && since !== null && addDays(since, reminderAfterDays) < date;
}

/** Whether a member whose last reminder was on `lastDate` (null: never) may be reminded again on `date`. */
export function intervalPassed(lastDate: string | null, date: string, reminderAfterDays: number): boolean {
  if (lastDate === null) return true;
  return lastDate < date && addDays(lastDate, reminderAfterDays) <= date;
}

/**
 * The reminder a member with `dues` is due for on `date`, or null: none overdue, the last reminder already sent on
 * them, or the last reminder (`lastDate`) too recent. The level follows the highest sent on the overdue subscriptions.
 */
export function dueReminder(
  dues: readonly DueSubscription[],
  lastDate: string | null,
  date: string,
  reminderAfterDays: number,
): DueReminder | null {
  const overdue = dues.filter((d) => isOverdue(d, date, reminderAfterDays));
  if (overdue.length === 0 || !intervalPassed(lastDate, date, reminderAfterDays)) return null;
  const highest = overdue.reduce((max, d) => Math.max(max, d.reminderLevel), 0);
  if (highest >= LAST_REMINDER_LEVEL) return null;
  const subscriptions = overdue
    .map((d) => {
      const part = dueOn(d, date);
      return {
        balanceId: d.id,
        date: d.date,
        quantity: d.quantity,
        amount: part.amount,
        dueSince: part.since as string,
      };
    })
    .sort((a, b) => (a.dueSince < b.dueSince ? -1 : a.dueSince > b.dueSince ? 1 : a.balanceId < b.balanceId ? -1 : 1));
  return {
    level: (highest + 1) as ReminderLevel,
    amount: subscriptions.reduce((sum, s) => sum + s.amount, 0),
    dueSince: subscriptions[0]!.dueSince,
    subscriptions,
  };
}
