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

/** A read begun ahead of its asking (`readAhead`), and how to end its thread when it is abandoned. */
interface AheadRead {
  readonly read: Promise<FileRead>;
  readonly abandon: AbortController;
}

/** Reads begun ahead, by the uploaded file (the same object) they were begun for; each is taken once. */
const ahead = new WeakMap<UploadedFile, AheadRead>();

/** `signal` abandons a read in a thread (its thread is ended); a read on the calling thread runs to its end. */
export function readFile(file: UploadedFile, signal?: AbortSignal): Promise<FileRead> {
  const begun = ahead.get(file);
  if (begun !== undefined) {
    ahead.delete(file);
    if (signal?.aborted) begun.abandon.abort();
    else signal?.addEventListener('abort', () => begun.abandon.abort(), { once: true });
    return begun.read;
  }
  return isReadThreadBuilt() ? readInThread(file, undefined, undefined, signal) : readFileHere(file);
}

/**
 * Begins reading `files` before they are asked for (the command line, decision 250: while its modules load and its
 * stores open, which took 5-8 s of a 20,000-member dry run with the cores idle), as `readFile` reads them, `atOnce` at
 * a time in their order; the first `readFile` of the same object takes the read (its answer or its refusal, the same as
 * reading it then). `here`: on the calling thread (a CSV file's head for the mapping's guess: a thread's start costs
 * more than reading 256 KB). A read never taken is ended with the process.
 */
export function readAhead(files: readonly UploadedFile[], options: { atOnce: number; here?: boolean }): void {
  let running = 0;
  const waiting: (() => void)[] = [];
  for (const file of files) {
    const abandon = new AbortController();
    const read = (async (): Promise<FileRead> => {
      if (running >= options.atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        if (options.here === true || !isReadThreadBuilt()) return await readFileHere(file);
        return await readInThread(file, undefined, undefined, abandon.signal);
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    })();
    read.catch(() => undefined); // a refusal is answered to whoever takes the read
    ahead.set(file, { read, abandon });
  }
}
