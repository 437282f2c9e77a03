/**
 * The import of a member register's public entry (issue 29): its module, the write side the command line shares
 * (`RunImport`: dry run and all-or-nothing write), the saved mapping and history, and the problem texts.
 */
export { MemberImportModule } from './member-import.module.js';
export { RunImport, type DryRunResult, type WriteResult, type PreparedImport } from './commands/run-import.js';
export { ImportHistory } from './queries/import-history.js';
export { guessedMapping, parseMapping } from './commands/import-mapping.js';
export { problemText, templateText, type ProblemLanguage } from './problem-texts.js';
