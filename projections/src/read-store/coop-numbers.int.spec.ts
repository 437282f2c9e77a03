/**
 * The SQLite read store keys a cooperative's rows, index entries, counts and text index parts by its number in the
 * store (decision 282), not by its 36-character id; a store made before keeps the ids until it is rebuilt.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import type { CollectionSpec, WriteOp } from '@coop/contracts';
import { SqliteReadStore } from './sqlite-read-store.js';

const COOP_A = '01a2b3c4-0000-7000-8000-00000000000a';
const COOP_B = '01a2b3c4-0000-7000-8000-00000000000b';
const PEOPLE: CollectionSpec = {
  name: 'people',
  fields: { name: 'string', shares: 'number' },
  search: ['name'],
  textOrder: 'name',
};
const put = (id: string, cooperativeId: string, name: string): WriteOp => ({
  kind: 'put',
  collection: 'people',
  doc: { id, cooperativeId, position: '1', name, shares: 1 },
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coop-numbers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function filled(file: string): Promise<SqliteReadStore> {
  const store = new SqliteReadStore(file);
  await store.ensureCollections([PEOPLE]);
  await store.applyBatch(
    [put('p1', COOP_A, 'Anna Weber'), put('p2', COOP_B, 'Bert Weber'), put('p3', COOP_A, 'Cara')],
    {
      name: 'cp',
      position: 1n,
    },
  );
  return store;
}

async function answers(store: SqliteReadStore): Promise<unknown> {
  const ids = async (cooperativeId: string | null, search?: string) =>
    (await store.find('people', { cooperativeId, ...(search ? { search } : {}) })).items.map((d) => d.id);
  const scanned: string[] = [];
  for await (const docs of store.scan('people', COOP_A, 1)) for (const doc of docs) scanned.push(doc.id);
  return {
    a: await ids(COOP_A),
    b: await ids(COOP_B),
    all: await ids(null),
    weberInA: await ids(COOP_A, 'weber'),
    unknown: await ids('01a2b3c4-0000-7000-8000-00000000000f'),
    total: (await store.find('people', { cooperativeId: COOP_A, limit: 1 })).total,
    scanned,
  };
}

const EXPECTED = {
  a: ['p1', 'p3'],
  b: ['p2'],
  all: ['p1', 'p2', 'p3'],
  weberInA: ['p1'],
  unknown: [],
  total: 2,
  scanned: ['p1', 'p3'],
};

describe('SQLite read store: cooperatives by their number in the store', () => {
  it("keys a new store's rows by each cooperative's number, and answers by the cooperative's id", async () => {
    const file = join(dir, 'new.sqlite');
    const store = await filled(file);
    expect(await answers(store)).toEqual(EXPECTED);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT cooperative_id, no FROM coop_numbers ORDER BY no').all()).toEqual([
      { cooperative_id: COOP_A, no: 1 },
      { cooperative_id: COOP_B, no: 2 },
    ]);
    expect(db.prepare('SELECT DISTINCT typeof(cooperative_id) AS t FROM rm_people').pluck().all()).toEqual(['integer']);
    db.close();
  });

  it('answers the same from another connection, which learns the numbers from the store', async () => {
    const file = join(dir, 'two.sqlite');
    const writer = await filled(file);
    const reader = new SqliteReadStore(file);
    reader.useCollections([PEOPLE]);
    expect(await answers(reader)).toEqual(EXPECTED);
    await reader.close();
    await writer.close();
  });

  it('keeps the ids in a store made before cooperatives were numbered', async () => {
    const file = join(dir, 'before.sqlite');
    const old = new Database(file);
    old.exec('CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
    old.close();
    const store = await filled(file);
    expect(await answers(store)).toEqual(EXPECTED);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'coop_numbers'").get()).toBeUndefined();
    expect(db.prepare('SELECT DISTINCT cooperative_id FROM rm_people ORDER BY 1').pluck().all()).toEqual([
      COOP_A,
      COOP_B,
    ]);
    db.close();
  });

  it('forgets the number a rolled back batch gave, and numbers the cooperative again with the next', async () => {
    const file = join(dir, 'rollback.sqlite');
    const store = await filled(file);
    const coopC = '01a2b3c4-0000-7000-8000-00000000000c';
    const unknown: WriteOp = {
      kind: 'put',
      collection: 'drafts',
      doc: { id: 'd', cooperativeId: coopC, position: '2' },
    };
    await expect(store.applyBatch([put('p4', coopC, 'Dora'), unknown], { name: 'cp', position: 2n })).rejects.toThrow();
    await store.applyBatch([put('p4', coopC, 'Dora')], { name: 'cp', position: 3n });
    expect((await store.find('people', { cooperativeId: coopC, search: 'dora' })).items.map((d) => d.id)).toEqual([
      'p4',
    ]);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT no FROM coop_numbers WHERE cooperative_id = ?').pluck().all(coopC)).toEqual([3]);
    db.close();
  });
});
