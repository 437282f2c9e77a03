import { randomBytes } from 'node:crypto';
import { Binary, MongoClient, MongoServerError, type Collection } from 'mongodb';
import type { KeyStore } from '@coop/contracts';

interface SubjectKey {
  _id: string;
  key: Binary;
}

const DUPLICATE_KEY = 11000;

/**
 * Subject keys in MongoDB, collection `subject_keys` `{ _id: subject, key: Binary }`.
 * No cache: an erasure must take effect at once for every reader. Writes wait for the majority,
 * so an erased key does not come back after a fail-over. Backups of this collection bring erased
 * keys back when restored: see docs/operations.md.
 */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<SubjectKey>,
  ) {}

  static async connect(url: string, database: string): Promise<MongoKeyStore> {
    const client = new MongoClient(url);
    await client.connect();
    const keys = client.db(database).collection<SubjectKey>('subject_keys', { writeConcern: { w: 'majority' } });
    return new MongoKeyStore(client, keys);
  }

  async getOrCreate(subjectId: string): Promise<Buffer> {
    const existing = await this.find(subjectId);
    if (existing) return existing;
    try {
      // Race-safe: whoever inserts first wins; everyone else reads the winner's key back.
      await this.keys.updateOne(
        { _id: subjectId },
        { $setOnInsert: { key: new Binary(randomBytes(32)) } },
        { upsert: true },
      );
    } catch (error) {
      // Two concurrent upserts of a new _id: the loser may get a duplicate-key error.
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    }
    const created = await this.find(subjectId);
    if (!created) throw new Error(`Key for ${subjectId} could not be stored`);
    return created;
  }

  async find(subjectId: string): Promise<Buffer | undefined> {
    const doc = await this.keys.findOne({ _id: subjectId });
    return doc ? Buffer.from(doc.key.value()) : undefined;
  }

  async erase(subjectId: string): Promise<void> {
    await this.keys.deleteOne({ _id: subjectId });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
