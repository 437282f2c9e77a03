import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CollectionSpec, ReadDocument } from '@coop/contracts';
import { SqliteReadStore } from './sqlite-read-store.js';

/**
 * Planner statistics while projecting (decision 42): a growing collection is analysed again each time it has doubled,
 * but only while its last analysis counted fewer documents than the live limit; above it ANALYZE, which reads the
 * whole collection, would stop the projections for seconds at a million postings.
 */
const spec: CollectionSpec = { name: 'items', fields: { member: 'string' }, search: [] };
const dir = mkdtempSync(join(tmpdir(), 'coop-statistics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const item = (i: number): ReadDocument => ({
  id: `i${String(i).padStart(6, '0')}`,
  cooperativeId: 'c1',
  position: '1',
  member: `m${i % 97}`,
});

/** The row count of the collection's table at its last analysis, as another connection reads it (0: never analysed). */
function analysedRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'rm_items' LIMIT 1").get() as
      { stat: string } | undefined;
    return row ? Number.parseInt(row.stat, 10) : 0;
  } finally {
    db.close();
  }
}

describe('SqliteReadStore planner statistics', () => {
  it('analyses a growing collection at each doubling while under the live limit, and not once it is over it', async () => {
    const file = join(dir, 'grow.sqlite');
    const store = new SqliteReadStore(file, { analyzeLiveMaxDocs: 1500 });
    await store.ensureCollections([spec]);
    let next = 0;
    let position = 0n;
    const add = async (count: number): Promise<void> => {
      const docs = Array.from({ length: count }, () => item(next++));
      position += 1n;
      await store.applyBatch(
        docs.map((doc) => ({ kind: 'put', collection: 'items', doc })),
        { name: 'items', position },
      );
    };
    await add(999);
    expect(analysedRows(file)).toBe(0);
    await add(1); // 1,000: the first analysis
    expect(analysedRows(file)).toBe(1000);
    await add(999);
    expect(analysedRows(file)).toBe(1000);
    await add(1); // 2,000: doubled, last analysed at 1,000 (under the limit)
    expect(analysedRows(file)).toBe(2000);
    await add(2000); // 4,000: doubled again, but last analysed at 2,000 (over the limit of 1,500)
    expect(analysedRows(file)).toBe(2000);
    await store.close();
  });
});
