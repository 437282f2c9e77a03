/**
 * The checkpoint thread's entry (see WalCheckpoints): its own connection to the SQLite read store, copying the
 * write-ahead log into the database every few milliseconds (a PASSIVE checkpoint: it never waits for, nor blocks,
 * the writer or the readers). The projection thread's commits then only append to the log; the copy and its fsync,
 * which stalled a commit for 14-20 ms every ~50 postings, happen here (docs/decisions.md 32).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointThreadData, FromCheckpointThread, ToCheckpointThread } from './checkpoint-protocol.js';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('checkpoint-thread.js runs only as a worker thread');
  return parentPort;
}
const port = threadPort();
const { file, everyMs } = workerData as CheckpointThreadData;
const db = new Database(file);
// A checkpoint that meets another one (the writer's safety net) gives up at once and tries again next time.
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

function copyLog(): void {
  try {
    checkpoint.run();
  } catch (error) {
    // SQLITE_BUSY: another checkpoint runs; the next tick tries again.
    if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY')) throw error;
  }
}

const timer = setInterval(copyLog, everyMs);
port.on('message', (message: ToCheckpointThread) => {
  if (message.kind !== 'close') return;
  clearInterval(timer);
  copyLog();
  db.close();
  port.close();
});
port.postMessage({ kind: 'ready' } satisfies FromCheckpointThread);
