import { join } from 'node:path';
import type { EventStore, KeyStore, ReadStore } from '@coop/contracts';
import {
  ProjectionRunner,
  READER_CACHE_MIB,
  SqliteReadStore,
  SqliteReadStoreFiles,
  type SqliteReadStoreOptions,
} from '@coop/projections';
import type { Areas } from './areas.js';
import type { AppConfig } from './config/config.js';
import { CodecEventStore } from './event-store/codec-event-store.js';
import { PersonalDataCipher } from './event-store/personal-data.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';
import { Upcasters } from './event-store/upcasters.js';
import { SqliteKeyStore } from './key-store/sqlite-key-store.js';
import { privateSqliteFile } from './private-files.js';
import { checkEmbeddedStores } from './storage-integrity.js';
import { isBuilt, runtimeEntries } from './sqlite-runtime/entries.js';
import { prewarmEventLogAtStart } from './sqlite-runtime/event-log-prewarm.js';
import { ThreadedProjectionRunner } from './sqlite-runtime/threaded-runner.js';
import { ThreadedReadStore } from './sqlite-runtime/threaded-read-store.js';
import { SwitchingReadStore } from './switching-read-store.js';

/** The engines in use, chosen by configuration. */
export interface Storage {
  readonly events: EventStore;
  readonly keys: KeyStore;
  readonly readStore: ReadStore;
  readonly runner: ProjectionRunner;
  /** The business areas it was opened for. */
  readonly areas: Areas;
  close(): Promise<void>;
}

/** The event log as the application sees it (personal data opened, old versions upcast), and the adapter below it. */
export interface EventLog {
  readonly keys: KeyStore;
  readonly events: EventStore;
  readonly adapter: EventStore;
  close(): Promise<void>;
}

/** `areas`: whose personal data is sealed, and how old event versions read. */
export async function openEventLog(
  config: AppConfig,
  areas: Pick<Areas, 'personalData' | 'upcasters'>,
): Promise<EventLog> {
  // The server adapters load only when configured: their clients (KurrentDB's gRPC, MongoDB's driver) cost about half a
  // second of every start that does not use them (decision 238).
  const keys: KeyStore = config.mongodbUrl
    ? await (
        await import('./key-store/mongo-key-store.js')
      ).MongoKeyStore.connect(config.mongodbUrl, config.mongodbDatabase)
    : new SqliteKeyStore(privateStoreFile(join(config.dataDir, 'keys.sqlite')));
  const adapter: EventStore = config.eventStoreUrl
    ? new (await import('./event-store/kurrent-event-store.js')).KurrentEventStore(config.eventStoreUrl, {
        streamPrefix: config.eventStoreStreamPrefix,
      })
    : new SqliteEventStore(privateStoreFile(join(config.dataDir, 'events.sqlite')));
  const events = new CodecEventStore(
    adapter,
    new PersonalDataCipher(keys, areas.personalData),
    new Upcasters(areas.upcasters),
  );
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

/** An embedded store's file, 0600 with its side files before SQLite opens it (personal data and keys; private-files.ts). */
function privateStoreFile(file: string): string {
  privateSqliteFile(file);
  return file;
}

/** The SQLite read store's current file under the data directory (the one `read-models.current` names, decision 171). */
export function readStoreFile(config: AppConfig): string {
  return SqliteReadStoreFiles.current(config.dataDir);
}

/** Where a rebuild builds the SQLite read models beside the current ones (decision 171); undefined with MongoDB. */
export function readStoreSides(
  config: AppConfig,
  areas: Pick<Areas, 'collections' | 'views'>,
  sqlite: SqliteReadStoreOptions = {},
): SqliteReadStoreFiles | undefined {
  if (config.mongodbUrl) return undefined;
  return new SqliteReadStoreFiles(
    config.dataDir,
    areas.collections,
    { ...sqlite, views: areas.views },
    privateSqliteFile,
  );
}

/** `areas`: whose collections it holds and the list views it builds; `sqlite`: options for the SQLite read store (ignored with MongoDB). */
export async function openReadStore(
  config: AppConfig,
  areas: Pick<Areas, 'collections' | 'views'>,
  sqlite: SqliteReadStoreOptions = {},
  file = readStoreFile(config),
  /** The file is one a rebuild made and switched to: its collections exist, and this connection only learns them (no write). */
  made = false,
): Promise<ReadStore> {
  if (made && !config.mongodbUrl) {
    const switched = new SqliteReadStore(file, { ...sqlite, views: areas.views });
    switched.useCollections(areas.collections);
    return switched;
  }
  const readStore: ReadStore = config.mongodbUrl
    ? await (
        await import('@coop/projections/mongo')
      ).MongoReadStore.connect(config.mongodbUrl, config.mongodbDatabase, { views: areas.views })
    : new SqliteReadStore(privateStoreFile(file), { ...sqlite, views: areas.views });
  await readStore.ensureCollections(areas.collections);
  return readStore;
}

/**
 * The API's read store: the SQLite one with its list queries spread over `READ_THREADS` read threads when
 * their compiled entry exists (ThreadedReadStore); MongoDB, or SQLite with `READ_THREADS=0`, as it is.
 */
async function openApiReadStore(
  config: AppConfig,
  areas: Areas,
  sqlite: SqliteReadStoreOptions,
  readThread: URL,
  file: string,
  made = false,
): Promise<ReadStore> {
  const local = await openReadStore(config, areas, sqlite, file, made);
  if (config.mongodbUrl || config.readThreads === 0 || !isBuilt(readThread)) return local;
  return ThreadedReadStore.open(local, readThread, file, config.readThreads, areas);
}

/**
 * The read store this process reads (SQLite: one that follows a rebuild's switch to another file, decision 171).
 * `follow`: the projections run elsewhere, so the pointer file is watched for switches.
 */
async function openProcessReadStore(
  config: AppConfig,
  areas: Areas,
  options: StorageOptions,
  sqlite: SqliteReadStoreOptions,
  readThread: URL,
  follow: boolean,
): Promise<ReadStore> {
  const open = (file: string, made = false): Promise<ReadStore> =>
    options.readThreads === false
      ? openReadStore(config, areas, sqlite, file, made)
      : openApiReadStore(config, areas, sqlite, readThread, file, made);
  const file = readStoreFile(config);
  if (config.mongodbUrl) return open(file);
  const first = await open(file);
  // Read threads switch files in place (starting new ones takes seconds on a loaded machine); the rest is opened anew.
  const store = new SwitchingReadStore(
    first,
    file,
    async (switched) => {
      if (!(first instanceof ThreadedReadStore)) return open(switched, true);
      const local = await openReadStore(config, areas, sqlite, switched, true);
      return { store: first, retired: first.switchFile(switched, local) };
    },
    (retired) => SqliteReadStoreFiles.removeRetired(config.dataDir, retired),
  );
  if (follow) store.follow(config.dataDir);
  return store;
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
  /**
   * The folder of the compiled SQLite runtime (`services/dist/platform/sqlite-runtime/`), whose entries the threads
   * run; it must hold them. Default: this module's own folder, where they exist when the services run built. The API
   * tests run the TypeScript sources and name the compiled folder, so that they run with the threads of `npm start`.
   */
  readonly runtime?: URL;
}

/** `areas`: the business areas (`services/src/areas.ts`), whose projectors, personal data and views the storage serves. */
export async function openStorage(config: AppConfig, areas: Areas, options: StorageOptions = {}): Promise<Storage> {
  const entries = runtimeEntries(options.runtime);
  if (options.runtime && !isBuilt(entries.projectionThread))
    throw new Error(`No compiled SQLite runtime in ${options.runtime.href} (npx tsc -b services)`);
  // Before anything reads or writes them: a damaged embedded store stops the start with a clear message (issue 28).
  checkEmbeddedStores(config.dataDir, {
    events: !config.eventStoreUrl,
    keys: !config.mongodbUrl,
    readModels: !config.mongodbUrl,
  });
  const log = await openEventLog(config, areas);
  if (options.prewarmEventLog) prewarmEventLogAtStart(log.adapter);
  const threaded = options.projectionThread ?? isBuilt(entries.projectionThread);
  // With the projections in their thread, this process's own connection only reads (decision 36: READER_CACHE_MIB).
  const sqlite: SqliteReadStoreOptions = threaded ? { cacheMiB: READER_CACHE_MIB } : {};
  // Without a projection thread here the runner (if it runs) writes through this same store, in place (decision 171).
  const readStore = await openProcessReadStore(
    config,
    areas,
    options,
    sqlite,
    entries.readThread,
    !config.runProjections,
  );
  const runner = threaded
    ? new ThreadedProjectionRunner(entries.projectionThread, config, areas, log.events, readStore)
    : new ProjectionRunner(log.events, readStore, areas.projectors, (line) => console.log(line));
  if (runner instanceof ThreadedProjectionRunner && readStore instanceof SwitchingReadStore) {
    runner.whenSwitched((file) => readStore.switchTo(file));
  }
  return {
    events: log.events,
    keys: log.keys,
    readStore,
    runner,
    areas,
    close: async () => {
      await runner.stop();
      if (runner instanceof ThreadedProjectionRunner) await runner.close();
      await log.close();
      await readStore.close();
    },
  };
}
