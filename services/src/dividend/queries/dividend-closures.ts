import { DIVIDENDS, readDividendClosure, type DividendClosureDocument } from '@coop/projections/dividend';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The closures as typed documents (decision 258): the one reader of the `dividends` collection, for this area and,
 * through index.ts, for the tax documents, the FSA control report, the payouts, the settlements, the member PDFs and
 * the members' dividends (`read-model-through-its-owner`; the collection is reachable only from `/dividend`).
 */
export const dividendClosures = new TypedReads<DividendClosureDocument>(DIVIDENDS, 'Dividend', readDividendClosure);

export type { DividendClosureDocument };
