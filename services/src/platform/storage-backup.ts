import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { FIRST_READ_STORE_FILE, SqliteReadStoreFiles } from '@coop/projections';
import { PRIVATE_FILE_MODE, privateDir, privateSqliteFile, privateTree } from './private-files.js';
import { checkEmbeddedStores } from './storage-integrity.js';

/**
 * The embedded stores in the order a backup copies them: the read models first, so that their projection checkpoint
 * is never past the log the backup holds (a restore then projects the rest); the key store last, so that it holds the
 * key of every member whose sealed events the log copy holds (a key is made before the events sealed with it).
 */
export const BACKUP_ORDER = ['read-models.sqlite', 'events.sqlite', 'keys.sqlite'] as const;

/** Beside the stores: the file store's folder (files are written before the events naming them) and the token secret. */
const FILES_FOLDER = 'files';
const JWT_SECRET_FILE = 'jwt-secret';
export const MANIFEST = 'backup.json';

export interface BackupManifest {
  readonly takenAt: string;
  /** The last position of the log the backup holds (-1: empty). */
  readonly eventsHead: number;
  readonly stores: readonly string[];
}

/**
 * An online, consistent backup of a data directory's embedded stores into `target` (new or empty), while the API runs
 * (`npm run backup -- DIR`, issue 28). Each store is copied with SQLite's backup API in one step, that is, inside one
 * read transaction: a consistent copy of that store as of one commit, however many commits the running API makes
 * meanwhile (a copy in small steps would start again at each of them). In WAL mode the copy blocks no writer.
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  if (!existsSync(join(dataDir, 'events.sqlite')))
    throw new Error(`${dataDir} holds no event log (events.sqlite): nothing to back up`);
  ensureEmpty(target, 'back up into');
  const stores: string[] = [];
  let eventsHead = -1;
  for (const name of BACKUP_ORDER) {
    // The read models: the file the pointer names (a rebuild switches files, decision 171), copied as read-models.sqlite.
    const source = name === FIRST_READ_STORE_FILE ? SqliteReadStoreFiles.current(dataDir) : join(dataDir, name);
    if (!existsSync(source)) continue;
    const started = Date.now();
    const db = new Database(source, { fileMustExist: true });
    try {
      // The copy is made 0600 before SQLite writes it (it would make it 0644): personal data and keys.
      privateSqliteFile(join(target, name));
      // The first step copies nothing; the callback's answer sets the next step's pages: all of them at once.
      await db.backup(join(target, name), { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    if (name === 'events.sqlite') {
      eventsHead = lastPosition(join(target, name));
      if (existsSync(join(dataDir, FILES_FOLDER)))
        cpSync(join(dataDir, FILES_FOLDER), join(target, FILES_FOLDER), { recursive: true });
    }
    stores.push(name);
    log(`${name}: copied in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (existsSync(join(dataDir, JWT_SECRET_FILE)))
    copyFileSync(join(dataDir, JWT_SECRET_FILE), join(target, JWT_SECRET_FILE));
  // The copies are checked as a start would check them: a backup that would not start is no backup.
  checkEmbeddedStores(target, { events: true, keys: true, readModels: true });
  const manifest: BackupManifest = { takenAt: new Date().toISOString(), eventsHead, stores };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  // Whatever a copy kept of its source's mode: the backup is as private as the data directory.
  privateTree(target);
  return manifest;
}

/**
 * Restores a backup made by backupDataDir into `dataDir`, which must be new or empty (`npm run restore -- DIR`): a
 * restore never mixes with, or overwrites, a data directory in use. The stores are checked before the copy is done.
 * The API then starts on it as on any data directory: its projections go on from the read models' checkpoint.
 */
export function restoreDataDir(backup: string, dataDir: string): BackupManifest {
  const manifestFile = join(backup, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${backup} is not a backup of Coop Ledger (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  checkEmbeddedStores(backup, { events: true, keys: true, readModels: true });
  ensureEmpty(dataDir, 'restore into');
  for (const name of manifest.stores) copyFileSync(join(backup, name), join(dataDir, name));
  if (existsSync(join(backup, FILES_FOLDER)))
    cpSync(join(backup, FILES_FOLDER), join(dataDir, FILES_FOLDER), { recursive: true });
  if (existsSync(join(backup, JWT_SECRET_FILE)))
    copyFileSync(join(backup, JWT_SECRET_FILE), join(dataDir, JWT_SECRET_FILE));
  privateTree(dataDir);
  return manifest;
}

function ensureEmpty(dir: string, what: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`Will not ${what} ${dir}: it is not empty`);
  privateDir(dir);
}

function lastPosition(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT MAX(position) AS p FROM events').get() as { p: number | null }).p ?? -1;
  } finally {
    db.close();
  }
}
