// Append throughput on SQLite.
//  (a) single-event commands through the real command path: createApp(), CommandBus, StreamWriter
//      (load stream, decide, seal, append, wait for the read models), sequentially, in commands/s;
//  (b) batched appends through the EventStore port (CodecEventStore over SqliteEventStore, as
//      openStorage() builds it), BATCH events per call, in events/s, both as append() to one stream
//      and as appendMulti() over BATCH new streams;
//  (c) a raw better-sqlite3 insert of the same payloads with the same stream ids and revisions into
//      an equivalent table (same schema and pragmas), one transaction per batch of the same size, in
//      the same run; compared with each (b) variant. Target: (b) >= 0.5 x (c).
//  (d) with EVENT_STORE_URL set: (b) against KurrentDB (BENCH_APPEND_ENGINE_BATCHES batches, streams of this run's own),
//      printed beside the embedded figures (bench/engines.js).
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CommandBus } from '@nestjs/cqrs';
import {
  asTheProductRuns,
  benchEnv,
  built,
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
} from './lib.js';
import { announceEngines, dropRunDatabase, engineEnv, engineLabel, ENGINES, RUN_ID } from './engines.js';

asTheProductRuns();
announceEngines('append', { reads: false });

const COMMANDS = Number(process.env.BENCH_APPEND_COMMANDS ?? 5000);
const BATCH = Number(process.env.BENCH_APPEND_BATCH ?? 1000);
const BATCHES = Number(process.env.BENCH_APPEND_BATCHES ?? 200);
const ROUNDS = Number(process.env.BENCH_APPEND_ROUNDS ?? 3);
/** Batches of BATCH events per variant against KurrentDB (over the network: fewer than the embedded BATCHES). */
const ENGINE_BATCHES = Number(process.env.BENCH_APPEND_ENGINE_BATCHES ?? 20);
const TARGET_RATIO = 0.5;

const started = now();
const { dir, cleanup } = tempDataDir('append');
const { createApp } = await built('services/dist/create-app.js');
const { areas } = await built('services/dist/areas.js');
const { loadConfig } = await built('services/dist/platform/config/config.js');
const { openStorage } = await built('services/dist/platform/storage.js');
const { contextFor } = await built('services/dist/platform/commands/command-context.js');
const { AddElmaNumberCommand, ChangeElmaNumberCommand } = await built(
  'services/dist/elma-numbers/commands/elma-number.commands.js',
);
const { ROLES, elmaNumberStream } = await built('contracts/dist/index.js');

const random = rng(42);

// ---------- (a) commands through the command bus ----------
async function commandPath() {
  const dataDir = join(dir, 'commands');
  const running = await createApp(loadConfig(benchEnv(dataDir)), areas, { logger: false });
  try {
    const bus = running.app.get(CommandBus);
    const cooperativeId = running.firstStart.cooperativeId;
    const actor = { userId: 'bench-user', username: 'bench', roles: [...ROLES], cooperativeId };
    const input = () =>
      random() < 0.5
        ? { elmaProcess: 'fs', elmaNumber: elmaFs(random) }
        : { elmaProcess: 'km', elmaNumber: elmaKm(random) };
    // Warm-up (JIT, statement caches), not counted.
    const warm = [];
    for (let i = 0; i < 200; i++) warm.push(await bus.execute(new AddElmaNumberCommand(contextFor(actor), input())));
    for (const id of warm) await bus.execute(new ChangeElmaNumberCommand(contextFor(actor), id, input()));

    const adds = Math.ceil(COMMANDS / 2);
    const ids = [];
    const t0 = now();
    for (let i = 0; i < adds; i++) ids.push(await bus.execute(new AddElmaNumberCommand(contextFor(actor), input())));
    const tAdd = now() - t0;
    const t1 = now();
    for (let i = 0; i < COMMANDS - adds; i++) {
      await bus.execute(new ChangeElmaNumberCommand(contextFor(actor), ids[i % ids.length], input()));
    }
    const tChange = now() - t1;
    const total = tAdd + tChange;
    return {
      commands: COMMANDS,
      addCommands: adds,
      changeCommands: COMMANDS - adds,
      ms: round(total),
      commandsPerSecond: perSecond(COMMANDS, total),
      addPerSecond: perSecond(adds, tAdd),
      changePerSecond: perSecond(COMMANDS - adds, tChange),
      meanLatencyMs: round(total / COMMANDS, 3),
    };
  } finally {
    await running.close();
  }
}

// ---------- payloads shared by (b) and (c) ----------
function makeBatches() {
  const cooperatives = Array.from({ length: 5 }, () => fakeUuid(random));
  const batches = [];
  for (let b = 0; b < BATCHES; b++) {
    const events = [];
    for (let i = 0; i < BATCH; i++) {
      const cooperativeId = cooperatives[i % cooperatives.length];
      const elmaNumberId = fakeUuid(random);
      const fs = random() < 0.5;
      events.push({
        streamId: elmaNumberStream(elmaNumberId),
        event: {
          type: 'ElmaNumberAdded',
          data: {
            elmaNumberId,
            cooperativeId,
            elmaProcess: fs ? 'fs' : 'km',
            elmaNumber: fs ? elmaFs(random) : elmaKm(random),
            createdAt: new Date(1_700_000_000_000 + b * BATCH + i).toISOString(),
          },
          metadata: { ...metadata(cooperativeId), correlationId: fakeUuid(random), causationId: fakeUuid(random) },
        },
      });
    }
    batches.push(events);
  }
  return batches;
}

// ---------- (b) through the EventStore port ----------
async function viaPort(batches, mode, round_) {
  const dataDir = join(dir, `port-${mode}-${round_}`);
  const storage = await openStorage(loadConfig(benchEnv(dataDir)), areas);
  try {
    const t0 = now();
    let i = 0;
    for (const batch of batches) {
      if (mode === 'append') {
        // One stream per call holding the whole batch.
        await storage.events.append(
          `bench-stream-${round_}-${i++}`,
          'no_stream',
          batch.map((e) => e.event),
        );
      } else {
        await storage.events.appendMulti(
          batch.map((e) => ({ streamId: e.streamId, expected: 'no_stream', events: [e.event] })),
        );
      }
    }
    const ms = now() - t0;
    return { ms, eventsPerSecond: perSecond(batches.length * BATCH, ms) };
  } finally {
    await storage.close();
  }
}

// ---------- (d) through the EventStore port on KurrentDB ----------
async function viaEngine(batches, mode) {
  const engines = { events: true, reads: ENGINES.mongodbUrl !== null };
  const storage = await openStorage(loadConfig(engineEnv(join(dir, `engine-${mode}`), engines)), areas, {
    projectionThread: false,
    readThreads: false,
  });
  try {
    const t0 = now();
    let i = 0;
    for (const batch of batches) {
      // Streams of this run only: a shared server holds those of earlier runs.
      if (mode === 'append')
        await storage.events.append(
          `bench-stream-${RUN_ID}-${i++}`,
          'no_stream',
          batch.map((e) => e.event),
        );
      else
        await storage.events.appendMulti(
          batch.map((e) => ({ streamId: `${e.streamId}-${RUN_ID}`, expected: 'no_stream', events: [e.event] })),
        );
    }
    const ms = now() - t0;
    return {
      engine: engineLabel(engines),
      ms: round(ms),
      events: batches.length * BATCH,
      eventsPerSecond: perSecond(batches.length * BATCH, ms),
    };
  } finally {
    await storage.close();
  }
}

// ---------- (c) raw better-sqlite3 ----------
/** `mode` picks the same stream layout as the port variant: one stream per batch, or one per event. */
function raw(batches, mode, round_) {
  const dataDir = join(dir, `raw-${mode}-${round_}`);
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'events.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE events (
    position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision))`);
  const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)');
  const write = db.transaction((batch, streamOfBatch) => {
    let revision = 0;
    for (const { streamId, event } of batch) {
      if (streamOfBatch)
        insert.run(streamOfBatch, revision++, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata));
      else insert.run(streamId, 0, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata));
    }
  });
  const t0 = now();
  let i = 0;
  for (const batch of batches) write(batch, mode === 'append' ? `bench-stream-${round_}-${i++}` : undefined);
  const ms = now() - t0;
  db.close();
  return { ms, eventsPerSecond: perSecond(batches.length * BATCH, ms) };
}

try {
  log(`(a) ${COMMANDS} sequential commands through the command bus`);
  const commands = await commandPath();
  log(`    ${commands.commandsPerSecond} commands/s (mean ${commands.meanLatencyMs} ms)`);

  log(`(b)/(c) ${BATCHES} batches of ${BATCH} events, best of ${ROUNDS} interleaved rounds`);
  const batches = makeBatches();
  const runs = { rawAppend: [], append: [], rawAppendMulti: [], appendMulti: [] };
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which side goes first, so neither always gets the colder or the warmer machine.
    const pair = async (rawKey, portKey, mode) => {
      if (r % 2 === 0) {
        runs[rawKey].push(raw(batches, mode, r));
        runs[portKey].push(await viaPort(batches, mode, r));
      } else {
        runs[portKey].push(await viaPort(batches, mode, r));
        runs[rawKey].push(raw(batches, mode, r));
      }
    };
    await pair('rawAppend', 'append', 'append');
    await pair('rawAppendMulti', 'appendMulti', 'appendMulti');
    log(
      `    round ${r + 1}: raw(one stream/batch) ${runs.rawAppend[r].eventsPerSecond}/s, append ${runs.append[r].eventsPerSecond}/s; ` +
        `raw(one stream/event) ${runs.rawAppendMulti[r].eventsPerSecond}/s, appendMulti ${runs.appendMulti[r].eventsPerSecond}/s`,
    );
  }
  const best = (list) => Math.max(...list.map((x) => x.eventsPerSecond));
  const rawAppendRate = best(runs.rawAppend);
  const rawMultiRate = best(runs.rawAppendMulti);
  const appendRate = best(runs.append);
  const multiRate = best(runs.appendMulti);
  const appendRatio = round(appendRate / rawAppendRate, 3);
  const multiRatio = round(multiRate / rawMultiRate, 3);
  const engine = {};
  if (ENGINES.eventStoreUrl) {
    const some = batches.slice(0, ENGINE_BATCHES);
    log(`(d) ${some.length} batches of ${BATCH} events on KurrentDB`);
    engine.append = await viaEngine(some, 'append');
    engine.appendMulti = await viaEngine(some, 'appendMulti');
    log(`    append ${engine.append.eventsPerSecond}/s, appendMulti ${engine.appendMulti.eventsPerSecond}/s`);
  }
  saveResult(
    'append',
    started,
    {
      commandPath: commands,
      batchSize: BATCH,
      eventsPerVariant: BATCH * BATCHES,
      rounds: ROUNDS,
      rawInsertOneStreamPerBatchEventsPerSecond: rawAppendRate,
      rawInsertOneStreamPerEventEventsPerSecond: rawMultiRate,
      portAppendEventsPerSecond: appendRate,
      portAppendMultiEventsPerSecond: multiRate,
      ratioAppendToRaw: appendRatio,
      ratioAppendMultiToRaw: multiRatio,
      allRounds: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => x.eventsPerSecond)])),
      engines: {
        measuredOn: 'embedded figures above; `engine` on the servers of EVENT_STORE_URL / MONGODB_URL when set',
        ...engine,
      },
    },
    [
      {
        metric: 'commands via CommandBus, sequential',
        target: null,
        actual: commands.commandsPerSecond,
        unit: 'commands/s',
        pass: null,
        detail: `mean ${commands.meanLatencyMs} ms incl. read-your-writes`,
      },
      {
        metric: `append() ${BATCH} ev/call vs raw insert`,
        target: `>= ${TARGET_RATIO}`,
        actual: appendRatio,
        unit: 'ratio',
        pass: appendRatio >= TARGET_RATIO,
        detail: `${appendRate} vs raw ${rawAppendRate} events/s`,
      },
      {
        metric: `appendMulti() ${BATCH} streams/call vs raw`,
        target: `>= ${TARGET_RATIO}`,
        actual: multiRatio,
        unit: 'ratio',
        pass: multiRatio >= TARGET_RATIO,
        detail: `${multiRate} vs raw ${rawMultiRate} events/s`,
      },
      ...Object.entries(engine).map(([mode, e]) => ({
        metric: `${mode}() ${BATCH} ${mode === 'append' ? 'ev/call' : 'streams/call'} on ${e.engine}`,
        target: null,
        actual: e.eventsPerSecond,
        unit: 'events/s',
        pass: null,
        detail: `embedded ${mode === 'append' ? appendRate : multiRate} events/s; ${e.events} events in ${e.ms} ms`,
      })),
    ],
  );
} finally {
  await dropRunDatabase();
  cleanup();
}
