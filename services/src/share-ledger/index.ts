/** The share ledger's public entry: what other areas may use. */
export { ShareLedgerModule } from './share-ledger.module.js';
export { ShareTermsReader } from './commands/share-terms.reader.js';
export { ClosedYearsReader, revisionCheck, type ClosedYears } from './commands/closed-years.reader.js';
export {
  movedPaid,
  shareLedgerDecider,
  transferCounterpartToAnnul,
  type LedgerCommand,
} from './domain/ledger.decider.js';
export { LedgerReads } from './queries/ledger-reads.js';
export { balanceDocuments, type BalanceDocument } from './queries/balance-documents.js';
