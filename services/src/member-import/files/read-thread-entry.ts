import { parentPort, workerData } from 'node:worker_threads';
import type { FileRead } from './file-read.js';
import { FileBeyondLimitError, isZip, UnreadableFileError } from './file-read.js';
import { streamCsv } from './read-csv.js';
import { readFileHere, refusal, refuseForeign } from './read-file-here.js';
import { ROWS_PER_MESSAGE, type ReadAnswer, type ReadStart } from './read-thread.js';

/*
 * The reading thread (read-thread.ts): reads the one file it was started with and answers its sheets, each sheet's
 * rows in batches, then the end; or why the file is refused. The calling thread ends it once the answer came.
 * A CSV file's rows are posted as the parser makes them (issue 39, decision 150): this thread holds one batch, not the
 * file, and the calling thread takes batches in while the rest is parsed. The calling thread keeps them until the end
 * comes: a refusal after rows were posted still refuses the whole file. A workbook is read whole, then posted.
 */

const port = parentPort;
if (!port) throw new Error('The reading thread runs as a worker thread');
const start = workerData as ReadStart;
const send = (answer: ReadAnswer): void => port.postMessage(answer);

/** A CSV file, its rows posted as they are parsed. */
async function postCsv(): Promise<void> {
  let base: FileRead['base'] | undefined;
  await streamCsv(
    start.name,
    start.bytes,
    {
      head: ({ sheet, encoding, delimiter }) => {
        base = { fileType: 'csv', encoding, delimiter };
        send({ sheet });
      },
      rows: (rows) => send({ rows }),
    },
    ROWS_PER_MESSAGE,
  ).catch((e: unknown) => {
    throw refusal(start.name, 'csv', e);
  });
  if (!base) throw new UnreadableFileError(start.name, 'csv', 'no header was read');
  send({ done: base });
}

/** A workbook, read whole, then its sheets posted a batch of rows at a time. */
async function postWorkbook(): Promise<void> {
  const read = await readFileHere({ name: start.name, bytes: start.bytes });
  for (const { rows, ...sheet } of read.sheets) {
    send({ sheet });
    for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE) send({ rows: rows.slice(at, at + ROWS_PER_MESSAGE) });
  }
  send({ done: read.base });
}

try {
  refuseForeign(start);
  await (isZip(start.bytes) ? postWorkbook() : postCsv());
} catch (error) {
  const refused =
    error instanceof FileBeyondLimitError || error instanceof UnreadableFileError
      ? error
      : refusal(start.name, isZip(start.bytes) ? 'xlsx' : 'csv', error);
  if (refused instanceof FileBeyondLimitError)
    send({ beyond: { kind: refused.kind, limit: refused.limit, where: refused.where } });
  else if (refused instanceof UnreadableFileError) {
    const { fileType, reason, why, row, cell } = refused;
    send({ unreadable: { fileType, reason, why, row, cell } });
  }
}
