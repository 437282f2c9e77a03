import { join } from 'node:path';
import type { FileStore } from '@coop/contracts';
import type { AppConfig } from '../config/config.js';
import { FolderFileStore } from './folder-file-store.js';

/** Injection token of the file store (contracts/src/file-store.port.ts). */
export const FILE_STORE = Symbol('FileStore');

/** The folder of the embedded file store: `files/` beside the SQLite stores. */
export const filesFolder = (config: AppConfig): string => join(config.dataDir, 'files');

/** The file store chosen by configuration: GridFS where the read models are on MongoDB, else the folder. */
export async function openFileStore(config: AppConfig): Promise<FileStore> {
  return config.mongodbUrl
    ? (await import('./gridfs-file-store.js')).GridFsFileStore.connect(config.mongodbUrl, config.mongodbDatabase)
    : FolderFileStore.open(filesFolder(config));
}
