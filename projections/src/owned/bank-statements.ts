/*
 * `@coop/projections/bank-statements`: the bank statements and their entries (collections). Only the bank statements
 * area of services and the platform import it (rule `read-model-through-its-owner`, decision 263).
 */
export { BANK_STATEMENTS, BANK_STATEMENT_ENTRIES } from '../projectors/bank-statements.projector.js';
