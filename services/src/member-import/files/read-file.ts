import type { FileRead, UploadedFile } from './file-read.js';
import { readFileHere } from './read-file-here.js';
import { isReadThreadBuilt, readInThread } from './read-thread.js';

/*
 * An uploaded file → its sheets (import, issues 29 and 38): an XLSX workbook (a zip: it begins with `PK\x03\x04`) by
 * exceljs's parsers, anything else as CSV text, in a thread of its own within a time and memory budget
 * (read-thread.ts; on the calling thread where the thread's entry is not built). A file neither reader can read is an
 * UnreadableFileError; a file beyond a limit of reading a FileBeyondLimitError.
 */
export { FileBeyondLimitError, UnreadableFileError, type FileRead, type UploadedFile } from './file-read.js';

/** `signal` abandons a read in a thread (its thread is ended); a read on the calling thread runs to its end. */
export function readFile(file: UploadedFile, signal?: AbortSignal): Promise<FileRead> {
  return isReadThreadBuilt() ? readInThread(file, undefined, undefined, signal) : readFileHere(file);
}
