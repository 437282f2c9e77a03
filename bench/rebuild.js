// Projection rebuild of a large SQLite event log (default 1,000,000 events).
// Generates a realistic log: 5 cooperatives, 50,000 approval numbers (ElmaNumberAdded) changed many
// times (ElmaNumberChanged), 20,000 users (UserCreated) and 10,000 renames (UserRenamed). Approval
// number events go straight into the SqliteEventStore in large transactions; user and cooperative
// events go through the CodecEventStore so their personal fields are sealed and the rebuild has to
// decrypt them. Then times ProjectionRunner.rebuild() (wired as openStorage() wires it) against a raw
// read of the same rows in the same run (better-sqlite3 iterate() + JSON.parse of data and metadata).
// Target: rebuild >= 1/3 of the raw read rate.
// With MONGODB_URL set, the same log is also rebuilt into MongoDB read models (this run's database, bounded
// transactions); with EVENT_STORE_URL set, the log is copied to KurrentDB (streams of this run's own) and rebuilt from
// there (into MongoDB when its URL is set too). Their rates are printed beside the embedded one (bench/engines.js).
import { join } from 'node:path';
import { mkdirSync, statSync } from 'node:fs';
import {
  asTheProductRuns,
  elmaFs,
  elmaKm,
  fakeUuid,
  log,
  metadata,
  now,
  perSecond,
  rng,
  round,
  saveResult,
  tempDataDir,
  built,
} from './lib.js';
import { rawRead } from './support/raw-read.js';
import { announceEngines, dropRunDatabase, engineLabel, ENGINES, RUN_ID, runReadStore } from './engines.js';

asTheProductRuns();
announceEngines('rebuild');

const TOTAL = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
const ELMA_NUMBERS = Number(process.env.BENCH_REBUILD_ELMA_NUMBERS ?? 50_000);
const USERS = Math.round(TOTAL / 50); // 20,000 per million
const RENAMES = Math.round(TOTAL / 100); // 10,000 per million
const COOPERATIVES = 5;
const CHUNK = 20_000; // events per write transaction while generating
const TARGET_RATIO = 1 / 3;

const started = now();
const { dir, cleanup } = tempDataDir('rebuild');
const { SqliteEventStore } = await built('services/dist/platform/event-store/sqlite-event-store.js');
const { CodecEventStore } = await built('services/dist/platform/event-store/codec-event-store.js');
const { PersonalDataCipher } = await built('services/dist/platform/event-store/personal-data.js');
const { Upcasters } = await built('services/dist/platform/event-store/upcasters.js');
const { SqliteKeyStore } = await built('services/dist/platform/key-store/sqlite-key-store.js');
const { areas } = await built('services/dist/areas.js');
const { SqliteReadStore, ProjectionRunner } = await built('projections/dist/index.js');
const { elmaNumberStream, userStream, cooperativeStream, ROLES } = await built('contracts/dist/index.js');
/** Events copied to KurrentDB for its rebuild (default: the whole log). */
const ENGINE_EVENTS = Number(process.env.BENCH_REBUILD_ENGINE_EVENTS ?? TOTAL);

mkdirSync(dir, { recursive: true });
const eventsFile = join(dir, 'events.sqlite');
/** The same wiring as openStorage() for SQLite. */
function open() {
  const raw = new SqliteEventStore(eventsFile);
  const keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  const events = new CodecEventStore(
    raw,
    new PersonalDataCipher(keys, areas.personalData),
    new Upcasters(areas.upcasters),
  );
  const readStore = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const runner = new ProjectionRunner(events, readStore, areas.projectors);
  return { raw, keys, events, readStore, runner };
}

async function generate(store) {
  const random = rng(7);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const cooperatives = Array.from({ length: COOPERATIVES }, () => fakeUuid(random));
  const numbers = []; // [id, cooperativeId]
  const users = []; // [id, cooperativeId]
  const meta = (cooperativeId) => ({
    ...metadata(cooperativeId, 'admin'),
    correlationId: fakeUuid(random),
    causationId: fakeUuid(random),
  });
  const number = () =>
    random() < 0.5
      ? { elmaProcess: 'fs', elmaNumber: elmaFs(random) }
      : { elmaProcess: 'km', elmaNumber: elmaKm(random) };

  await store.events.appendMulti(
    cooperatives.map((cooperativeId, i) => ({
      streamId: cooperativeStream(cooperativeId),
      expected: 'no_stream',
      events: [
        {
          type: 'CooperativeRegistered',
          data: {
            cooperativeId,
            name: `Genossenschaft ${i + 1}`,
            city: 'Köln',
            contactPerson: `Kontakt ${i + 1}`,
            email: `info${i + 1}@example.org`,
            minimumShares: 1,
          },
          metadata: meta(cooperativeId),
        },
      ],
    })),
  );
  let written = COOPERATIVES;
  // Adds are spread over the first 40% of the log, users over the whole log; the rest are changes.
  const addEvery = (TOTAL * 0.4) / ELMA_NUMBERS;
  while (written < TOTAL) {
    const plain = [];
    const personal = [];
    const size = Math.min(CHUNK, TOTAL - written);
    for (let i = 0; i < size; i++) {
      const n = written + i;
      const r = random();
      if (numbers.length < ELMA_NUMBERS && (numbers.length < n / addEvery || numbers.length === 0)) {
        const cooperativeId = pick(cooperatives);
        const elmaNumberId = fakeUuid(random);
        numbers.push([elmaNumberId, cooperativeId]);
        const createdAt = new Date(1_700_000_000_000 + n * 1000).toISOString();
        plain.push({
          streamId: elmaNumberStream(elmaNumberId),
          expected: 'any',
          events: [
            {
              type: 'ElmaNumberAdded',
              data: { elmaNumberId, cooperativeId, ...number(), createdAt },
              metadata: meta(cooperativeId),
            },
          ],
        });
      } else if (r < USERS / TOTAL && users.length < USERS) {
        const cooperativeId = pick(cooperatives);
        const userId = fakeUuid(random);
        users.push([userId, cooperativeId]);
        const username = `user.${users.length}.${Math.floor(random() * 1e6)}`;
        const roles = ROLES.filter(() => random() < 0.3);
        personal.push({
          streamId: userStream(userId),
          expected: 'any',
          events: [
            {
              type: 'UserCreated',
              data: {
                userId,
                cooperativeId,
                username,
                passwordHash:
                  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000',
                roles,
              },
              metadata: meta(cooperativeId),
            },
          ],
        });
      } else if (r < (USERS + RENAMES) / TOTAL && users.length > 0) {
        const [userId, cooperativeId] = pick(users);
        personal.push({
          streamId: userStream(userId),
          expected: 'any',
          events: [
            {
              type: 'UserRenamed',
              data: { userId, username: `renamed.${Math.floor(random() * 1e9)}` },
              metadata: meta(cooperativeId),
            },
          ],
        });
      } else {
        const [elmaNumberId, cooperativeId] = pick(numbers);
        plain.push({
          streamId: elmaNumberStream(elmaNumberId),
          expected: 'any',
          events: [{ type: 'ElmaNumberChanged', data: { elmaNumberId, ...number() }, metadata: meta(cooperativeId) }],
        });
      }
    }
    if (plain.length) await store.raw.appendMulti(plain); // straight into SQLite, no codec
    if (personal.length) await store.events.appendMulti(personal); // sealed by the codec
    written += size;
    if (written % 200_000 < CHUNK) log(`    generated ${written} events`);
  }
  return { cooperatives: cooperatives.length, elmaNumbers: numbers.length, users: users.length };
}

/** Copies the first `count` events of the SQLite log, sealed as they are, to KurrentDB under stream ids of this run. */
async function copyToKurrent(count) {
  const { KurrentEventStore } = await built('services/dist/platform/event-store/kurrent-event-store.js');
  const source = new SqliteEventStore(eventsFile);
  const target = new KurrentEventStore(ENGINES.eventStoreUrl);
  try {
    let copied = 0;
    for (let after = -1n; copied < count;) {
      const batch = (await source.readAll(after, 1000)).slice(0, count - copied);
      if (batch.length === 0) break;
      // One entry per stream (its events in order): an append may name a stream only once.
      const byStream = new Map();
      for (const e of batch) {
        const streamId = `${e.streamId}-${RUN_ID}`;
        if (!byStream.has(streamId)) byStream.set(streamId, []);
        byStream.get(streamId).push({ type: e.type, data: e.data, metadata: e.metadata });
      }
      await target.appendMulti([...byStream].map(([streamId, events]) => ({ streamId, expected: 'any', events })));
      copied += batch.length;
      after = batch.at(-1).position;
    }
    return copied;
  } finally {
    await target.close();
    await source.close();
  }
}

/** Rebuilds from the log of `events` (KurrentDB or SQLite) into the read store of `reads` (MongoDB or SQLite): events/s. */
async function engineRebuild({ events, reads }) {
  const { KurrentEventStore } = events ? await built('services/dist/platform/event-store/kurrent-event-store.js') : {};
  const adapter = events ? new KurrentEventStore(ENGINES.eventStoreUrl) : new SqliteEventStore(eventsFile);
  const keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  const log_ = new CodecEventStore(
    adapter,
    new PersonalDataCipher(keys, areas.personalData),
    new Upcasters(areas.upcasters),
  );
  const readStore = reads
    ? await runReadStore()
    : new SqliteReadStore(join(dir, `engine-read-models-${RUN_ID}.sqlite`));
  try {
    const runner = new ProjectionRunner(log_, readStore, areas.projectors);
    const t = now();
    const rebuilt = await runner.rebuild();
    const ms = now() - t;
    const users = (await readStore.find('users', { cooperativeId: null, limit: 1 })).total;
    return {
      engine: engineLabel({ events, reads }),
      events: rebuilt.events,
      ms: round(ms),
      eventsPerSecond: perSecond(rebuilt.events, ms),
      users,
    };
  } finally {
    await log_.close();
    await keys.close();
    await readStore.close();
  }
}

try {
  log(`generating ${TOTAL} events`);
  const t0 = now();
  let store = open();
  const generated = await generate(store);
  const generateMs = now() - t0;
  const head = await store.events.headPosition();
  await store.events.close();
  await store.keys.close();
  await store.readStore.close();
  log(
    `    ${generated.elmaNumbers} approval numbers, ${generated.users} users in ${round(generateMs / 1000, 1)} s; head position ${head}`,
  );

  log('raw read (iterate + JSON.parse), warm-up and measured');
  rawRead(eventsFile); // warm the OS page cache so both sides read from memory
  const raw = rawRead(eventsFile);
  log(`    ${raw.rowsPerSecond} rows/s (${raw.ms} ms)`);

  log('ProjectionRunner.rebuild()');
  store = open();
  const t1 = now();
  const rebuilt = await store.runner.rebuild();
  const rebuildMs = now() - t1;
  const rebuildRate = perSecond(rebuilt.events, rebuildMs);
  log(`    ${rebuilt.events} events in ${round(rebuildMs)} ms: ${rebuildRate} events/s`);

  // Sanity: the read models hold what the log says.
  const numbersTotal = (await store.readStore.find('elmanumbers', { cooperativeId: null, limit: 1 })).total;
  const usersTotal = (await store.readStore.find('users', { cooperativeId: null, limit: 1 })).total;
  const sample = (await store.readStore.find('users', { cooperativeId: null, limit: 1 })).items[0];
  if (
    numbersTotal !== generated.elmaNumbers ||
    usersTotal !== generated.users ||
    typeof sample?.username !== 'string'
  ) {
    throw new Error(
      `Rebuild produced ${numbersTotal} numbers / ${usersTotal} users, expected ${generated.elmaNumbers} / ${generated.users}`,
    );
  }
  await store.events.close();
  await store.keys.close();
  await store.readStore.close();

  const raw2 = rawRead(eventsFile);
  const rawRate = Math.max(raw.rowsPerSecond, raw2.rowsPerSecond);
  const ratio = round(rebuildRate / rawRate, 3);

  const engines = [];
  if (ENGINES.mongodbUrl) {
    log('ProjectionRunner.rebuild() of the SQLite log into MongoDB');
    const run = await engineRebuild({ events: false, reads: true });
    if (run.users !== generated.users)
      throw new Error(`Rebuild into MongoDB produced ${run.users} users, expected ${generated.users}`);
    engines.push(run);
    log(`    ${run.events} events in ${run.ms} ms: ${run.eventsPerSecond} events/s`);
  }
  if (ENGINES.eventStoreUrl) {
    log(`copying ${ENGINE_EVENTS} events to KurrentDB`);
    const t = now();
    const copied = await copyToKurrent(ENGINE_EVENTS);
    log(`    ${copied} events in ${round((now() - t) / 1000, 1)} s`);
    log(
      `ProjectionRunner.rebuild() from KurrentDB into ${ENGINES.mongodbUrl ? 'MongoDB' : 'SQLite'} (every event of the server's log, other runs' too)`,
    );
    const run = await engineRebuild({ events: true, reads: ENGINES.mongodbUrl !== null });
    engines.push({ ...run, copied });
    log(`    ${run.events} events in ${run.ms} ms: ${run.eventsPerSecond} events/s`);
  }
  saveResult(
    'rebuild',
    started,
    {
      events: rebuilt.events,
      generated,
      generateSeconds: round(generateMs / 1000, 1),
      eventsFileMb: round(statSync(eventsFile).size / 2 ** 20, 1),
      rebuildMs: round(rebuildMs),
      rebuildEventsPerSecond: rebuildRate,
      rawReadRowsPerSecond: rawRate,
      rawReadRuns: [raw, raw2],
      ratio,
      engines,
    },
    [
      { metric: 'raw read iterate()+JSON.parse', target: null, actual: rawRate, unit: 'rows/s', pass: null },
      {
        metric: `rebuild of ${rebuilt.events} events vs raw read`,
        target: `>= ${round(TARGET_RATIO, 3)}`,
        actual: ratio,
        unit: 'ratio',
        pass: ratio >= TARGET_RATIO,
        detail: `${rebuildRate} events/s in ${round(rebuildMs / 1000, 1)} s`,
      },
      ...engines.map((run) => ({
        metric: `rebuild on ${run.engine}`,
        target: null,
        actual: run.eventsPerSecond,
        unit: 'events/s',
        pass: null,
        detail: `embedded ${rebuildRate} events/s; ${run.events} events in ${round(run.ms / 1000, 1)} s`,
      })),
    ],
  );
} finally {
  await dropRunDatabase();
  cleanup();
}
