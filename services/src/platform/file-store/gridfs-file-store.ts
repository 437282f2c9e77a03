import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, type ObjectId } from 'mongodb';
import type { FileStore } from '@coop/contracts';
import { checkFileId } from './folder-file-store.js';

/** The bucket of task files: collections `task_files.files` and `task_files.chunks`. */
const BUCKET = 'task_files';

/**
 * The file store on MongoDB (issue 24): GridFS, bucket `task_files`, a file's id as its GridFS filename. A put uploads
 * the bytes as a new GridFS file and then removes the id's uploads older than it, so a reader sees the old bytes or the
 * new ones (the newest upload of a name wins, by upload date and id), never a part: GridFS writes the file's document
 * after its last chunk.
 * Writes wait for the majority, as the key store's do.
 */
export class GridFsFileStore implements FileStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly bucket: GridFSBucket,
  ) {}

  static async connect(url: string, database: string): Promise<GridFsFileStore> {
    const client = new MongoClient(url);
    await client.connect();
    const bucket = new GridFSBucket(client.db(database), { bucketName: BUCKET, writeConcern: { w: 'majority' } });
    return new GridFsFileStore(client, bucket);
  }

  /** The GridFS ids of the id's uploads, newest first. */
  private async uploads(fileId: string): Promise<ObjectId[]> {
    const files = await this.bucket.find({ filename: checkFileId(fileId) }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
    return files.map((f) => f._id);
  }

  async put(fileId: string, bytes: Uint8Array): Promise<void> {
    const upload = this.bucket.openUploadStream(checkFileId(fileId));
    await pipeline(Readable.from([Buffer.from(bytes)]), upload);
    // Only the uploads older than this one: of concurrent puts the newest stays (a newer put removes this one).
    const uploads = await this.uploads(fileId);
    const mine = uploads.findIndex((id) => id.equals(upload.id));
    if (mine < 0) return;
    for (const id of uploads.slice(mine + 1)) await this.deleteQuietly(id);
  }

  async get(fileId: string): Promise<Uint8Array | null> {
    const [newest] = await this.uploads(fileId);
    if (!newest) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.bucket.openDownloadStream(newest)) chunks.push(chunk as Buffer);
    } catch (error) {
      // Removed between the look-up and the read.
      if (error instanceof Error && /FileNotFound|not found/i.test(error.message)) return null;
      throw error;
    }
    return new Uint8Array(Buffer.concat(chunks));
  }

  async remove(fileId: string): Promise<void> {
    for (const id of await this.uploads(fileId)) await this.deleteQuietly(id);
  }

  /** Deletes one upload; one already deleted (by a concurrent remove) is no error. */
  private async deleteQuietly(id: ObjectId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      if (!(error instanceof Error && /FileNotFound|not found/i.test(error.message))) throw error;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
