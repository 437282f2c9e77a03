import { resolve } from 'node:path';
import { restoreDataDir } from './platform/storage-backup.js';
import { keepFilesPrivate } from './platform/private-files.js';

// Nothing this process writes is readable by group or others (personal data and keys; decision 136).
keepFilesPrivate();

/**
 * `npm run restore -- DIR`: restores the backup in DIR (made by `npm run backup`) into `DATA_DIR`, which must be new or
 * empty. Then start the API on it, and run the data-protection clean-up once per cooperative before users come back
 * (docs/operations.md, "The subject keys need care").
 */
const backup = process.argv[2];
if (!backup) {
  console.error('Usage: npm run restore -- DIR   (into DATA_DIR, default ./data, which must be new or empty)');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR ?? './data');
try {
  const manifest = restoreDataDir(resolve(backup), dataDir);
  console.log(
    `Restored the backup of ${manifest.takenAt} (the log up to position ${manifest.eventsHead}) into ${dataDir}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
