/*
 * `@coop/projections/direct-debits`: the mandates, the collections and their payments (collections and typed
 * documents). Only the direct debits area of services and the platform import it (rule `read-model-through-its-owner`,
 * decisions 258, 263).
 */
export { DIRECT_DEBITS, DIRECT_DEBIT_MANDATES, DIRECT_DEBIT_PAYMENTS } from '../projectors/direct-debits.projector.js';
export {
  readDirectDebitCollection,
  readDirectDebitPayment,
  readMandate,
  type DirectDebitCollectionDocument,
  type DirectDebitPaymentDocument,
  type MandateDocument,
} from '../projectors/direct-debit-documents.js';
