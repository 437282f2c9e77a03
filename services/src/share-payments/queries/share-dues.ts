import { readShareDue, SHARE_DUES, type ShareDueDocument } from '@coop/projections/share-payments';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The dues on subscribed shares as typed documents (decision 258): the one reader of the `share_dues` collection, for
 * this area and, through index.ts, for the dividend's credit, the reminders, the direct debits and the bank statements'
 * matching (`read-model-through-its-owner`).
 */
export const shareDues = new TypedReads<ShareDueDocument>(SHARE_DUES, 'Posting', readShareDue);

export type { ShareDueDocument };
