/*
 * Payment reminders (issue 45; docs/payment-reminders.md): the one rule of a subscription's reminder level, for the
 * reminders' decider on the member stream and for the `share_dues` read model alike, so both name the same level. No
 * package import: the console takes `REMINDER_BACKDATE_DAYS` too.
 */

/** How many days before business today a reminder may be dated (a letter written late in the week; decision 356). */
export const REMINDER_BACKDATE_DAYS = 7;

/**
 * The reminders sent on a subscription between two of its payments: the payment that began the span (null: the
 * subscription's start) and the highest level sent in it.
 */
export interface ReminderSpan {
  readonly paymentId: string | null;
  readonly level: number;
}

/** A subscription's spans, oldest first; empty: no reminder sent that counts. */
export type ReminderSpans = readonly ReminderSpan[];

/** The subscription's level: the highest sent since its last payment that stands (0: none). */
export function reminderLevelOf(spans: ReminderSpans): number {
  return spans.length === 0 ? 0 : spans[spans.length - 1]!.level;
}

/** A reminder of `level` sent on the subscription. */
export function spansReminded(spans: ReminderSpans, level: number): ReminderSpans {
  if (spans.length === 0) return [{ paymentId: null, level }];
  const last = spans[spans.length - 1]!;
  return [...spans.slice(0, -1), { ...last, level: Math.max(last.level, level) }];
}

/**
 * The payment `paymentId` received on the subscription: the reminders start again (level 0). Nothing is kept while
 * no span has a level: returning any payment then leaves the level at 0 as well.
 */
export function spansPaid(spans: ReminderSpans, paymentId: string): ReminderSpans {
  if (spans.every((s) => s.level === 0)) return [];
  return [...spans, { paymentId, level: 0 }];
}

/**
 * The payment `paymentId` returned (a debit that came back): it never stood, so the span it began joins the one
 * before, and the level is what it was before that payment, or higher when reminders were sent since (decision 359).
 */
export function spansReturned(spans: ReminderSpans, paymentId: string): ReminderSpans {
  const at = spans.findIndex((s, i) => i > 0 && s.paymentId === paymentId);
  if (at < 0) return spans;
  const before = spans[at - 1]!;
  const joined = { ...before, level: Math.max(before.level, spans[at]!.level) };
  return [...spans.slice(0, at - 1), joined, ...spans.slice(at + 1)];
}
