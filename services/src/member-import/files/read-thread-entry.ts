import { parentPort, workerData } from 'node:worker_threads';
import { FileBeyondLimitError, isZip, UnreadableFileError } from './file-read.js';
import { readFileHere } from './read-file-here.js';
import { ROWS_PER_MESSAGE, type ReadAnswer, type ReadStart } from './read-thread.js';

/*
 * The reading thread (read-thread.ts): reads the one file it was started with and answers its sheets, each sheet's
 * rows in batches, then the end; or why the file is refused. The calling thread ends it once the answer came.
 */

const port = parentPort;
if (!port) throw new Error('The reading thread runs as a worker thread');
const start = workerData as ReadStart;
const send = (answer: ReadAnswer): void => port.postMessage(answer);

try {
  const read = await readFileHere({ name: start.name, bytes: start.bytes });
  for (const { rows, ...sheet } of read.sheets) {
    send({ sheet });
    for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE) send({ rows: rows.slice(at, at + ROWS_PER_MESSAGE) });
  }
  send({ done: read.base });
} catch (error) {
  if (error instanceof FileBeyondLimitError) send({ beyond: { kind: error.kind, limit: error.limit, where: error.where } });
  else if (error instanceof UnreadableFileError) send({ unreadable: { fileType: error.fileType, reason: error.reason } });
  else send({ unreadable: { fileType: isZip(start.bytes) ? 'xlsx' : 'csv', reason: error instanceof Error ? error.message : String(error) } });
}
