import type { CollectionSpec, PaymentTermsSet, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

export * from './payment-terms-document.js';

/**
 * The cooperative's payment terms on shares (issue 45; `PaymentTermsSet` on `payment-terms-<cooperativeId>`): one
 * document per cooperative (id = cooperativeId), the event's data as set. A cooperative without one follows
 * `DEFAULT_PAYMENT_TERMS` (services/src/share-payments, PaymentTermsQuery).
 */
export const PAYMENT_TERMS: CollectionSpec = { name: 'payment_terms', fields: {}, search: [] };

export const paymentTermsProjector: Projector = {
  collections: [PAYMENT_TERMS],
  keys(event: RecordedEvent): DocKey[] {
    return event.type === 'PaymentTermsSet'
      ? [{ collection: PAYMENT_TERMS.name, id: (event as RecordedEvent<PaymentTermsSet>).data.cooperativeId }]
      : [];
  },
  project(recorded): WriteOp[] {
    const { cooperativeId, instalments, reminderAfterDays, creditDividendUntilPaid, creditorId } = (
      recorded as RecordedEvent<PaymentTermsSet>
    ).data;
    const doc = stamp(recorded, {
      id: cooperativeId,
      cooperativeId,
      instalments,
      reminderAfterDays,
      creditDividendUntilPaid,
      creditorId,
    });
    return [{ kind: 'put', collection: PAYMENT_TERMS.name, doc }];
  },
};
