/** The payment reminders' public entry (issue 45): its module, the read side the member page uses, the rule and the letters. */
export { PaymentRemindersModule } from './payment-reminders.module.js';
export { ReminderReads } from './queries/reminder-reads.js';
export { addDays, dueReminder, isOverdue, type DueReminder, type DueSubscription } from './domain/reminder-rule.js';
export {
  initialReminderState,
  levelOn,
  reminderDecider,
  type ReminderState,
  type SendReminder,
} from './domain/reminder.decider.js';
export {
  reminderLettersPdf,
  REMINDER_TITLES,
  type ReminderLetter,
  type ReminderIssuer,
} from './letters/reminder-letter-pdf.js';
export { renderLetters, LETTERS_THREAD_ABOVE } from './letters/render-letters.js';
