/** The direct debits area's public entry (issue 45): its module and the pure pain.008 builder and rules. */
export { DirectDebitsModule } from './direct-debits.module.js';
export { pain008Xml, PAIN_008_001_08, type SepaDebitFile, type SepaDebit } from './sepa/pain008.js';
export { pain008Violations, pain008XmlViolations } from './sepa/pain008-rules.js';
export { earliestCollectionDate, isTarget2Day } from './domain/target2.js';
