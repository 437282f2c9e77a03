import type { Decider, MemberEvent, PaymentReminderSent, ReminderLevel } from '@coop/contracts';
import { intervalPassed, LAST_REMINDER_LEVEL, type DueReminder } from './reminder-rule.js';

/*
 * The reminders on a member's stream (`member-<memberId>`, issue 45). Its state is what the rule must know from the
 * written facts, not from a read model that may lag: the level sent on each subscription since its last payment and
 * the day of the last reminder. No personal data: it reads the stream without it.
 */

export interface ReminderState {
  readonly cooperativeId: string | null;
  /** Per subscription (balance id): the highest level sent since its last payment. */
  readonly levels: Readonly<Record<string, number>>;
  /** The day of the member's last reminder, null before the first. */
  readonly lastDate: string | null;
}

/**
 * Send the reminder `reminder` (found due by the rule on the read model) on `date`. The decider checks it again on the
 * stream: a reminder already sent that day, or one sooner than `reminderAfterDays` after the last, gives no event (a
 * retry sends nothing twice); the level is the stream's.
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
}

export const initialReminderState: ReminderState = { cooperativeId: null, levels: {}, lastDate: null };

function evolve(state: ReminderState, event: MemberEvent): ReminderState {
  switch (event.type) {
    case 'MemberAdmitted':
      return { ...state, cooperativeId: event.data.cooperativeId };
    case 'PaymentReminderSent': {
      const levels = { ...state.levels };
      for (const b of event.data.balanceIds) levels[b] = Math.max(levels[b] ?? 0, event.data.level);
      const lastDate = state.lastDate === null || event.data.date > state.lastDate ? event.data.date : state.lastDate;
      return { ...state, levels, lastDate };
    }
    case 'SharePaymentReceived': {
      // A payment on a subscription starts its reminders again (share_dues: reminderLevel 0).
      if (!(event.data.balanceId in state.levels)) return state;
      const levels = { ...state.levels };
      delete levels[event.data.balanceId];
      return { ...state, levels };
    }
    default:
      return state;
  }
}

function decide(command: SendReminder, state: ReminderState): PaymentReminderSent[] {
  if (state.cooperativeId !== command.cooperativeId) return [];
  if (!intervalPassed(state.lastDate, command.date, command.reminderAfterDays)) return [];
  const balanceIds = command.reminder.subscriptions.map((s) => s.balanceId);
  const highest = balanceIds.reduce((max, b) => Math.max(max, state.levels[b] ?? 0), 0);
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
