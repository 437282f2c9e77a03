// The SQLite read store's writes by how a cooperative is keyed (decision 282): the same postings (the product's
// `balances` collection, its 13 declared fields and their indexes) written through SqliteReadStore.applyBatch into a
// store that numbers its cooperatives (a new file) and into one made before numbering (a file that already had its
// checkpoints: the cooperative's 36-character id in every row and index entry), interleaved, with the file's size.
// `BENCH_KEYS_POSTINGS` (default 300,000), `BENCH_KEYS_ROUNDS` (2). Ids are time-ordered as the product's (UUIDv7).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { built, fakeUuid, load, log, now, rng, round, saveResult, tempDataDir } from './lib.js';

const POSTINGS = Number(process.env.BENCH_KEYS_POSTINGS ?? 300_000);
const ROUNDS = Number(process.env.BENCH_KEYS_ROUNDS ?? 2);
const BATCH = 20_000;
const started = now();
const { areas } = await built('services/dist/areas.js');
const { SqliteReadStore } = await built('projections/dist/index.js');
const spec = areas.collections.find((c) => c.name === 'balances');
const random = rng(41);
const cooperatives = Array.from({ length: 3 }, () => fakeUuid(random));
const members = Array.from({ length: 30_000 }, () => fakeUuid(random));

/** A time-ordered id (as UUIDv7: the posting's sequence first), so that inserts land where the product's do. */
const idOf = (i) => {
  const time = `019a${i.toString(16).padStart(8, '0')}`;
  return `${time.slice(0, 8)}-${time.slice(8, 12)}${fakeUuid(random).slice(13)}`;
};

function posting(i) {
  const member = members[i % members.length];
  const date = `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 9}`;
  return {
    id: idOf(i),
    cooperativeId: cooperatives[i % cooperatives.length],
    position: String(i),
    member,
    type: i % 6,
    date,
    approvalDate: date,
    interestBegin: date,
    interestEnd: '9999-12-31',
    amount: (i % 50) * 25_000,
    quantity: i % 50,
    annulated: false,
    annulPeer: null,
    transferPeer: i % 20 === 0 ? members[(i * 7) % members.length] : null,
    memberNr: (i % members.length) + 1,
    memberName: `Mitglied ${i % 5000}`,
  };
}

async function write(numbered) {
  const { dir, cleanup } = tempDataDir(`read-store-keys-${numbered ? 'numbered' : 'ids'}`);
  const file = join(dir, 'read-models.sqlite');
  if (!numbered) {
    // A file made before cooperatives were numbered: its checkpoints exist, no `coop_numbers`.
    const old = new Database(file);
    old.exec('CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
    old.close();
  }
  const store = new SqliteReadStore(file);
  await store.ensureCollections([spec]);
  const loadBefore = load();
  const t0 = now();
  for (let b = 0; b < POSTINGS; b += BATCH) {
    const ops = [];
    for (let i = b; i < Math.min(POSTINGS, b + BATCH); i++)
      ops.push({ kind: 'put', collection: 'balances', doc: posting(i) });
    await store.applyBatch(ops, { name: 'bench', position: BigInt(b) });
  }
  const ms = now() - t0;
  await store.close();
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const keyType = db.prepare('SELECT typeof(cooperative_id) AS t FROM rm_balances LIMIT 1').pluck().get();
  db.close();
  const mb = round(statSync(file).size / 2 ** 20, 1);
  cleanup();
  const figure = {
    numbered,
    keyType,
    ms: round(ms),
    microsPerPosting: round((ms * 1000) / POSTINGS, 1),
    fileMb: mb,
    load: [loadBefore, load()],
  };
  log(
    `${numbered ? 'numbered' : 'ids     '}: ${POSTINGS} postings in ${figure.ms} ms (${figure.microsPerPosting} µs each), file ${mb} MB, load ${figure.load.join(' → ')}`,
  );
  return figure;
}

const runs = [];
for (let r = 0; r < ROUNDS; r++) {
  // The one going first alternates.
  for (const numbered of r % 2 === 0 ? [false, true] : [true, false]) runs.push(await write(numbered));
}
const mean = (numbered, key) => {
  const xs = runs.filter((x) => x.numbered === numbered).map((x) => x[key]);
  return round(xs.reduce((a, b) => a + b, 0) / xs.length, 1);
};
saveResult('read-store-keys', started, { postings: POSTINGS, batch: BATCH, runs }, [
  {
    metric: 'µs a posting, cooperative by id',
    target: null,
    actual: mean(false, 'microsPerPosting'),
    unit: 'µs',
    pass: null,
  },
  {
    metric: 'µs a posting, cooperative numbered',
    target: null,
    actual: mean(true, 'microsPerPosting'),
    unit: 'µs',
    pass: null,
  },
  { metric: 'file, cooperative by id', target: null, actual: mean(false, 'fileMb'), unit: 'MB', pass: null },
  { metric: 'file, cooperative numbered', target: null, actual: mean(true, 'fileMb'), unit: 'MB', pass: null },
]);
