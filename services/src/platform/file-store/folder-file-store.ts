import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from '@coop/contracts';
import { PRIVATE_FILE_MODE, privateDir } from '../private-files.js';

/** A file id: letters, digits, `-` and `_` (a UUID, or a task's id and a number); never a path. */
const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function checkFileId(fileId: string): string {
  if (!FILE_ID.test(fileId)) throw new Error(`Not a file id: ${JSON.stringify(fileId)}`);
  return fileId;
}

/** A put's temporary file: `.<file id>.<12 hex digits>.tmp`. */
const TEMPORARY = /^\.[A-Za-z0-9_-]{1,128}\.[0-9a-f]{12}\.tmp$/;

/**
 * A temporary file older than this was left by a process that stopped during its put (a put takes seconds); younger
 * ones may be another process's put under way (the worker, `TASKS_RUN_IN=worker`), and are left to it.
 */
export const TEMPORARY_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * The embedded file store (issue 24): one file per id in a folder beside the SQLite stores (`DATA_DIR/files`). A put
 * writes a temporary file, syncs it to disk and renames it over the id's name, so a crash leaves the old bytes or the
 * new ones, never a part. Ids are checked (no path separators, no `..`): an id cannot name a file outside the folder.
 * Opened by `open`, which removes the temporary files a crash left (a member export's part holds personal data, and no
 * task names it, so neither its replacement nor the data-protection clean-up would ever remove it).
 */
export class FolderFileStore implements FileStore {
  constructor(private readonly folder: string) {
    // Task files hold personal data (the FSA report, KiStAM files, exports): the folder 0700, each file 0600 (put).
    privateDir(folder);
  }

  /** The store on `folder`, the temporary files older than `TEMPORARY_MAX_AGE_MS` at `now` removed first. */
  static async open(folder: string, now = Date.now()): Promise<FolderFileStore> {
    const store = new FolderFileStore(folder);
    for (const name of await readdir(folder)) {
      if (!TEMPORARY.test(name)) continue;
      const path = join(folder, name);
      const modified = await stat(path).then(
        (s) => s.mtimeMs,
        () => now,
      );
      if (now - modified > TEMPORARY_MAX_AGE_MS) await rm(path, { force: true });
    }
    return store;
  }

  private path(fileId: string): string {
    return join(this.folder, checkFileId(fileId));
  }

  async put(fileId: string, bytes: Uint8Array): Promise<void> {
    const target = this.path(fileId);
    const temp = join(this.folder, `.${fileId}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    await rename(temp, target);
  }

  async get(fileId: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(fileId)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(fileId: string): Promise<void> {
    await rm(this.path(fileId), { force: true });
  }

  async close(): Promise<void> {}
}
