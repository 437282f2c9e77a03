import {
  fieldError,
  reminderLevelOf,
  REMINDER_BACKDATE_DAYS,
  spansPaid,
  spansReminded,
  spansReturned,
  ValidationError,
  type Decider,
  type MemberEvent,
  type PaymentReminderSent,
  type ReminderLevel,
  type ReminderSpans,
} from '@coop/contracts';
import { addDays, intervalPassed, LAST_REMINDER_LEVEL, type DueReminder } from './reminder-rule.js';

/*
 * The reminders on a member's stream (`member-<memberId>`, issue 45). Its state is what the rule must know from the
 * written facts, not from a read model that may lag: the level sent on each subscription since its last payment and
 * the day of the last reminder. No personal data: it reads the stream without it.
 */

export interface ReminderState {
  readonly cooperativeId: string | null;
  /**
   * Per subscription (balance id): the reminders sent between its payments (contracts `reminder-spans.ts`, the rule the
   * `share_dues` read model follows too); its level is the highest sent since its last payment that was not returned.
   */
  readonly spans: Readonly<Record<string, ReminderSpans>>;
  /** The day of the member's last reminder, null before the first. */
  readonly lastDate: string | null;
}

/**
 * Send the reminder `reminder` (found due by the rule on the read model) on `date`. The decider checks it again on the
 * stream: a reminder already sent that day, or one sooner than `reminderAfterDays` after the last, gives no event (a
 * retry sends nothing twice); the level is the stream's. A letter dated after `today` or more than
 * REMINDER_BACKDATE_DAYS before it is refused (`reminderDateChecked`).
 */
export interface SendReminder {
  readonly type: 'SendReminder';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly reminderId: string;
  readonly letterId: string;
  readonly date: string;
  readonly reminderAfterDays: number;
  readonly reminder: DueReminder;
  /** Business today (the demo: the day it sends on). */
  readonly today: string;
}

export const initialReminderState: ReminderState = { cooperativeId: null, spans: {}, lastDate: null };

/** The subscription's level on the stream: the highest sent since its last payment that stands (0: none). */
export const levelOn = (state: ReminderState, balanceId: string): number =>
  reminderLevelOf(state.spans[balanceId] ?? []);

/**
 * A reminder's date is its letter's: not after business today (`dateInFuture`), and not before today less
 * REMINDER_BACKDATE_DAYS (`reminderDateTooEarly`, naming the earliest day), so no level is reached by dating letters
 * ahead or back (decision 356). The due list (`GET /payment-reminders/due`) previews any day.
 */
export function reminderDateChecked(date: string, today: string): void {
  if (date > today) throw new ValidationError([fieldError('date', 'dateInFuture', date)]);
  const earliest = addDays(today, -REMINDER_BACKDATE_DAYS);
  if (date < earliest) throw new ValidationError([fieldError('date', 'reminderDateTooEarly', earliest)]);
}

function evolve(state: ReminderState, event: MemberEvent): ReminderState {
  switch (event.type) {
    case 'MemberAdmitted':
      return { ...state, cooperativeId: event.data.cooperativeId };
    case 'PaymentReminderSent': {
      const spans = { ...state.spans };
      for (const b of event.data.balanceIds) spans[b] = spansReminded(spans[b] ?? [], event.data.level);
      const lastDate = state.lastDate === null || event.data.date > state.lastDate ? event.data.date : state.lastDate;
      return { ...state, spans, lastDate };
    }
    case 'SharePaymentReceived':
    case 'SharePaymentReturned': {
      // A payment starts the subscription's reminders again; its return (a debit that came back) gives back the level
      // it had before that payment (decision 359). share_dues' reminderLevel follows the same rule.
      const { balanceId, paymentId } = event.data;
      const before = state.spans[balanceId];
      if (before === undefined) return state;
      const after =
        event.type === 'SharePaymentReceived' ? spansPaid(before, paymentId) : spansReturned(before, paymentId);
      return after === before ? state : { ...state, spans: { ...state.spans, [balanceId]: after } };
    }
    default:
      return state;
  }
}

function decide(command: SendReminder, state: ReminderState): PaymentReminderSent[] {
  reminderDateChecked(command.date, command.today);
  if (state.cooperativeId !== command.cooperativeId) return [];
  if (!intervalPassed(state.lastDate, command.date, command.reminderAfterDays)) return [];
  const balanceIds = command.reminder.subscriptions.map((s) => s.balanceId);
  const highest = balanceIds.reduce((max, b) => Math.max(max, levelOn(state, b)), 0);
  if (highest >= LAST_REMINDER_LEVEL || balanceIds.length === 0 || command.reminder.amount <= 0) return [];
  return [
    {
      type: 'PaymentReminderSent',
      data: {
        memberId: command.memberId,
        reminderId: command.reminderId,
        level: (highest + 1) as ReminderLevel,
        date: command.date,
        dueSince: command.reminder.dueSince,
        amount: command.reminder.amount,
        balanceIds,
        letterId: command.letterId,
        subscriptions: command.reminder.subscriptions.map((sub) => ({ ...sub })),
      },
    },
  ];
}

export const reminderDecider: Decider<SendReminder, MemberEvent, ReminderState> = {
  initialState: () => initialReminderState,
  evolve,
  decide: (command, state) => decide(command, state),
};
