import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { KeyStore } from '@coop/contracts';
import { randomBlocks } from '../runtime/random-blocks.js';

/** New keys drawn from the generator at a time by `getOrCreateMany` (32 bytes each). */
const KEYS_DRAWN = 1024;

/** Subject keys in their own SQLite file, apart from the event log, so erasing a key really removes it.
 * No cache: an erasure must take effect at once for every reader. */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  // Prepared once: reading a member's events looks a key up per event.
  private readonly insert: Database.Statement<[string, Buffer]>;
  private readonly select: Database.Statement<[string], { key: Buffer }>;
  private readonly remove: Database.Statement<[string]>;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Durable when acknowledged (issue 28): a member's key is made before the events sealed with it are appended, and
    // an erasure must stay erased; with NORMAL a power loss could lose a key whose events the log (FULL) kept.
    this.db.pragma('synchronous = FULL');
    // A deleted row's bytes are overwritten with zeros (SQLite's default leaves them in the page's free space, where a
    // probe read every erased member's key back out of the file and out of a backup taken after the erasure).
    this.db.pragma('secure_delete = ON');
    this.db.exec('CREATE TABLE IF NOT EXISTS subject_keys (subject TEXT PRIMARY KEY, key BLOB NOT NULL)');
    scrubOnce(this.db);
    this.insert = this.db.prepare('INSERT OR IGNORE INTO subject_keys (subject, key) VALUES (?, ?)');
    this.select = this.db.prepare('SELECT key FROM subject_keys WHERE subject = ?');
    this.remove = this.db.prepare('DELETE FROM subject_keys WHERE subject = ?');
  }

  async getOrCreate(subjectId: string): Promise<Buffer> {
    const existing = await this.find(subjectId);
    if (existing) return existing;
    this.insert.run(subjectId, randomBytes(32));
    const created = await this.find(subjectId);
    if (!created) throw new Error(`Key for ${subjectId} could not be stored`);
    return created;
  }

  /** Every subject's key; the missing ones created in one transaction (one synchronous commit instead of one per key). */
  async getOrCreateMany(subjectIds: readonly string[]): Promise<ReadonlyMap<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    const subjects = new Set(subjectIds);
    // The new keys' bytes drawn up to KEYS_DRAWN at a time, for this call only (an import's chunk makes thousands). A key
    // this call stored is used as a copy of its 32 bytes; one another process stored first (the insert ignored) is read back.
    const nextKey = randomBlocks(32, Math.min(KEYS_DRAWN, subjects.size));
    this.db.transaction(() => {
      for (const subject of subjects) {
        const row = this.select.get(subject);
        if (row) {
          keys.set(subject, row.key);
          continue;
        }
        const key = Buffer.from(nextKey());
        if (this.insert.run(subject, key).changes === 1) {
          keys.set(subject, key);
          continue;
        }
        const stored = this.select.get(subject);
        if (!stored) throw new Error(`Key for ${subject} could not be stored`);
        keys.set(subject, stored.key);
      }
    })();
    return keys;
  }

  async find(subjectId: string): Promise<Buffer | undefined> {
    const row = this.select.get(subjectId);
    return row?.key;
  }

  /** The keys of many subjects in one read transaction (one snapshot, not one per look-up: issue 41). */
  async findMany(subjectIds: readonly string[]): Promise<ReadonlyMap<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    this.db.transaction(() => {
      for (const subject of subjectIds) {
        const row = this.select.get(subject);
        if (row) keys.set(subject, row.key);
      }
    })();
    return keys;
  }

  /**
   * Deletes the key, its bytes overwritten (secure_delete), and empties the write-ahead log, whose earlier frames of the
   * page still held it (decision 395). A checkpoint kept from ending by a reader leaves those frames until the next.
   */
  async erase(subjectId: string): Promise<void> {
    this.remove.run(subjectId);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** `user_version` of a key store whose file was rewritten once without the bytes of keys deleted before decision 395. */
const SCRUBBED = 1;

/**
 * Rewrites the file once (VACUUM, then the log emptied) so that keys deleted before secure_delete was on leave no bytes
 * in it; a small file (a key a member) takes a moment. Busy (another process holds it): tried again at the next start.
 */
function scrubOnce(db: Database.Database): void {
  if ((db.pragma('user_version', { simple: true }) as number) >= SCRUBBED) return;
  try {
    db.exec('VACUUM');
    db.pragma(`user_version = ${SCRUBBED}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    if (!(error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY'))) throw error;
  }
}
