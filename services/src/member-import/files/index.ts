/*
 * files/ of the import (issue 29): bytes → sheets → typed rows; the templates; the problems workbook.
 * Pure of NestJS: the import's commands, HTTP and CLI call these.
 */
export { FileBeyondLimitError, UnreadableFileError, type UploadedFile } from './read-file.js';
export { UnsupportedDelimiterError } from './detect-format.js';
export { MAX_FILE_BYTES, MAX_FILES, MAX_UPLOAD_BYTES } from './read-limits.js';
export { inspectFiles, guessedMapping, type FileInspection, type SheetInspection } from './inspect.js';
export { readImport, type ImportRead } from './read-import.js';
export { templateWorkbook, templateCsv, templateHeaders, templateSheetName } from './templates.js';
export { problemsWorkbook, type ProblemsLanguage } from './problems-workbook.js';
export { normaliseHeader, guessField, guessKind, guessColumns } from './guess-mapping.js';
export { moneyFromNumber, parseMoneyText, parseDateText } from './parse-values.js';
