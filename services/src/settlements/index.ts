/** The settlements area's public entry (issue 42): what other areas may use. */
export { SettlementsModule } from './settlements.module.js';
export { SettlementReads } from './queries/settlement-reads.js';
export {
  memberAccountOf,
  settlementDecider,
  type BankAccount,
  type SettlementState,
} from './domain/settlement.decider.js';
export { settlementTermsDecider } from './domain/settlement-terms.decider.js';
export {
  payoutDeadline,
  settlementAmount,
  settlementEnds,
  type SettlementEnd,
  type LossShareRule,
} from './domain/settlement-amount.js';
export { SettlementReminders } from './commands/settlement-reminders.js';
export { settlementDocuments, type SettlementDocument } from './reads.js';
