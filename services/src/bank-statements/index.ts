/** The bank statements area's public entry (issue 45): what other areas may use. */
export { BankStatementsModule } from './bank-statements.module.js';
export { readCamt, CamtRefusal, type CamtStatement, type CamtEntry } from './camt/camt-reader.js';
