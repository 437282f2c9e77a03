/**
 * The projection thread's entry (see ThreadedProjectionRunner): imports the business areas' module the API thread
 * names, opens its own connections to the event log, the key store and the read store, runs the same
 * ProjectionRunner and projectors as an in-process runner, and reports each stored checkpoint to the API thread.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ProjectionRunner } from '@coop/projections';
import { importAreas } from '../areas.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { openEventLog, openReadStore, readStoreFile, readStoreSides } from '../storage.js';
import { stopHereInTests } from '../commands/test-stop.js';
import { WalCheckpoints, WRITER_CHECKPOINT_PAGES } from './wal-checkpoints.js';
import type { FromProjectionThread, ProjectionThreadData, ToProjectionThread } from './thread-protocol.js';
import { replayConnection, replayThreadConnection, ThreadReplay } from './thread-replay.js';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('projection-thread.js runs only as a worker thread');
  return parentPort;
}
const port = threadPort();
/** The compiled entry of the checkpoint thread, beside this one. */
const CHECKPOINT_THREAD = new URL('./checkpoint-thread.js', import.meta.url);
/** The compiled entry of the replay helper's thread (a rebuild on two cores, decision 284). */
const REPLAY_THREAD = new URL('./replay-thread.js', import.meta.url);
const data = workerData as ProjectionThreadData;
const config = data.config;
// The areas' projectors and personal-data rules: functions, which cannot be sent to a thread; it imports their module.
const areas = await importAreas(data.areas);

const log = await openEventLog(config, areas);
// SQLite: the read store's log is copied into the database by a thread of its own, not by this thread's commits.
let checkpoints = config.mongodbUrl ? undefined : await WalCheckpoints.start(CHECKPOINT_THREAD, readStoreFile(config));
const writer = checkpoints ? { walAutocheckpointPages: WRITER_CHECKPOINT_PAGES } : {};
let readStore = await openReadStore(config, areas, writer);
// A rebuild builds beside the current read models and switches files when it has caught up (decision 171), its
// replay shared with a helper thread (decision 284): the two write the side file over their own connections.
const sides = readStoreSides(config, areas, replayConnection(writer));
const parallel = sides
  ? new ThreadReplay(REPLAY_THREAD, config, areas, (side) => sides.fileOf(side), replayThreadConnection(writer))
  : undefined;
const runner = new ProjectionRunner(log.events, readStore, areas.projectors, (line) => console.log(line), {
  ...(sides ? { sides } : {}),
  ...(parallel ? { parallel } : {}),
  stopAt: stopHereInTests,
});
const send = (message: FromProjectionThread): void => port.postMessage(message);
sides?.onSwitched((file, store) => {
  readStore = store;
  send({ kind: 'switched', file });
  // The checkpoint thread follows the new file; the old one's last checkpoint no longer matters. The moves are taken
  // one after another: two switches in a row once left the first move's thread unclosed, and the projection thread
  // (which waits for it) never ended, so closing the product hung after two rebuilds.
  checkpointsMoving = checkpointsMoving.then(async () => {
    const old = checkpoints;
    checkpoints = undefined;
    await old?.close();
    checkpoints = await WalCheckpoints.start(CHECKPOINT_THREAD, file).catch((error: unknown) => {
      console.error('Checkpoint thread could not be started on the new read-model file', error);
      return undefined;
    });
  });
});
/** The checkpoint thread moving to a switched file (closed before the thread ends). */
let checkpointsMoving: Promise<void> = Promise.resolve();
runner.onProcessed((position) => send({ kind: 'processed', position }));
/** How often the thread reports a rebuild's progress to the API thread (the rebuild task shows it). */
const REBUILD_PROGRESS_MS = 500;
setInterval(() => {
  const progress = runner.rebuildProgress;
  if (progress) send({ kind: 'rebuilding', ...progress });
}, REBUILD_PROGRESS_MS).unref();

/**
 * How long the thread may gather writes nobody waits for yet before it reads them (decision 40): postings answered
 * before the read models include them arrive about a millisecond apart under load, and storing several in one
 * transaction writes the pages they share (the indexes' last pages, the totals, the checkpoint) once. A request
 * that waits (`waiting`) wakes the thread at once.
 */
const APPENDED_GATHER_MS = 10;
let gathering: NodeJS.Timeout | undefined;

/** The API thread's appends do not reach this connection's subscribers by themselves. */
function wake(): void {
  if (gathering) clearTimeout(gathering);
  gathering = undefined;
  if (log.adapter instanceof SqliteEventStore) log.adapter.notifyAppended();
}

async function handle(message: ToProjectionThread): Promise<void> {
  if (message.kind === 'appended') {
    if (message.waiting) wake();
    else gathering ??= setTimeout(wake, APPENDED_GATHER_MS);
    return;
  }
  const { id } = message;
  try {
    let events: number | undefined;
    switch (message.kind) {
      case 'start':
        await runner.start();
        break;
      case 'stop':
        await runner.stop();
        break;
      case 'rebuild':
        events = (await runner.rebuild()).events;
        break;
      case 'apply':
        await runner.apply(message.batch);
        break;
      case 'close':
        await runner.stop();
        await log.close();
        await readStore.close();
        await checkpointsMoving;
        await checkpoints?.close();
        break;
    }
    send({ kind: 'done', id, processed: runner.processedUpTo, ...(events === undefined ? {} : { events }) });
    if (message.kind === 'close') port.close();
  } catch (error) {
    send({ kind: 'failed', id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

port.on('message', (message: ToProjectionThread) => void handle(message));
