import { DEFAULT_PAYMENT_TERMS, type InstalmentTerms, type PaymentTermsSet, type ReadDocument } from '@coop/contracts';
import { flagField, numberField, textField } from './document-fields.js';

/*
 * A cooperative's payment terms on shares (collection PAYMENT_TERMS, payment-terms.projector.ts) as its typed document
 * (decision 258); only the share payments area reads it, and answers the terms to the others (`PaymentTermsQuery`).
 */

/** The terms as `PaymentTermsSet` set them, read once by `readPaymentTerms`, with the read store's own fields. */
export type PaymentTermsDocument = Omit<PaymentTermsSet['data'], 'cooperativeId'> & {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
};

/** A count of the instalment terms as stored, else its default. */
const count = (terms: Record<string, unknown>, field: Exclude<keyof InstalmentTerms, 'allowed'>): number => {
  const v = terms[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : DEFAULT_PAYMENT_TERMS.instalments[field];
};

/** The typed terms from their stored document (a field never stored: its default, DEFAULT_PAYMENT_TERMS). */
export function readPaymentTerms(doc: ReadDocument): PaymentTermsDocument {
  const i = (typeof doc.instalments === 'object' && doc.instalments !== null ? doc.instalments : {}) as Record<
    string,
    unknown
  >;
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    instalments: {
      allowed: i.allowed === true,
      maxCount: count(i, 'maxCount'),
      rhythmMonths: count(i, 'rhythmMonths'),
      minFirstPerShare: count(i, 'minFirstPerShare'),
    },
    reminderAfterDays: numberField(doc, 'reminderAfterDays') ?? DEFAULT_PAYMENT_TERMS.reminderAfterDays,
    creditDividendUntilPaid: flagField(doc, 'creditDividendUntilPaid'),
    creditorId: textField(doc, 'creditorId'),
  };
}
