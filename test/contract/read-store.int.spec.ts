import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoReadStore } from '../../projections/src/read-store/mongo-read-store.js';
import { SqliteReadStore } from '../../projections/src/read-store/sqlite-read-store.js';
import { askingForSecondaries } from './key-store.contract.js';
import { readStoreContract } from './read-store.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'coop-read-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// cheapCountMs 0: every count of a filtered query is kept (the kept counts contract checks each change moves them).
readStoreContract(
  'SQLite',
  async (views) => new SqliteReadStore(join(dir, 'read-models.sqlite'), { views, cheapCountMs: 0 }),
  { scale: true },
);
readStoreContract('SQLite', async (views) => new SqliteReadStore(join(dir, 'ordered.sqlite'), { views }), {
  textOrder: true,
});
// 65,536 order keys for 6,500 documents: places run out often, so neighbours are renumbered throughout.
readStoreContract(
  'SQLite (few order keys)',
  async (views) => new SqliteReadStore(join(dir, 'few-keys.sqlite'), { orderKeyEnd: 2 ** 16, views }),
  {
    textOrder: true,
  },
);

const url = process.env.MONGODB_URL;
if (url) {
  // Needs a replica set (transactions), e.g. `docker compose up -d mongodb` and
  // MONGODB_URL=mongodb://localhost:27017/?replicaSet=rs0&directConnection=true
  const database = `coop_contract_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  // cheapCountMs 0: every count of a filtered query is kept, so the suite's counts after changes check that each change
  // moves what they depend on.
  readStoreContract(
    `MongoDB (${database})`,
    (views) => MongoReadStore.connect(url, database, { views, cheapCountMs: 0 }),
    {
      dispose: async (store) => (store as MongoReadStore).dropDatabase(),
      scale: true,
    },
  );
  // Through a URL that asks for secondaries, as a shared server's may: the store reads from the primary all the same.
  readStoreContract(
    `MongoDB (${database}_o)`,
    (views) => MongoReadStore.connect(askingForSecondaries(url), `${database}_o`, { views }),
    {
      dispose: async (store) => (store as MongoReadStore).dropDatabase(),
      textOrder: true,
    },
  );
} else {
  console.info('MongoDB read-store contract suite skipped: MONGODB_URL is not set (the embedded adapter ran alone).');
  describe.skip('MongoDB read-store contract suite skipped: MONGODB_URL is not set', () => {
    it('MongoDB read-store contract suite skipped: MONGODB_URL is not set', () => undefined);
  });
}
