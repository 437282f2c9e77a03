import { Injectable } from '@nestjs/common';
import { DEFAULT_PAYMENT_TERMS, type PaymentTermsSet } from '@coop/contracts';
import { PAYMENT_TERMS, readPaymentTerms, type PaymentTermsDocument } from '@coop/projections/share-payments';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';

/** The cooperative's payment terms on shares (issue 45), as the areas read them. */
export type PaymentTerms = Omit<PaymentTermsSet['data'], 'cooperativeId'>;

/** This area's `payment_terms` as typed documents (decision 258). */
const paymentTerms = new TypedReads<PaymentTermsDocument>(PAYMENT_TERMS, 'PaymentTerms', readPaymentTerms);

/** The terms of a cooperative's `payment_terms` document, or the defaults for a cooperative that set none. */
export function paymentTermsOf(doc: PaymentTermsDocument | undefined): PaymentTerms {
  if (!doc) return DEFAULT_PAYMENT_TERMS;
  const { instalments, reminderAfterDays, creditDividendUntilPaid, creditorId } = doc;
  return { instalments, reminderAfterDays, creditDividendUntilPaid, creditorId };
}

/**
 * The payment terms of a cooperative from the projection `payment_terms` (DEFAULT_PAYMENT_TERMS until it sets its
 * own). Exported by the area (index.ts) for the reminders, direct debits and the dividend's credit.
 */
@Injectable()
export class PaymentTermsQuery {
  constructor(private readonly reads: ReadModels) {}

  async terms(cooperativeId: string): Promise<PaymentTerms> {
    return paymentTermsOf((await paymentTerms.getMany(this.reads, cooperativeId, [cooperativeId])).get(cooperativeId));
  }
}
