/**
 * The demo's payment reminders (issue 45): after the payments on shares, the clerk's reminders of those whose payment is
 * overdue today, decided by the reminders' own rule and decider as the API's sending does
 * (payment-reminders/commands/send-reminders.ts) and written on the member streams.
 *
 * - At most REMINDED members (in the order of the members to be) whose subscriptions are overdue today by the
 *   cooperative's reminder days: the first reminder five weeks ago, or as soon as it was overdue if later;
 * - every second one of them was reminded a second time once the interval had passed (when that day has come).
 * The reminders of one day are one sending: they share its run id, so the console downloads their letters together.
 */
import { DEFAULT_PAYMENT_TERMS, memberStream, type MemberEvent } from '@coop/contracts';
import { dueOf } from '@coop/projections/share-payments';
import { evolveMemberStream } from '../kernel/member-stream.js';
import {
  addDays,
  dueReminder,
  initialReminderState,
  levelOn,
  reminderDecider,
  type DueSubscription,
  type ReminderState,
} from '../payment-reminders/index.js';
import { outstandingOf, subscriptions } from '../share-payments/index.js';
import type { Sim } from './demo-plan.js';
import { uuid, type Random } from './demo-random.js';
import type { DemoWriter } from './demo-writer.js';

/** The most members the demo reminds. */
export const REMINDED = 12;

/** What the reminders stage recorded: first and second reminders. */
export interface ReminderSummary {
  readonly first: number;
  readonly second: number;
}

/** The member's subscriptions with something outstanding, as the `share_dues` read model shows them, at the levels sent. */
function duesOf(sim: Sim, sent: ReminderState): DueSubscription[] {
  return subscriptions(sim.state)
    .filter((p) => outstandingOf(p) > 0)
    .map((p) => {
      const due = dueOf({
        date: p.date,
        amount: p.amount,
        paid: p.payment,
        paidWhenPosted: p.paidWhenPosted,
        passedOn: p.passedOn,
        plan: p.instalments,
      });
      return {
        id: p.balanceId,
        date: p.date,
        quantity: p.quantity,
        outstanding: due.outstanding,
        dueSince: due.dueSince,
        instalments: due.schedule,
        reminderLevel: levelOn(sent, p.balanceId),
      };
    });
}

/** The reminders stage, after the payments on shares: one append per reminded member. */
export async function sendReminders(
  r: Random,
  sims: readonly Sim[],
  writer: DemoWriter,
  place: { readonly cooperativeId: string; readonly today: string; readonly reminderAfterDays?: number },
): Promise<ReminderSummary> {
  const { cooperativeId, today } = place;
  const days = place.reminderAfterDays ?? DEFAULT_PAYMENT_TERMS.reminderAfterDays;
  const runs = new Map<string, string>();
  const runOf = (date: string): string => runs.get(date) ?? (runs.set(date, uuid(r)), runs.get(date)!);
  let first = 0;
  let second = 0;
  let reminded = 0;
  for (const sim of sims) {
    if (reminded >= REMINDED) break;
    if (!sim.state.exists || (sim.state.exitDate !== null && sim.state.exitDate <= today)) continue;
    if (dueReminder(duesOf(sim, initialReminderState), null, today, days) === null) continue;
    let state: ReminderState = { ...initialReminderState, cooperativeId };
    const events: MemberEvent[] = [];
    const remind = (date: string): boolean => {
      const reminder = dueReminder(duesOf(sim, state), state.lastDate, date, days);
      if (reminder === null) return false;
      const decided = reminderDecider.decide(
        {
          type: 'SendReminder',
          memberId: sim.person.memberId,
          cooperativeId,
          reminderId: uuid(r),
          letterId: runOf(date),
          date,
          reminderAfterDays: days,
          reminder,
          // The demo writes a past: each reminder was sent on its own day.
          today: date,
        },
        state,
      );
      for (const e of decided) events.push(e);
      state = decided.reduce(reminderDecider.evolve, state);
      return decided.length > 0;
    };
    // The first reminder five weeks ago, or on the first day the payment was overdue if that is later.
    const overdueFrom = duesOf(sim, initialReminderState).reduce<string | null>(
      (d, s) => (s.dueSince !== null && (d === null || s.dueSince < d) ? s.dueSince : d),
      null,
    )!;
    const firstDay = [addDays(today, -35), addDays(overdueFrom, days + 1)].sort()[1]!;
    if (!remind(firstDay)) continue;
    first += 1;
    reminded += 1;
    if (reminded % 2 === 0 && addDays(firstDay, days) <= today && remind(addDays(firstDay, days))) second += 1;
    await writer.write([{ streamId: memberStream(sim.person.memberId), expected: sim.revision, events }]);
    sim.state = events.reduce(evolveMemberStream, sim.state);
    sim.revision += events.length;
  }
  return { first, second };
}
