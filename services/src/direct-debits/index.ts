/** The direct debits area's public entry (issue 45): its module and the pure pain.008 builder and rules. */
export { DirectDebitsModule } from './direct-debits.module.js';
// The data-protection clean-up's step for the collections' files (decision 364).
export { ErasedDebtorFiles } from './commands/erased-debtor-files.js';
export { ERASED_DEBTOR_IBAN, ERASED_DEBTOR_NAME, withoutErasedDebtors } from './sepa/erased-debtors.js';
export { pain008Xml, PAIN_008_001_08, type SepaDebitFile, type SepaDebit } from './sepa/pain008.js';
export { pain008Violations, pain008XmlViolations } from './sepa/pain008-rules.js';
export { earliestCollectionDate, isTarget2Day } from './domain/target2.js';
// What the demo's direct-debit stage decides and writes with (services/src/demo/demo-direct-debits.ts).
export { debitMemberDecider, initialDebitMemberState, type DebitMemberState } from './domain/mandate.decider.js';
export { mandateReferenceDecider } from './domain/mandate-reference.decider.js';
export { addDays, nextTarget2Day } from './domain/target2.js';
export { debitFile, debitMessageId } from './sepa/collection-file.js';
export { collectionFileId } from './commands/collection.commands.js';
export type { PlannedDebit } from './domain/collection-plan.js';
// The bank statements' matching: a credit that is this product's own collected debit is never booked again (decision 352).
export { ownDebitsOf, type OwnDebit } from './queries/own-debits.js';
