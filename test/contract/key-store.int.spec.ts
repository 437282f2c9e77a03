import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { MongoKeyStore } from '../../services/src/platform/key-store/mongo-key-store.js';
import { SqliteKeyStore } from '../../services/src/platform/key-store/sqlite-key-store.js';
import { askingForSecondaries, keyStoreContract } from './key-store.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'coop-key-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

keyStoreContract('SQLite', async () => new SqliteKeyStore(join(dir, 'keys.sqlite')));

const url = process.env.MONGODB_URL;
if (url) {
  const database = `coop_contract_keys_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  keyStoreContract(
    `MongoDB (${database})`,
    () => MongoKeyStore.connect(url, database),
    async () => {
      const client = new MongoClient(url);
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    },
    () => MongoKeyStore.connect(askingForSecondaries(url), database),
  );
} else {
  console.info('MongoDB key-store contract suite skipped: MONGODB_URL is not set (the embedded adapter ran alone).');
  describe.skip('MongoDB key-store contract suite skipped: MONGODB_URL is not set', () => {
    it('MongoDB key-store contract suite skipped: MONGODB_URL is not set', () => undefined);
  });
}
