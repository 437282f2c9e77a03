import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { FolderFileStore } from '../../services/src/platform/file-store/folder-file-store.js';
import { GridFsFileStore } from '../../services/src/platform/file-store/gridfs-file-store.js';
import { fileStoreContract } from './file-store.contract.js';
import { askingForSecondaries } from './key-store.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'coop-file-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

fileStoreContract('folder', async () => new FolderFileStore(join(dir, 'files')));

describe('FolderFileStore', () => {
  it('writes only inside its folder and leaves no temporary file behind', async () => {
    const folder = join(dir, 'inside');
    const store = new FolderFileStore(folder);
    await store.put('abc-1', new Uint8Array([1, 2, 3]));
    await expect(store.put('../outside', new Uint8Array([1]))).rejects.toThrow(/Not a file id/);
    expect(existsSync(join(dir, 'outside'))).toBe(false);
    expect(readdirSync(folder)).toEqual(['abc-1']);
  });

  it('opening removes the temporary files a stopped put left, an hour old, and leaves a put under way and the files', async () => {
    const folder = join(dir, 'crashed');
    await (await FolderFileStore.open(folder)).put('export-1', new Uint8Array([1]));
    const stale = '.export-2.0123456789ab.tmp';
    const fresh = '.export-3.ba9876543210.tmp';
    for (const name of [stale, fresh]) writeFileSync(join(folder, name), 'Mustermann;Erika');
    const hourAndMinuteAgo = (Date.now() - 61 * 60 * 1000) / 1000;
    utimesSync(join(folder, stale), hourAndMinuteAgo, hourAndMinuteAgo);
    utimesSync(join(folder, 'export-1'), hourAndMinuteAgo, hourAndMinuteAgo);
    const store = await FolderFileStore.open(folder);
    expect(readdirSync(folder).sort()).toEqual([fresh, 'export-1']);
    expect(await store.get('export-1')).toEqual(new Uint8Array([1]));
  });
});

const url = process.env.MONGODB_URL;
if (url) {
  const database = `coop_contract_files_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  fileStoreContract(
    `GridFS (${database})`,
    () => GridFsFileStore.connect(url, database),
    async () => {
      const client = new MongoClient(url);
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    },
    () => GridFsFileStore.connect(askingForSecondaries(url), database),
  );
} else {
  console.info('GridFS file-store contract suite skipped: MONGODB_URL is not set (the folder adapter ran alone).');
  describe.skip('GridFS file-store contract suite skipped: MONGODB_URL is not set', () => {
    it('GridFS file-store contract suite skipped: MONGODB_URL is not set', () => undefined);
  });
}
