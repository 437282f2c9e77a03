import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GridFSBucket,
  MongoClient,
  MongoGridFSChunkError,
  MongoRuntimeError,
  ReadPreference,
  type ObjectId,
} from 'mongodb';
import type { FileStore } from '@coop/contracts';
import { PRIMARY_MAJORITY } from '../key-store/mongo-key-store.js';
import { checkFileId } from './folder-file-store.js';

/** The bucket of task files: collections `task_files.files` and `task_files.chunks`. */
const BUCKET = 'task_files';
/** How often get() looks a file up again when the upload it was reading is removed meanwhile (by a newer put). */
const READ_ATTEMPTS = 5;

/**
 * The file store on MongoDB (issue 24): GridFS, bucket `task_files`, a file's id as its GridFS filename. A put uploads
 * the bytes as a new GridFS file and then removes the id's uploads older than it, so a reader sees the old bytes or the
 * new ones (the newest upload of a name wins, by upload date and id), never a part: GridFS writes the file's document
 * after its last chunk, and a read whose upload is removed under it (its chunks gone: a newer put won) looks the newest
 * one up again. A failed upload is aborted, which removes the chunks it wrote (the driver's GridFSBucketWriteStream.abort).
 * Reads and writes as the key store's (PRIMARY_MAJORITY): a file just put is found by every process.
 */
export class GridFsFileStore implements FileStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly bucket: GridFSBucket,
  ) {}

  static async connect(url: string, database: string): Promise<GridFsFileStore> {
    const client = new MongoClient(url);
    await client.connect();
    const db = client.db(database, PRIMARY_MAJORITY);
    const bucket = new GridFSBucket(db, {
      bucketName: BUCKET,
      writeConcern: { w: 'majority' },
      readPreference: ReadPreference.primary,
    });
    return new GridFsFileStore(client, bucket);
  }

  /** The id's uploads (GridFS id and length), newest first (index `{ filename, uploadDate }`, made by the first upload). */
  private async uploads(fileId: string): Promise<{ readonly id: ObjectId; readonly length: number }[]> {
    const files = await this.bucket
      .find({ filename: checkFileId(fileId) }, { sort: { uploadDate: -1, _id: -1 }, projection: { _id: 1, length: 1 } })
      .toArray();
    return files.map((f) => ({ id: f._id, length: f.length }));
  }

  async put(fileId: string, bytes: Uint8Array): Promise<void> {
    const upload = this.bucket.openUploadStream(checkFileId(fileId));
    try {
      await pipeline(Readable.from([Buffer.from(bytes)]), upload);
    } catch (error) {
      // The chunks written so far would stay behind without a file document: abort removes them.
      await upload.abort().catch(() => undefined);
      throw error;
    }
    // Only the uploads older than this one: of concurrent puts the newest stays (a newer put removes this one).
    const uploads = await this.uploads(fileId);
    const mine = uploads.findIndex(({ id }) => id.equals(upload.id));
    if (mine < 0) return;
    for (const { id } of uploads.slice(mine + 1)) await this.deleteQuietly(id);
  }

  async get(fileId: string): Promise<Uint8Array | null> {
    for (let attempt = 1; ; attempt++) {
      const [newest] = await this.uploads(fileId);
      if (!newest) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.bucket.openDownloadStream(newest.id)) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        // The driver ends a download quietly when the last chunks are gone (removed while it read): only whole bytes count.
        if (bytes.length === newest.length) return new Uint8Array(bytes);
        if (attempt >= READ_ATTEMPTS)
          throw new Error(`File ${fileId} was removed while it was read ${READ_ATTEMPTS} times`);
      } catch (error) {
        // Removed between the look-up and the read (its document, or its chunks part way): a newer put or a remove.
        if (!gone(error) || attempt >= READ_ATTEMPTS) throw error;
      }
    }
  }

  async remove(fileId: string): Promise<void> {
    for (const { id } of await this.uploads(fileId)) await this.deleteQuietly(id);
  }

  /** Deletes one upload; one already deleted (by a concurrent remove) is no error. */
  private async deleteQuietly(id: ObjectId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/**
 * Whether an error of the driver's GridFS says the upload is no longer there: its file document (`FileNotFound` on a
 * read, `File not found for id` on a delete) or chunks of it (`ChunkIsMissing`, a MongoGridFSChunkError).
 */
function gone(error: unknown): boolean {
  if (error instanceof MongoGridFSChunkError) return /ChunkIsMissing/.test(error.message);
  return error instanceof MongoRuntimeError && /FileNotFound|File not found/i.test(error.message);
}
