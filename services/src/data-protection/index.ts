/** The data-protection area's public entry (issue 27): its module and the due rule. */
export { DataProtectionModule } from './data-protection.module.js';
export { retentionDecision, type RetentionFacts, type DueDecision } from './domain/due-rule.js';
