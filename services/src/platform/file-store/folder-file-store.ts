import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from '@coop/contracts';
import { PRIVATE_FILE_MODE, privateDir } from '../private-files.js';

/** A file id: letters, digits, `-` and `_` (a UUID, or a task's id and a number); never a path. */
const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function checkFileId(fileId: string): string {
  if (!FILE_ID.test(fileId)) throw new Error(`Not a file id: ${JSON.stringify(fileId)}`);
  return fileId;
}

/**
 * The embedded file store (issue 24): one file per id in a folder beside the SQLite stores (`DATA_DIR/files`). A put
 * writes a temporary file, syncs it to disk and renames it over the id's name, so a crash leaves the old bytes or the
 * new ones, never a part. Ids are checked (no path separators, no `..`): an id cannot name a file outside the folder.
 */
export class FolderFileStore implements FileStore {
  constructor(private readonly folder: string) {
    // Task files hold personal data (the FSA report, KiStAM files, exports): the folder 0700, each file 0600 (put).
    privateDir(folder);
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
