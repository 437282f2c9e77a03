/** The payments on shares' public entry (issue 45): what other areas may use. */
export { SharePaymentsModule } from './share-payments.module.js';
export { PaymentTermsQuery, paymentTermsOf, type PaymentTerms } from './queries/payment-terms.query.js';
export { ShareDueReads, toShareDueDto } from './queries/share-due-reads.js';
export { anyShareDue, owedOnFilter, shareDues, type ShareDueDocument } from './queries/share-dues.js';
export { paymentTermsDecider, type PaymentTermsState, type SetPaymentTerms } from './domain/payment-terms.decider.js';
export type { SetInstalmentPlan } from './domain/instalment-plan.rules.js';
export {
  RecordSharePaymentCommand,
  SharePaymentRunner,
  type SharePaymentInput,
} from './commands/share-payment.commands.js';
export {
  sharePaymentDecider,
  subscriptions,
  outstandingOf,
  dueSinceOf,
  PAYMENT_REFERENCE_MAX,
  type RecordSharePayment,
  type SharePaymentCommand,
} from './domain/share-payment.decider.js';
