import { BALANCES, readBalance, type BalanceDocument } from '@coop/projections/share-ledger';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The postings as typed documents (decisions 247, 257): the one reader of the `balances` collection, for this area and,
 * through index.ts, for every other (`read-model-through-its-owner`).
 */
export const balanceDocuments = new TypedReads<BalanceDocument>(BALANCES, 'Balance', readBalance);

export type { BalanceDocument };
