import { join } from 'node:path';
import type { EventStore, KeyStore, ReadStore } from '@coop/contracts';
import { allProjectors, MongoReadStore, ProjectionRunner, SqliteReadStore } from '@coop/projections';
import type { AppConfig } from './config/config.js';
import { CodecEventStore } from './event-store/codec-event-store.js';
import { KurrentEventStore } from './event-store/kurrent-event-store.js';
import { PersonalDataCipher } from './event-store/personal-data.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';
import { Upcasters } from './event-store/upcasters.js';
import { MongoKeyStore } from './key-store/mongo-key-store.js';
import { SqliteKeyStore } from './key-store/sqlite-key-store.js';

import { personalDataRules, upcasters } from '../event-catalogue.js';

/** The engines in use, chosen by configuration. */
export interface Storage {
  readonly events: EventStore;
  readonly keys: KeyStore;
  readonly readStore: ReadStore;
  readonly runner: ProjectionRunner;
  close(): Promise<void>;
}

export async function openStorage(config: AppConfig): Promise<Storage> {
  const keys: KeyStore = config.mongodbUrl
    ? await MongoKeyStore.connect(config.mongodbUrl, config.mongodbDatabase)
    : new SqliteKeyStore(join(config.dataDir, 'keys.sqlite'));
  const rawEvents: EventStore = config.eventStoreUrl
    ? new KurrentEventStore(config.eventStoreUrl)
    : new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const events = new CodecEventStore(rawEvents, new PersonalDataCipher(keys, personalDataRules), new Upcasters(upcasters));
  const readStore: ReadStore = config.mongodbUrl
    ? await MongoReadStore.connect(config.mongodbUrl, config.mongodbDatabase)
    : new SqliteReadStore(join(config.dataDir, 'read-models.sqlite'));
  const runner = new ProjectionRunner(events, readStore, allProjectors);
  await readStore.ensureCollections(allProjectors.flatMap((p) => p.collections));
  return {
    events,
    keys,
    readStore,
    runner,
    close: async () => {
      await runner.stop();
      await events.close();
      await readStore.close();
      await keys.close();
    },
  };
}
