/*
 * `@coop/projections/payment-reminders`: the payment reminders and each member's last one (collections and typed
 * document). Only the payment reminders area of services and the platform import it (rule
 * `read-model-through-its-owner`, decisions 258, 263).
 */
export { PAYMENT_REMINDERS, PAYMENT_REMINDER_MEMBERS } from '../projectors/payment-reminders.projector.js';
export {
  readLastReminder,
  readPaymentReminder,
  type PaymentReminderDocument,
} from '../projectors/payment-reminder-document.js';
