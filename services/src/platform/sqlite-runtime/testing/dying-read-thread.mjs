// A read thread for ThreadedReadStore's tests: the real read thread, which stops (exit code 3) when asked to search
// for "stop-this-thread", as a thread that crashed would. Runs only as a worker thread, from the built services.
// Each thread leaves a mark beside the file when it starts, so a test can see a thread that starts after close.
import { writeFileSync } from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';

writeFileSync(`${workerData.file}.thread-${threadId}`, '');

// Listening before the real thread does, so the request stops the thread before it is answered.
parentPort.on('message', (request) => {
  if (request.query?.search === 'stop-this-thread') process.exit(3);
});
await import('../../../../dist/platform/sqlite-runtime/read-thread.js');
