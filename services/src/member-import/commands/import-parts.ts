import { fieldError, ValidationError, type FieldError } from '@coop/contracts';
import type { ImportMapping, ImportProblem } from '../import-types.js';
import {
  FileBeyondLimitError,
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
 * clerk's to mend: `400` on `files` with why (`importQuoteNotClosed`, `importWorkbookDamaged`, a file of another kind
 * `importFileIsOds`…; `importUnreadableFile` [file, type, the reader's reason] where none fits). A file beyond a limit of
 * reading (issue 38, files/read-limits.ts) is `400` with the template of its limit [file, the limit, where].
 */
export {
  guessedMapping,
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_UPLOAD_BYTES,
  templateCsv,
  templateWorkbook,
  type FileInspection,
  type UploadedFile,
} from '../files/index.js';
export {
  replayImport,
  replayImportSliced,
  type Decision,
  type ReplayContext,
  type ReplayOutcome,
} from '../replay/replay-import.js';
export { IMPORT_FIELDS, KIND_SHEETS } from '../replay/import-fields.js';

const MB = 1024 * 1024;

/** A file beyond a limit of reading as its translated refusal: the file, the limit (in the unit the text names), where. */
function beyondLimit(error: FileBeyondLimitError): ValidationError {
  const { file, limit, where } = error;
  const count = String(limit);
  switch (error.kind) {
    case 'rows':
      return new ValidationError([fieldError('files', 'importTooManyRows', file, count, where)]);
    case 'columns':
      return new ValidationError([fieldError('files', 'importTooManyColumns', file, count, where)]);
    case 'cellChars':
      return new ValidationError([fieldError('files', 'importCellTooLong', file, count, where)]);
    case 'recordChars':
      return new ValidationError([fieldError('files', 'importRowTooLong', file, count, where)]);
    case 'cells':
      return new ValidationError([fieldError('files', 'importTooManyCells', file, count)]);
    case 'textChars':
      return new ValidationError([fieldError('files', 'importTooMuchText', file, count)]);
    case 'unzipped':
      return new ValidationError([fieldError('files', 'importWorkbookTooLarge', file, String(Math.round(limit / MB)))]);
    case 'parts':
      return new ValidationError([fieldError('files', 'importWorkbookTooManyParts', file, count)]);
    case 'ratio':
      return new ValidationError([fieldError('files', 'importWorkbookPackedTooTight', file, count, where)]);
    case 'time':
      return new ValidationError([fieldError('files', 'importReadTooLong', file, count)]);
    case 'memory':
      return new ValidationError([fieldError('files', 'importReadTooLarge', file, count)]);
  }
}

/** An unreadable file, or one beyond a limit of reading, as the refusal of the upload; any other error as it is. */
export function unreadableAsRefusal(error: unknown): unknown {
  // Columns separated by another character: `400 importUnsupportedDelimiter` [file, what separates them] (issue 39).
  if (error instanceof UnsupportedDelimiterError)
    return new ValidationError([fieldError('files', 'importUnsupportedDelimiter', error.file, error.found)]);
  if (error instanceof FileBeyondLimitError) return beyondLimit(error);
  if (!(error instanceof UnreadableFileError)) return error;
  return new ValidationError([unreadable(error)]);
}

/** Why a file cannot be read, in the clerk's words (decision 300); the reader's own words only where none fits. */
function unreadable(error: UnreadableFileError): FieldError {
  const { file } = error;
  switch (error.why) {
    case 'ods':
      return fieldError('files', 'importFileIsOds', file);
    case 'xls':
      return fieldError('files', 'importFileIsXls', file);
    case 'notText':
      return fieldError('files', 'importFileNotText', file);
    case 'quoteNotClosed':
      return fieldError('files', 'importQuoteNotClosed', file, String(error.row ?? ''));
    case 'bomNotUtf8':
      return fieldError('files', 'importBomNotUtf8', file);
    case 'damagedWorkbook':
      return fieldError('files', 'importWorkbookDamaged', file);
    case 'formulaNotCalculated':
      return fieldError('files', 'importFormulaNotCalculated', file, error.cell ?? '');
    case 'stopped':
      return fieldError('files', 'importReadStopped', file);
    case 'other':
      return fieldError('files', 'importUnreadableFile', file, error.fileType.toUpperCase(), error.reason);
  }
}

const refusing = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw unreadableAsRefusal(error);
  }
};

export const inspectFiles = (files: readonly UploadedFile[], saved: ImportMapping | null): Promise<FileInspection[]> =>
  refusing(inspectReadable(files, saved));
export const readImport = (files: readonly UploadedFile[], mapping: ImportMapping): Promise<ImportRead> =>
  refusing(readReadable(files, mapping));
export const problemsWorkbook = (
  files: readonly UploadedFile[],
  mapping: ImportMapping,
  problems: readonly ImportProblem[],
  text: (p: ImportProblem) => string,
  lang: ProblemsLanguage,
): Promise<Buffer> => refusing(problemsWorkbookOfReadable(files, mapping, problems, text, lang));
