import { randomBytes } from 'node:crypto';
import {
  Binary,
  MongoClient,
  MongoServerError,
  ReadConcern,
  ReadPreference,
  type Collection,
  type DbOptions,
} from 'mongodb';
import type { KeyStore } from '@coop/contracts';

interface SubjectKey {
  _id: string;
  key: Binary;
}

const DUPLICATE_KEY = 11000;

/**
 * How the key store (and the file store) read and write, whatever the connection string says: reads from the primary
 * with read concern `majority`, writes acknowledged by the majority. A key just written (by this process or another) is
 * found at once, since its write returned only once the majority had it; an erased key is never read back from a
 * secondary that has not yet seen the erasure (`readPreference=secondaryPreferred` in a shared URL would otherwise
 * allow that), nor does it come back after a fail-over. Needs a replica set (docs/operations.md, "MongoDB").
 */
export const PRIMARY_MAJORITY: DbOptions = {
  readPreference: ReadPreference.primary,
  readConcern: new ReadConcern('majority'),
  writeConcern: { w: 'majority' },
};

/**
 * Subject keys in MongoDB, collection `subject_keys` `{ _id: subject, key: Binary }`, read and written as
 * PRIMARY_MAJORITY says. No cache: an erasure must take effect at once for every reader. Backups of this collection
 * bring erased keys back when restored: see docs/operations.md.
 */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<SubjectKey>,
  ) {}

  static async connect(url: string, database: string): Promise<MongoKeyStore> {
    const client = new MongoClient(url);
    await client.connect();
    const keys = client.db(database, PRIMARY_MAJORITY).collection<SubjectKey>('subject_keys');
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
