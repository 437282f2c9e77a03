import { fieldError, ValidationError } from '@coop/contracts';
import type { ImportMapping, ImportProblem } from '../import-types.js';
import {
  inspectFiles as inspectReadable,
  problemsWorkbook as problemsWorkbookOfReadable,
  readImport as readReadable,
  UnreadableFileError,
  UnsupportedDelimiterError,
  type FileInspection,
  type ImportRead,
  type ProblemsLanguage,
  type UploadedFile,
} from '../files/index.js';

/*
 * The parts of the import this folder drives (issue 29, design "The parts and the functions between them"): files/
 * (bytes → typed rows, templates, the problems workbook) and replay/ (typed rows → the deciders' decisions, in memory).
 * One place names where they live. A file that cannot be read at all (an unclosed quote, a damaged workbook) is the
 * clerk's to mend: `400 importUnreadableFile` [file, type, the reader's reason] on `files`.
 */
export { guessedMapping, templateCsv, templateWorkbook, type FileInspection, type UploadedFile } from '../files/index.js';
export { replayImport, type Decision, type ReplayContext, type ReplayOutcome } from '../replay/replay-import.js';
export { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';

/** An unreadable file as the refusal of the upload; any other error as it is. */
export function unreadableAsRefusal(error: unknown): unknown {
  // Columns separated by another character: `400 importUnsupportedDelimiter` [file, what separates them] (issue 39).
  if (error instanceof UnsupportedDelimiterError) return new ValidationError([fieldError('files', 'importUnsupportedDelimiter', error.file, error.found)]);
  if (!(error instanceof UnreadableFileError)) return error;
  return new ValidationError([fieldError('files', 'importUnreadableFile', error.file, error.fileType.toUpperCase(), error.reason)]);
}

const refusing = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw unreadableAsRefusal(error);
  }
};

export const inspectFiles = (files: readonly UploadedFile[], saved: ImportMapping | null): Promise<FileInspection[]> => refusing(inspectReadable(files, saved));
export const readImport = (files: readonly UploadedFile[], mapping: ImportMapping): Promise<ImportRead> => refusing(readReadable(files, mapping));
export const problemsWorkbook = (
  files: readonly UploadedFile[],
  mapping: ImportMapping,
  problems: readonly ImportProblem[],
  text: (p: ImportProblem) => string,
  lang: ProblemsLanguage,
): Promise<Buffer> => refusing(problemsWorkbookOfReadable(files, mapping, problems, text, lang));
