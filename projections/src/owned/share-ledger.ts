/*
 * `@coop/projections/share-ledger`: the postings' collection and its typed document. Only the share-ledger area of
 * services and the platform import it (rule `read-model-through-its-owner`, decisions 248, 257); other areas use the
 * share ledger's `balanceDocuments` from services/src/share-ledger/index.ts.
 */
export { BALANCES, readBalance, type BalanceDocument } from '../projectors/balance-document.js';
