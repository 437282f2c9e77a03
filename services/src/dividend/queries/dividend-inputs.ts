import { DIVIDEND_INPUTS, readDividendInput, type DividendInputDocument } from '@coop/projections/dividend';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * What this area keeps of each member (`dividend_inputs`) as typed documents (decision 258): the calculation's input
 * and the names a closure shows beside its results. Only this area reads the collection.
 */
export const dividendInputs = new TypedReads<DividendInputDocument>(DIVIDEND_INPUTS, 'Member', readDividendInput);
