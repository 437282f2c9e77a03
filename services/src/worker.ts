import { areas } from './areas.js';
import { loadConfig } from './platform/config/config.js';
import { openStorage } from './platform/storage.js';

/** The projection worker for production: the same projectors as the API, in their own process. */
const config = loadConfig();
// This process answers no queries: no read threads.
const storage = await openStorage(config, areas, { readThreads: false });
await storage.runner.start();
console.log(`Projection worker running ${areas.projectors.length} projectors from position ${storage.runner.processedUpTo}`);
const stop = async (): Promise<void> => {
  await storage.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
