import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The data directory holds personal data (the event log, the read models, the task files) and the keys that open it
 * (`keys.sqlite`, `jwt-secret`): readable by the product's own user only (issue 38; docs/security.md "Personal data";
 * decision 136). Files 0600, folders 0700, whatever the process's umask, and the same in a backup.
 *
 * SQLite creates a new database file with 0644 (less the umask) and gives its `-wal`, `-shm` and `-journal` files the
 * database file's mode: a store file made here with 0600 before SQLite opens it keeps all of them private. A file of an
 * older installation is narrowed when the store opens it.
 */

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The side files SQLite keeps beside a database. */
const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/**
 * Narrows `path` to `mode`. A folder the product did not make (a mounted volume of another owner) cannot be narrowed by
 * it: that is left to whoever mounted it (docs/operations.md), the files inside still are.
 */
function narrow(path: string, mode: number, folder: boolean): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (folder && (code === 'EPERM' || code === 'EACCES')) return;
    throw error;
  }
}

/** A folder for personal data: made if missing, 0700. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  narrow(dir, PRIVATE_DIR_MODE, true);
}

/** An embedded store's file before SQLite opens it: made empty with 0600 if missing (SQLite reads an empty file as a new database); it and its side files narrowed to 0600. */
export function privateSqliteFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  narrow(file, PRIVATE_FILE_MODE, false);
  for (const side of SQLITE_SIDE_FILES) if (existsSync(file + side)) narrow(file + side, PRIVATE_FILE_MODE, false);
}

/** Every folder under `dir` (itself too) 0700, every file 0600: a copied folder of task files, a backup. */
export function privateTree(dir: string): void {
  narrow(dir, PRIVATE_DIR_MODE, true);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) privateTree(path);
    else if (entry.isFile()) narrow(path, PRIVATE_FILE_MODE, false);
  }
}

/**
 * The process's umask for what it creates beyond the files above (a temporary file, a file a library writes): nothing
 * readable by group or others. Called first by every entry that touches the data directory (`npm start`, the worker,
 * backup, restore, rebuild, the demo, the import command).
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}
