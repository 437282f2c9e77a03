/**
 * A read thread's entry (see ThreadedReadStore): its own connection to the SQLite read store, answering the
 * API thread's find() requests one at a time. It only reads: the collections are learnt, not created.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { READER_CACHE_MIB, SqliteReadStore } from '@coop/projections';
import { importAreas } from '../areas.js';
import type { FindAnswer, ReadRequest, ReadThreadData, SwitchRequest } from './read-thread-protocol.js';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('read-thread.js runs only as a worker thread');
  return parentPort;
}
const port = threadPort();
const data = workerData as ReadThreadData;
// The areas' collections and view builders: functions, which cannot be sent to a thread; it imports their module.
const areas = await importAreas(data.areas);
let store = open(data.file);

function open(file: string): SqliteReadStore {
  const opened = new SqliteReadStore(file, { cacheMiB: READER_CACHE_MIB, views: areas.views });
  opened.useCollections(areas.collections);
  return opened;
}

port.on('message', async (request: ReadRequest | SwitchRequest) => {
  if ('switchTo' in request) {
    const old = store;
    store = open(request.switchTo);
    await old.close();
    return;
  }
  let answer: FindAnswer;
  try {
    if ('scan' in request) {
      const { cooperativeId, after, limit } = request.scan;
      const { docs, last } = store.scanPage(request.collection, cooperativeId, after, limit);
      answer = {
        id: request.id,
        json: `[${docs.join(',')}]`,
        count: docs.length,
        total: docs.length,
        ...(last !== null ? { last } : {}),
      };
    } else if ('ids' in request) {
      const { json, count } = store.getJson(request.collection, request.ids);
      answer = { id: request.id, json, count, total: count };
    } else if (request.view) {
      // The store reads and builds the page before its promise settles: no other request runs in between.
      answer = { id: request.id, ...(await store.findView(request.collection, request.query, request.view)) };
    } else {
      const { json, count, total } = store.findJson(request.collection, request.query);
      answer = { id: request.id, json, count, total };
    }
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
