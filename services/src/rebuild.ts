import { areas } from './areas.js';
import { loadConfig } from './platform/config/config.js';
import { openStorage } from './platform/storage.js';
import { keepFilesPrivate } from './platform/private-files.js';

// Nothing this process writes is readable by group or others (personal data and keys; decision 136).
keepFilesPrivate();

/**
 * `npm run projections:rebuild`: rebuilds every read model from the whole log beside the current ones and switches to
 * them when they have caught up (SQLite, decision 171; MongoDB: in place). Stop the projections elsewhere first.
 */
const config = loadConfig();
// This process answers no queries: no read threads.
const storage = await openStorage(config, areas, { readThreads: false });
const started = Date.now();
const { events } = await storage.runner.rebuild();
await storage.close();
console.log(`Rebuilt read models from ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
