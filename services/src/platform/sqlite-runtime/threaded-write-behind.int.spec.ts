/**
 * ThreadedWriteBehind (decision 281): a read store's batches written by a thread of their own, on its own connection.
 * Runs the compiled thread (services/dist/platform/sqlite-runtime/write-behind-thread.js, made by `npm run build`,
 * which `npm test` runs first), against a real file. The runner's use of it: projection-runner-write-behind.int.spec.ts
 * (port level) and test/api/rebuild-equivalence.e2e.spec.ts (this thread, the demo's log).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionSpec } from '@coop/contracts';
import { CHECKPOINT, SqliteReadStore } from '@coop/projections';
import { ThreadedWriteBehind } from './threaded-write-behind.js';

const ENTRY = new URL('../../../dist/platform/sqlite-runtime/write-behind-thread.js', import.meta.url);
const built = existsSync(ENTRY);
if (!built)
  console.warn(`SKIPPED: ThreadedWriteBehind suite needs the built thread entry ${ENTRY.pathname} (npm run build)`);

const NOTES: CollectionSpec = { name: 'notes', fields: { title: 'string', pages: 'number' }, search: ['title'] };

let dir: string;
let store: SqliteReadStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-write-behind-'));
  store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  await store.ensureCollections([NOTES]);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const note = (id: string, title: string, pages: number) => ({
  kind: 'put' as const,
  collection: 'notes',
  doc: { id, cooperativeId: 'coop-1', position: '1', title, pages },
});

(built ? describe : describe.skip)('ThreadedWriteBehind (thread)', () => {
  it("writes batches with their checkpoint on the thread's connection; the store reads them once committed", async () => {
    const writer = (await new ThreadedWriteBehind(ENTRY).open(store, [NOTES]))!;
    try {
      await writer.applyBatch([note('n-1', 'Satzung', 12), note('n-2', 'Protokoll', 3)], {
        name: CHECKPOINT,
        position: 7n,
      });
      expect(await store.checkpoint(CHECKPOINT)).toBe(7n);
      expect(await store.get('notes', 'n-1')).toEqual(expect.objectContaining({ title: 'Satzung', pages: 12 }));
      // The text index and the counts are kept by the thread as by the store itself.
      const found = await store.find('notes', { cooperativeId: 'coop-1', search: 'proto' });
      expect(found.items.map((d) => d.id)).toEqual(['n-2']);
      expect(found.total).toBe(1);
    } finally {
      await writer.close();
    }
    // The store writes again after the thread ended.
    await store.applyBatch([note('n-3', 'Bilanz', 40)], { name: CHECKPOINT, position: 8n });
    expect((await store.find('notes', { cooperativeId: 'coop-1' })).total).toBe(3);
  });

  it('answers a batch the thread could not write with its reason, and writes nothing of it', async () => {
    const writer = (await new ThreadedWriteBehind(ENTRY).open(store, [NOTES]))!;
    try {
      const unknown = {
        kind: 'put' as const,
        collection: 'drafts',
        doc: { id: 'd', cooperativeId: 'coop-1', position: '1' },
      };
      await expect(
        writer.applyBatch([note('n-1', 'Satzung', 12), unknown], { name: CHECKPOINT, position: 3n }),
      ).rejects.toThrow('Read models not written: Unknown read-model collection drafts');
      expect(await store.get('notes', 'n-1')).toBeUndefined();
      expect(await store.checkpoint(CHECKPOINT)).toBe(-1n);
      // The thread goes on with the next batch.
      await writer.applyBatch([note('n-1', 'Satzung', 12)], { name: CHECKPOINT, position: 4n });
      expect(await store.checkpoint(CHECKPOINT)).toBe(4n);
    } finally {
      await writer.close();
    }
  });

  it('writes nothing for a store that is not SQLite', async () => {
    const other = Object.create(null) as Parameters<ThreadedWriteBehind['open']>[0];
    await expect(new ThreadedWriteBehind(ENTRY).open(other, [NOTES])).resolves.toBeUndefined();
  });
});
