import { Injectable } from '@nestjs/common';
import { DEFAULT_PAYMENT_TERMS, type InstalmentTerms, type PaymentTermsSet, type ReadDocument } from '@coop/contracts';
import { PAYMENT_TERMS } from '@coop/projections';
import { ReadModels } from '../../platform/http/read-models.js';

/** The cooperative's payment terms on shares (issue 45), as the areas read them. */
export type PaymentTerms = Omit<PaymentTermsSet['data'], 'cooperativeId'>;

/** The terms of a projected `payment_terms` document, or the defaults for a cooperative that set none. */
export function paymentTermsOf(doc: ReadDocument | undefined): PaymentTerms {
  if (!doc) return DEFAULT_PAYMENT_TERMS;
  const i = doc.instalments as InstalmentTerms;
  return {
    instalments: {
      allowed: i.allowed,
      maxCount: i.maxCount,
      rhythmMonths: i.rhythmMonths,
      minFirstPerShare: i.minFirstPerShare,
    },
    reminderAfterDays: Number(doc.reminderAfterDays),
    creditDividendUntilPaid: doc.creditDividendUntilPaid === true,
    creditorId: typeof doc.creditorId === 'string' ? doc.creditorId : null,
  };
}

/**
 * The payment terms of a cooperative from the projection `payment_terms` (DEFAULT_PAYMENT_TERMS until it sets its
 * own). Exported by the area (index.ts) for the reminders, direct debits and the dividend's credit.
 */
@Injectable()
export class PaymentTermsQuery {
  constructor(private readonly reads: ReadModels) {}

  async terms(cooperativeId: string): Promise<PaymentTerms> {
    return paymentTermsOf((await this.reads.getMany(PAYMENT_TERMS, cooperativeId, [cooperativeId])).get(cooperativeId));
  }
}
