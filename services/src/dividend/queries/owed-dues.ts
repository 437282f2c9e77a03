import { Injectable } from '@nestjs/common';
import { ReadModels } from '../../platform/http/read-models.js';
import { PaymentTermsQuery, shareDues } from '../../share-payments/index.js';
import type { OutstandingSubscription } from '../domain/dividend-credit.js';

/** Subscriptions read per page of `share_dues`. */
const PAGE = 2000;

/**
 * What the members owe on their subscriptions, for the dividend's credit to the Geschäftsguthaben (issue 45; § 19 (1)
 * GenG): the closure reads only the streams of these members, the calculation previews the credit from it.
 */
@Injectable()
export class OwedDues {
  constructor(
    private readonly reads: ReadModels,
    private readonly terms: PaymentTermsQuery,
  ) {}

  /**
   * What each member owes per subscription as `share_dues` shows it now (the calculation's preview of the credit),
   * empty when the cooperative does not credit.
   */
  async owed(cooperativeId: string): Promise<ReadonlyMap<string, OutstandingSubscription[]>> {
    const owed = new Map<string, OutstandingSubscription[]>();
    if (!(await this.terms.terms(cooperativeId)).creditDividendUntilPaid) return owed;
    const outstanding = {
      filters: [{ field: 'outstanding', op: 'range', gte: 1 }],
      sort: [{ field: 'id', direction: 'asc' }],
    } as const;
    for await (const page of shareDues.queryPages(this.reads, cooperativeId, outstanding, PAGE)) {
      for (const due of page) {
        const { id: balanceId, date, outstanding, owedUntil } = due;
        const subscription = { balanceId, date, outstanding, owedUntil };
        const list = owed.get(due.member);
        if (list) list.push(subscription);
        else owed.set(due.member, [subscription]);
      }
    }
    return owed;
  }
}
