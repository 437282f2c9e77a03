/**
 * The write-behind thread's entry (see ThreadedWriteBehind, decision 281): its own connection to a SQLite read store,
 * writing a rebuild's batches one at a time, each with its checkpoint in one transaction, while the projection thread
 * folds the next events.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { SqliteReadStore } from '@coop/projections';
import type { FromWriteBehindThread, ToWriteBehindThread, WriteBehindThreadData } from './write-behind-protocol.js';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('write-behind-thread.js runs only as a worker thread');
  return parentPort;
}
const port = threadPort();
const { setup, collections } = workerData as WriteBehindThreadData;
const store = new SqliteReadStore(setup.file, setup.options);
store.useCollectionsToWrite(collections);
const send = (message: FromWriteBehindThread): void => port.postMessage(message);

port.on('message', (message: ToWriteBehindThread) => {
  if (message.kind === 'close') {
    void store.close().then(() => port.close());
    return;
  }
  store.applyBatch(message.ops, message.checkpoint).then(
    () => send({ kind: 'written' }),
    (error: unknown) => send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ kind: 'ready' });
