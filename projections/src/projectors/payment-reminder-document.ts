import { REMINDER_LEVELS, type ReadDocument, type RemindedSubscription, type ReminderLevel } from '@coop/contracts';
import { listField, numberField, textField } from './document-fields.js';

/*
 * The payment reminders' documents (collections PAYMENT_REMINDERS and PAYMENT_REMINDER_MEMBERS,
 * payment-reminders.projector.ts) as typed documents (decision 258); only the payment reminders area reads them.
 */

/** One reminder sent, as the projector writes it on `PaymentReminderSent`, read once by `readPaymentReminder`. */
export interface PaymentReminderDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  /** The member's id. */
  readonly member: string;
  readonly level: ReminderLevel;
  readonly date: string;
  readonly dueSince: string;
  /** Cents overdue. */
  readonly amount: number;
  readonly balanceIds: readonly string[];
  /** The subscriptions reminded (empty on a reminder recorded before they were kept). */
  readonly subscriptions: readonly RemindedSubscription[];
  /** The sending (the letters' id); '' when the reminder was recorded without letters. */
  readonly runId: string;
}

const levelOf = (v: number | null): ReminderLevel =>
  (REMINDER_LEVELS as readonly number[]).includes(v ?? -1) ? (v as ReminderLevel) : REMINDER_LEVELS[0];

/** The typed reminder from its stored document: the one place the reminders' fields are read. */
export function readPaymentReminder(doc: ReadDocument): PaymentReminderDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    member: textField(doc, 'member') ?? '',
    level: levelOf(numberField(doc, 'level')),
    date: textField(doc, 'date') ?? '',
    dueSince: textField(doc, 'dueSince') ?? '',
    amount: numberField(doc, 'amount') ?? 0,
    balanceIds: listField<string>(doc, 'balanceIds'),
    subscriptions: listField<RemindedSubscription>(doc, 'subscriptions'),
    runId: textField(doc, 'runId') ?? '',
  };
}

/** The day of a member's last reminder (PAYMENT_REMINDER_MEMBERS, id = member id), null when none is recorded. */
export function readLastReminder(doc: ReadDocument): string | null {
  return textField(doc, 'lastDate');
}
