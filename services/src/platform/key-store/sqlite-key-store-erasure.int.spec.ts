import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyStore } from './sqlite-key-store.js';

/**
 * Decision 395 (a data-protection probe): an erased member's key stayed in the key store's file (SQLite leaves a
 * deleted row's bytes in the page) and in a backup taken after the erasure; with it the erased data could be opened.
 */
describe('the SQLite key store forgets an erased key in its bytes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'keys-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  /** The file and its write-ahead log as they lie on the disk. */
  async function bytesOf(file: string): Promise<Buffer> {
    const parts = [await readFile(file)];
    if (existsSync(`${file}-wal`)) parts.push(await readFile(`${file}-wal`));
    return Buffer.concat(parts);
  }

  it('holds no byte of a key once it is erased, while the others stay', async () => {
    const file = join(dir, 'keys.sqlite');
    const store = new SqliteKeyStore(file);
    const erased = await store.getOrCreate('member-erased');
    const kept = await store.getOrCreate('member-kept');
    for (let i = 0; i < 50; i++) await store.getOrCreate(`member-${i}`);
    expect((await bytesOf(file)).includes(erased)).toBe(true);
    await store.erase('member-erased');
    expect(await store.find('member-erased')).toBeUndefined();
    const bytes = await bytesOf(file);
    expect(bytes.includes(erased)).toBe(false);
    expect(bytes.includes(kept)).toBe(true);
    await store.close();
    expect((await bytesOf(file)).includes(erased)).toBe(false);
  });

  it('rewrites once a file in which keys were deleted before, without their bytes', async () => {
    const file = join(dir, 'old-keys.sqlite');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.pragma('secure_delete = OFF');
    old.exec('CREATE TABLE subject_keys (subject TEXT PRIMARY KEY, key BLOB NOT NULL)');
    const gone = Buffer.alloc(32, 7);
    const insert = old.prepare('INSERT INTO subject_keys (subject, key) VALUES (?, ?)');
    insert.run('member-gone', gone);
    insert.run('member-here', Buffer.alloc(32, 9));
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.prepare('DELETE FROM subject_keys WHERE subject = ?').run('member-gone');
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    expect((await bytesOf(file)).includes(gone)).toBe(true);
    const store = new SqliteKeyStore(file);
    expect((await bytesOf(file)).includes(gone)).toBe(false);
    expect(await store.find('member-here')).toEqual(Buffer.alloc(32, 9));
    await store.close();
  });
});
