import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FileStore } from '@coop/contracts';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import type { ImportMapping } from '../import-types.js';
import type { UploadedFile } from './import-parts.js';

/** What a queued import keeps beside its files: their names and the mapping (null: guess it when the task runs). */
interface Manifest {
  readonly names: readonly string[];
  readonly mapping: ImportMapping | null;
}

const manifestId = (uploadId: string): string => `import-upload-${uploadId}-manifest`;
const fileId = (uploadId: string, index: number): string => `import-upload-${uploadId}-${index}`;
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/**
 * The files of an import run as a task (issue 29): kept in the file store (`import-upload-<id>-<n>`, beside a
 * manifest of their names and the mapping) from the request that queues the task until the task has ended. They hold
 * personal data: the task removes them once it has completed or been rejected.
 */
@Injectable()
export class ImportUploads {
  constructor(@Inject(FILE_STORE) private readonly store: FileStore) {}

  /** Stores the files and the mapping; answers the upload's id (the task's parameter). */
  async keep(files: readonly UploadedFile[], mapping: ImportMapping | null): Promise<string> {
    const uploadId = randomUUID();
    for (const [i, f] of files.entries()) await this.store.put(fileId(uploadId, i), f.bytes);
    const manifest: Manifest = { names: files.map((f) => f.name), mapping };
    await this.store.put(manifestId(uploadId), Buffer.from(JSON.stringify(manifest), 'utf8'));
    return uploadId;
  }

  async read(uploadId: string): Promise<{ files: UploadedFile[]; mapping: ImportMapping | null }> {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
    const raw = await this.store.get(manifestId(uploadId));
    if (!raw) throw new Error(`The files of upload ${uploadId} are no longer stored`);
    const manifest = JSON.parse(Buffer.from(raw).toString('utf8')) as Manifest;
    const files: UploadedFile[] = [];
    for (const [i, name] of manifest.names.entries()) {
      const bytes = await this.store.get(fileId(uploadId, i));
      if (!bytes) throw new Error(`File ${i + 1} of upload ${uploadId} is no longer stored`);
      files.push({ name, bytes });
    }
    return { files, mapping: manifest.mapping };
  }

  async remove(uploadId: string): Promise<void> {
    if (!UPLOAD_ID.test(uploadId)) return;
    const raw = await this.store.get(manifestId(uploadId));
    const count = raw ? (JSON.parse(Buffer.from(raw).toString('utf8')) as Manifest).names.length : 0;
    for (let i = 0; i < count; i++) await this.store.remove(fileId(uploadId, i));
    await this.store.remove(manifestId(uploadId));
  }
}
