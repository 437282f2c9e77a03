import { resolve } from 'node:path';
import { loadConfig } from './platform/config/config.js';
import { backupDataDir } from './platform/storage-backup.js';
import { keepFilesPrivate } from './platform/private-files.js';

// Nothing this process writes is readable by group or others (personal data and keys; decision 136).
keepFilesPrivate();

/**
 * `npm run backup -- DIR`: an online, consistent backup of the embedded stores of `DATA_DIR` into DIR (new or empty),
 * while the API runs. Only the embedded stores: KurrentDB and MongoDB are backed up with their own tools
 * (docs/operations.md, "Backups").
 */
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- DIR   (DIR new or empty; the data directory is DATA_DIR, default ./data)');
  process.exit(2);
}
const config = loadConfig();
if (config.eventStoreUrl || config.mongodbUrl) {
  console.error(
    'The event log or key store is not embedded (EVENT_STORE_URL, MONGODB_URL): back up KurrentDB and MongoDB with their own tools (docs/operations.md).',
  );
  process.exit(2);
}
const manifest = await backupDataDir(config.dataDir, resolve(target), (line) => console.log(line));
console.log(`Backup of ${config.dataDir} in ${resolve(target)}: the log up to position ${manifest.eventsHead}`);
