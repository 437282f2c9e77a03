/*
 * The parts of the import this folder drives (issue 29, design "The parts and the functions between them"): files/
 * (bytes → typed rows, templates, the problems workbook) and replay/ (typed rows → the deciders' decisions, in memory).
 * One place names where they live.
 */
export { inspectFiles, problemsWorkbook, readImport, templateCsv, templateWorkbook, type FileInspection, type UploadedFile } from '../files/index.js';
export { replayImport, type Decision, type ReplayContext, type ReplayOutcome } from '../replay/replay-import.js';
export { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';
