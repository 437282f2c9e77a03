/*
 * `@coop/projections/share-ledger`: the postings' collection and its typed document, and the share register (a view of
 * the postings). Only the share-ledger area of services and the platform import it (rule `read-model-through-its-owner`,
 * decisions 248, 257, 263); other areas use the share ledger's `balanceDocuments` from services/src/share-ledger/index.ts.
 */
export { BALANCES, readBalance, type BalanceDocument } from '../projectors/balance-document.js';
export { SHARE_REGISTER } from '../projectors/member-collections.js';
