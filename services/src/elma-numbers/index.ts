/** The approval numbers (ELMA) area's public entry: what other areas may use. */
export { ElmaNumbersModule } from './elma-numbers.module.js';
export { AddElmaNumberCommand } from './commands/elma-number.commands.js';
export { approvalNumberOf, elmaNumberDocuments, type ElmaNumberDocument } from './queries/elma-number-documents.js';
