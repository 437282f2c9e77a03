/**
 * Decision 397 (a data-protection probe): after a rebuild the file of the read models switched away from stayed in the
 * data directory, across restarts, until the next rebuild: with the values an erasure had blanked since, in clear.
 * The process that reads the read models removes it once it has closed it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionSpec, WriteOp } from '@coop/contracts';
import { SqliteReadStore, SqliteReadStoreFiles } from '@coop/projections';
import { SwitchingReadStore } from './switching-read-store.js';

const NAMES: CollectionSpec = { name: 'test_names', fields: { name: 'string' }, search: [] };
const put = (name: string): WriteOp => ({
  kind: 'put',
  collection: NAMES.name,
  doc: { id: 'a', cooperativeId: 'c', position: '1', name },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the read models switched away from', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'retired-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are removed with their side files once the reading process closed them; the current file stays', async () => {
    const files = new SqliteReadStoreFiles(dir, [NAMES]);
    const first = SqliteReadStoreFiles.current(dir);
    const current = new SqliteReadStore(first);
    await current.ensureCollections([NAMES]);
    await current.applyBatch([put('Alt')], { name: 'test', position: 1n });
    const opened = new SqliteReadStore(first);
    opened.useCollections([NAMES]);
    const reader = new SwitchingReadStore(
      opened,
      first,
      (file) => {
        const store = new SqliteReadStore(file);
        store.useCollections([NAMES]);
        return Promise.resolve(store);
      },
      (retired) => SqliteReadStoreFiles.removeRetired(dir, retired),
      20,
    );
    const side = await files.open(current);
    await side.applyBatch([put('Neu')], { name: 'test', position: 2n });
    await files.switchTo(side, current);
    const next = SqliteReadStoreFiles.current(dir);
    expect(next).not.toBe(first);
    await reader.switchTo(next);
    expect(existsSync(first)).toBe(true);
    for (let i = 0; i < 100 && existsSync(first); i++) await sleep(20);
    expect([existsSync(first), existsSync(`${first}-wal`), existsSync(`${first}-shm`)]).toEqual([false, false, false]);
    expect(existsSync(next)).toBe(true);
    expect((await reader.get(NAMES.name, 'a'))?.name).toBe('Neu');
    await reader.close();
    await side.close();
  });

  it('leave the current file and files of other directories alone', () => {
    const first = SqliteReadStoreFiles.current(dir);
    new SqliteReadStore(first).close().catch(() => undefined);
    SqliteReadStoreFiles.removeRetired(dir, first);
    SqliteReadStoreFiles.removeRetired(dir, '/etc/read-models.1.sqlite');
    SqliteReadStoreFiles.removeRetired(dir, join(dir, '..', 'read-models.2.sqlite'));
    expect(existsSync(first)).toBe(true);
  });
});
