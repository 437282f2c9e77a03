import { readPaymentTerms } from '@coop/projections/share-payments';
import type { PaymentTermsState } from './domain/payment-terms.decider.js';
import { paymentTermsOf, type PaymentTerms } from './queries/payment-terms.query.js';
import { versionTag } from '../platform/commands/version-tag.js';

/**
 * The cooperative's payment terms as one tag: `GET`/`PUT /cooperative/payment-terms` answer it (`masterTag`) and a
 * change sent back with it is refused `409 recordChangedMeanwhile` when the terms are no longer those (a lost update:
 * two administrators editing the terms, the later form written over the earlier change, e.g. the old SEPA creditor id
 * back in every direct-debit file). Every field the `PUT` writes is tagged, so a change of any of them made meanwhile
 * refuses a form read before it. Not in domain/: the layer rules keep platform code (versionTag) out of a decider.
 */
export function paymentTermsTag(terms: PaymentTerms): string {
  const i = terms.instalments;
  const values = [
    i.allowed,
    i.maxCount,
    i.rhythmMonths,
    i.minFirstPerShare,
    terms.reminderAfterDays,
    terms.creditDividendUntilPaid,
    terms.creditorId,
  ].map((v) => v ?? null);
  return versionTag(values);
}

/**
 * The tag of the stream's state (the decider's fold): read as the read store's document is (readPaymentTerms, the
 * defaults of a cooperative that set none), so the state and the terms answered compare alike.
 */
export function paymentTermsTagOfState(cooperativeId: string, state: PaymentTermsState): string {
  if (!state.set) return paymentTermsTag(paymentTermsOf(undefined));
  const { set: _set, ...terms } = state;
  return paymentTermsTag(
    paymentTermsOf(readPaymentTerms({ ...terms, id: cooperativeId, cooperativeId, position: '0' })),
  );
}
