// The production engines of docker-compose.yml in the benchmarks (issue 30): when EVENT_STORE_URL (KurrentDB) and/or
// MONGODB_URL (MongoDB, a replica set) are set, the append, rebuild and list benches also run against them and print
// their figures beside the embedded ones. Unset, the benches run the embedded stores alone, as before.
// Every engine run works in names of its own (streams suffixed with the run's id, a database `coop_bench_<run id>`
// dropped afterwards), so a shared server keeps no benchmark data and a second run meets none of the first.
import { randomBytes } from 'node:crypto';
import { benchEnv, built, log } from './lib.js';

/** The engines the environment names; each null when its URL is not set. */
export const ENGINES = {
  eventStoreUrl: process.env.EVENT_STORE_URL || null,
  mongodbUrl: process.env.MONGODB_URL || null,
};

/** This run's id: suffix of its streams and name of its database on the servers. */
export const RUN_ID = randomBytes(4).toString('hex');

/** The MongoDB database of this run (dropped by dropRunDatabase). */
export const RUN_DATABASE = `coop_bench_${RUN_ID}`;

/** A label of the engines a figure was taken on: `embedded`, `KurrentDB`, `MongoDB` or `KurrentDB + MongoDB`. */
export function engineLabel({ events = false, reads = false } = {}) {
  const parts = [events ? 'KurrentDB' : null, reads ? 'MongoDB' : null].filter(Boolean);
  return parts.length ? parts.join(' + ') : 'embedded';
}

/**
 * Environment for loadConfig() with the engines asked for (`events`: KurrentDB for the log; `reads`: MongoDB for the
 * read models and keys, in this run's database), the rest as benchEnv() makes it.
 */
export function engineEnv(dataDir, { events = false, reads = false } = {}, extra = {}) {
  if (events && !ENGINES.eventStoreUrl) throw new Error('EVENT_STORE_URL is not set');
  if (reads && !ENGINES.mongodbUrl) throw new Error('MONGODB_URL is not set');
  return benchEnv(dataDir, {
    ...(events ? { EVENT_STORE_URL: ENGINES.eventStoreUrl } : {}),
    ...(reads ? { MONGODB_URL: ENGINES.mongodbUrl, MONGODB_DATABASE: RUN_DATABASE } : {}),
    ...extra,
  });
}

/** Drops this run's MongoDB database (read models, keys, files), if MONGODB_URL is set. */
export async function dropRunDatabase() {
  if (!ENGINES.mongodbUrl) return;
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(ENGINES.mongodbUrl);
  try {
    await client.connect();
    await client.db(RUN_DATABASE).dropDatabase();
  } finally {
    await client.close();
  }
}

/** Says which engine figures this run takes, and which it leaves out for want of a URL. */
export function announceEngines(bench, { events = true, reads = true } = {}) {
  const taken = [];
  if (events && ENGINES.eventStoreUrl) taken.push('KurrentDB (EVENT_STORE_URL)');
  if (reads && ENGINES.mongodbUrl) taken.push(`MongoDB (MONGODB_URL, database ${RUN_DATABASE})`);
  log(
    taken.length
      ? `${bench}: also on ${taken.join(' and ')}, beside the embedded stores`
      : `${bench}: embedded stores only (set EVENT_STORE_URL / MONGODB_URL for the engine figures)`,
  );
}

/** A MongoDB read store in this run's database, with the product's collections (for benches that wire their own stores). */
export async function runReadStore() {
  const { MongoReadStore } = await built('projections/dist/mongo.js');
  const { areas } = await built('services/dist/areas.js');
  const store = await MongoReadStore.connect(ENGINES.mongodbUrl, RUN_DATABASE, { views: areas.views });
  await store.ensureCollections(areas.collections);
  return store;
}
