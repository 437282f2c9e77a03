import { TypedReads } from '../../platform/http/typed-reads.js';
import { DIVIDEND_MEMBERS, readDividendMember, type DividendMemberDocument } from '@coop/projections/dividend';

/**
 * A closure's member results as typed documents (decision 247): the one reader of the `dividend_members` collection,
 * for this area and, through index.ts, for every other (`read-model-through-its-owner`).
 */
export const dividendResults = new TypedReads<DividendMemberDocument>(
  DIVIDEND_MEMBERS,
  'DividendMember',
  readDividendMember,
);

export type { DividendMemberDocument };
