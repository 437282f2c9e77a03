import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventStore, KeyStore, ReadStore } from '@coop/contracts';
import { allProjectors, MongoReadStore, ProjectionRunner, READER_CACHE_MIB, SqliteReadStore, type SqliteReadStoreOptions } from '@coop/projections';
import type { AppConfig } from './config/config.js';
import { CodecEventStore } from './event-store/codec-event-store.js';
import { KurrentEventStore } from './event-store/kurrent-event-store.js';
import { PersonalDataCipher } from './event-store/personal-data.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';
import { Upcasters } from './event-store/upcasters.js';
import { MongoKeyStore } from './key-store/mongo-key-store.js';
import { SqliteKeyStore } from './key-store/sqlite-key-store.js';
import { ThreadedProjectionRunner } from './sqlite-runtime/threaded-runner.js';
import { ThreadedReadStore } from './sqlite-runtime/threaded-read-store.js';

import { personalDataRules, upcasters } from '../event-catalogue.js';
import { READ_VIEWS } from '../read-views.js';

/** The engines in use, chosen by configuration. */
export interface Storage {
  readonly events: EventStore;
  readonly keys: KeyStore;
  readonly readStore: ReadStore;
  readonly runner: ProjectionRunner;
  close(): Promise<void>;
}

/** The event log as the application sees it (personal data opened, old versions upcast), and the adapter below it. */
export interface EventLog {
  readonly keys: KeyStore;
  readonly events: EventStore;
  readonly adapter: EventStore;
  close(): Promise<void>;
}

export async function openEventLog(config: AppConfig): Promise<EventLog> {
  const keys: KeyStore = config.mongodbUrl
    ? await MongoKeyStore.connect(config.mongodbUrl, config.mongodbDatabase)
    : new SqliteKeyStore(join(config.dataDir, 'keys.sqlite'));
  const adapter: EventStore = config.eventStoreUrl
    ? new KurrentEventStore(config.eventStoreUrl)
    : new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const events = new CodecEventStore(adapter, new PersonalDataCipher(keys, personalDataRules), new Upcasters(upcasters));
  return {
    keys,
    events,
    adapter,
    close: async () => {
      await events.close();
      await keys.close();
    },
  };
}

/** The SQLite read store's file under the data directory. */
export function readStoreFile(config: AppConfig): string {
  return join(config.dataDir, 'read-models.sqlite');
}

/** `sqlite`: options for the SQLite read store (ignored with MongoDB). Either is given the list views (READ_VIEWS). */
export async function openReadStore(config: AppConfig, sqlite: SqliteReadStoreOptions = {}): Promise<ReadStore> {
  const readStore: ReadStore = config.mongodbUrl
    ? await MongoReadStore.connect(config.mongodbUrl, config.mongodbDatabase, { views: READ_VIEWS })
    : new SqliteReadStore(readStoreFile(config), { ...sqlite, views: READ_VIEWS });
  await readStore.ensureCollections(allProjectors.flatMap((p) => p.collections));
  return readStore;
}

/** The compiled entry of the projection thread; absent when the services run from their TypeScript sources (jest). */
const PROJECTION_THREAD = new URL('./sqlite-runtime/projection-thread.js', import.meta.url);
/** The compiled entry of a read thread (ThreadedReadStore); absent likewise. */
const READ_THREAD = new URL('./sqlite-runtime/read-thread.js', import.meta.url);

/**
 * The API's read store: the SQLite one with its list queries spread over `READ_THREADS` read threads when
 * their compiled entry exists (ThreadedReadStore); MongoDB, or SQLite with `READ_THREADS=0`, as it is.
 */
async function openApiReadStore(config: AppConfig, sqlite: SqliteReadStoreOptions): Promise<ReadStore> {
  const local = await openReadStore(config, sqlite);
  if (config.mongodbUrl || config.readThreads === 0 || !existsSync(fileURLToPath(READ_THREAD))) return local;
  return ThreadedReadStore.open(local, READ_THREAD, readStoreFile(config), config.readThreads);
}

export interface StorageOptions {
  /**
   * Run the projections in a worker thread of this process (the default where the compiled thread
   * entry exists): they get a core of their own instead of sharing the API's event loop.
   */
  readonly projectionThread?: boolean;
  /** Answer list queries in read threads (the default: as `READ_THREADS` says); false for processes that answer none. */
  readonly readThreads?: boolean;
  /** Read the SQLite event log into memory before answering (the API's commands: `EVENT_LOG_PREWARM`, decision 41). */
  readonly prewarmEventLog?: boolean;
}

export async function openStorage(config: AppConfig, options: StorageOptions = {}): Promise<Storage> {
  const log = await openEventLog(config);
  if (options.prewarmEventLog && log.adapter instanceof SqliteEventStore) {
    const warm = log.adapter.prewarm();
    const size = `${Math.round(warm.fileBytes / 2 ** 20)} MiB`;
    if (!warm.read) console.log(`Event log: ${size}, larger than its memory map; not read into memory at start`);
    else if (warm.ms >= 1000) console.log(`Event log: ${size} read into memory in ${(warm.ms / 1000).toFixed(1)} s`);
  }
  const threaded = options.projectionThread ?? existsSync(fileURLToPath(PROJECTION_THREAD));
  // With the projections in their thread, this process's own connection only reads (decision 36: READER_CACHE_MIB).
  const sqlite: SqliteReadStoreOptions = threaded ? { cacheMiB: READER_CACHE_MIB } : {};
  const readStore = options.readThreads === false ? await openReadStore(config, sqlite) : await openApiReadStore(config, sqlite);
  const runner = threaded
    ? new ThreadedProjectionRunner(PROJECTION_THREAD, config, log.events, readStore, allProjectors)
    : new ProjectionRunner(log.events, readStore, allProjectors, (line) => console.log(line));
  return {
    events: log.events,
    keys: log.keys,
    readStore,
    runner,
    close: async () => {
      await runner.stop();
      if (runner instanceof ThreadedProjectionRunner) await runner.close();
      await log.close();
      await readStore.close();
    },
  };
}
