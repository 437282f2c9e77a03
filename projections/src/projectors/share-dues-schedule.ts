import type { Instalment } from '@coop/contracts';

/**
 * What a subscription owes: its amount, what was paid in all, what was paid with the posting, what of its unpaid part
 * left with shares transferred (the receiver owes it now, decision 265) and its instalment plan.
 */
export interface DueInput {
  /** The posting's date: the unpaid part is due on it when there is no plan. */
  readonly date: string;
  readonly amount: number;
  readonly paid: number;
  readonly paidWhenPosted: number;
  readonly passedOn: number;
  readonly plan: readonly Instalment[] | null;
}

/** One instalment and the cents of it covered by the payments after the posting. */
export type ScheduledInstalment = Instalment & { readonly paid: number };

/**
 * The outstanding part, the date it is due since and the instalments' coverage (ShareDueView). The payments made after
 * the posting (`paid - paidWhenPosted`) and the part passed on with a transfer cover the instalments in the order they
 * fall due, as a payment settles the oldest due first (decisions 209, 265); `dueSince` is the due date of
 * the first instalment not fully covered (without a plan: the posting's date), null when nothing is outstanding.
 */
export function dueOf(input: DueInput): {
  outstanding: number;
  dueSince: string | null;
  schedule: ScheduledInstalment[];
} {
  const outstanding = input.amount - input.passedOn - input.paid;
  if (input.plan === null || input.plan.length === 0)
    return { outstanding, dueSince: outstanding > 0 ? input.date : null, schedule: [] };
  let left = Math.max(0, input.paid - input.paidWhenPosted) + input.passedOn;
  const schedule = input.plan.map((i) => {
    const paid = Math.min(i.amount, left);
    left -= paid;
    return { dueDate: i.dueDate, amount: i.amount, paid };
  });
  const open = schedule.find((i) => i.paid < i.amount);
  // A payment beyond the plan's sum (a correction) leaves nothing due; a payment below it, the first open instalment.
  const dueSince = outstanding <= 0 ? null : (open?.dueDate ?? input.plan[input.plan.length - 1]!.dueDate);
  return { outstanding, dueSince, schedule };
}
