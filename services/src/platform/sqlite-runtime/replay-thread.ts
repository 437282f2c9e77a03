/**
 * The replay helper's entry (ThreadReplay, decision 284): in a thread of its own, replays the log up to a position with
 * some of the projectors into a side read-model file that the projection thread is filling with the others at the
 * same time, then reports the events it read. Its own connections: the event log, the key store, the side file.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { importAreas } from '../areas.js';
import { openEventLog } from '../storage.js';
import type { FromReplayThread, ReplayThreadData } from './replay-protocol.js';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('replay-thread.js runs only as a worker thread');
  return parentPort;
}
const port = threadPort();
const data = workerData as ReplayThreadData;
const send = (message: FromReplayThread): void => port.postMessage(message);

try {
  const areas = await importAreas(data.areas);
  const projectors = data.projectors.map((i) => {
    const projector = areas.projectors[i];
    if (!projector) throw new Error(`No projector ${i} in ${data.areas}`);
    return projector;
  });
  const log = await openEventLog(data.config, areas);
  const store = new SqliteReadStore(data.file, data.sqlite);
  try {
    const runner = new ProjectionRunner(log.events, store, projectors, () => undefined, { group: true });
    const { events } = await runner.replayShare(BigInt(data.upTo));
    send({ kind: 'done', events });
  } finally {
    await store.close();
    await log.close();
  }
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
port.close();
