// A read thread for ThreadedReadStore's tests: the real read thread, which stops (exit code 3) when asked to search
// for "stop-this-thread", as a thread that crashed would. Runs only as a worker thread, from the built services.
import { parentPort } from 'node:worker_threads';

// Listening before the real thread does, so the request stops the thread before it is answered.
parentPort.on('message', (request) => {
  if (request.query?.search === 'stop-this-thread') process.exit(3);
});
await import('../../../../dist/platform/sqlite-runtime/read-thread.js');
