/*
 * `@coop/projections/share-payments`: the dues on subscribed shares (outstanding and paid in full) and the payment terms (collections and typed
 * documents). Only the share payments area of services and the platform import it (rule `read-model-through-its-owner`,
 * decisions 258, 263); other areas use the share payments area's `shareDues` from services/src/share-payments/index.ts.
 */
export { SHARE_DUES, SHARE_DUES_SETTLED, SHARE_DUE_MEMBERS } from '../projectors/share-dues-collections.js';
export { readShareDue, type ShareDueDocument } from '../projectors/share-due-document.js';
export { PAYMENT_TERMS } from '../projectors/payment-terms.projector.js';
export { readPaymentTerms, type PaymentTermsDocument } from '../projectors/payment-terms-document.js';
export { dueOf, type DueInput, type ScheduledInstalment } from '../projectors/share-dues-schedule.js';
export { postedDue, type PostedSubscription } from '../projectors/share-dues.projector.js';
