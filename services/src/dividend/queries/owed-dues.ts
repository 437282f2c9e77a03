import { Injectable } from '@nestjs/common';
import { SHARE_DUES } from '@coop/projections';
import { ReadModels } from '../../platform/http/read-models.js';
import { PaymentTermsQuery } from '../../share-payments/index.js';
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
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.reads.query(SHARE_DUES, cooperativeId, {
        cooperativeId,
        filters: [{ field: 'outstanding', op: 'range', gte: 1 }],
        sort: [{ field: 'id', direction: 'asc' }],
        offset,
        limit: PAGE,
      });
      for (const due of page.items) {
        const member = String(due.member);
        const subscription = { balanceId: due.id, date: String(due.date), outstanding: Number(due.outstanding) };
        const list = owed.get(member);
        if (list) list.push(subscription);
        else owed.set(member, [subscription]);
      }
      if (page.items.length < PAGE) return owed;
    }
  }
}
