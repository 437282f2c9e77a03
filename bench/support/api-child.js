// The API in a process of its own, built as `npm start` builds it (services/dist/main.js: createApp on the configuration
// from the environment, then listen), for benchmarks that measure the process itself: its peak memory, its CPU time,
// its profile (`--cpu-prof`). Started by `startApi` (api-process.js) through `fork`: it sends `{ url }` once it listens,
// and on the message 'close' closes the app and its stores and exits normally, so that `--cpu-prof` writes the
// profiles of every thread (the product's own SIGTERM handling ends the process by the signal, which writes none).
// `{ profile: 'start' }` and `{ profile: 'stop', file }` profile the API thread alone between the two (node:inspector),
// written to `file`; the child answers `{ profiled: file }`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { built } from '../lib.js';

const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');

const startedAt = performance.now();
const running = await createApp(loadConfig(), areas);
await running.app.listen(0, '127.0.0.1');
const { port } = running.app.getHttpServer().address();
process.send({ url: `http://127.0.0.1:${port}`, startMs: Math.round(performance.now() - startedAt) });

let session;
process.on('message', async (message) => {
  if (message === 'close') {
    await running.close();
    process.exit(0);
  }
  if (message?.profile === 'start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    process.send({ profiling: true });
  }
  if (message?.profile === 'stop' && session) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    session = undefined;
    writeFileSync(message.file, JSON.stringify(profile));
    process.send({ profiled: message.file });
  }
});
// Without its parent (the benchmark ended abnormally) the API does not stay behind.
process.on('disconnect', () => process.exit(1));
