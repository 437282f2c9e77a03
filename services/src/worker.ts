import { areas } from './areas.js';
import { loadConfig } from './platform/config/config.js';
import { startWorker } from './start-worker.js';
import { keepFilesPrivate } from './platform/private-files.js';

// Nothing this process writes is readable by group or others (personal data and keys; decision 136).
keepFilesPrivate();

/** The worker for production: the projections and/or the background tasks, as `startWorker` explains. */
const worker = await startWorker(loadConfig(), areas);
if (worker.projects)
  console.log(
    `Projection worker running ${areas.projectors.length} projectors from position ${worker.storage.runner.processedUpTo}`,
  );
if (worker.tasks) console.log('Task runner running in the worker (TASKS_RUN_IN=worker)');
const stop = async (): Promise<void> => {
  await worker.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
