import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { KeyStore } from '@coop/contracts';

/** Subject keys in their own SQLite file, apart from the event log, so erasing a key really removes it.
 * No cache: an erasure must take effect at once for every reader. */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS subject_keys (subject TEXT PRIMARY KEY, key BLOB NOT NULL)');
  }

  async getOrCreate(subjectId: string): Promise<Buffer> {
    const existing = await this.find(subjectId);
    if (existing) return existing;
    this.db.prepare('INSERT OR IGNORE INTO subject_keys (subject, key) VALUES (?, ?)').run(subjectId, randomBytes(32));
    const created = await this.find(subjectId);
    if (!created) throw new Error(`Key for ${subjectId} could not be stored`);
    return created;
  }

  async find(subjectId: string): Promise<Buffer | undefined> {
    const row = this.db.prepare<[string], { key: Buffer }>('SELECT key FROM subject_keys WHERE subject = ?').get(subjectId);
    return row?.key;
  }

  async erase(subjectId: string): Promise<void> {
    this.db.prepare('DELETE FROM subject_keys WHERE subject = ?').run(subjectId);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
