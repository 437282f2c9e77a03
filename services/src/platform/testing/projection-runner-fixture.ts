import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from '@jest/globals';
import type {
  CooperativeEvent,
  ElmaNumberEvent,
  NewEvent,
  ReadDocument,
  RecordedEvent,
  UserEvent,
  UsernameEvent,
} from '@coop/contracts';
import { CHECKPOINT, ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';

/**
 * The projection runner's specs (platform/projection-runner*.unit.spec.ts) share this: a history of cooperatives,
 * users, usernames and ELMA numbers, appended to a real SQLite event log, and a runner with the product's projectors
 * on a real SQLite read store, made afresh for each test in a temporary directory.
 */
type AnyEvent = CooperativeEvent | UserEvent | UsernameEvent | ElmaNumberEvent;

export const HASHES = [
  '$argon2id$hash-anna-1',
  '$argon2id$hash-bert-1',
  '$argon2id$hash-anna-2',
  '$argon2id$hash-carla-1',
] as const;
export const [HASH_ANNA, HASH_BERT, HASH_ANNA_NEW, HASH_CARLA] = HASHES;
export const CREATED_AT = '2024-05-01T10:00:00.000Z';

/** The seeded history, appended in these groups (so a live runner sees several batches). */
export const HISTORY: readonly (readonly AnyEvent[])[] = [
  [
    {
      type: 'CooperativeRegistered',
      data: {
        cooperativeId: 'coop-1',
        name: 'Bäckerei eG',
        fullName: 'Bäckereigenossenschaft Musterstadt eG',
        city: 'Berlin',
        balanceCost: 10000,
        minimumShares: 2,
      },
    },
    { type: 'CooperativeRegistered', data: { cooperativeId: 'coop-2', name: 'Winzer eG' } },
    { type: 'CooperativeUpdated', data: { cooperativeId: 'coop-1', changes: { city: 'Potsdam' } } },
  ],
  [
    {
      type: 'UserCreated',
      data: {
        userId: 'u-1',
        cooperativeId: 'coop-1',
        username: 'anna',
        passwordHash: HASH_ANNA,
        roles: ['ROLE_ADMIN', 'ROLE_USER'],
      },
    },
    { type: 'UsernameClaimed', data: { username: 'anna', userId: 'u-1' } },
    {
      type: 'UserCreated',
      data: { userId: 'u-2', cooperativeId: 'coop-1', username: 'bert', passwordHash: HASH_BERT, roles: ['ROLE_USER'] },
    },
    { type: 'UserRenamed', data: { userId: 'u-1', username: 'anna.schmidt' } },
    { type: 'UserPasswordChanged', data: { userId: 'u-1', passwordHash: HASH_ANNA_NEW } },
  ],
  [
    { type: 'UserRolesChanged', data: { userId: 'u-2', roles: ['ROLE_EDIT_USERS', 'ROLE_USER'] } },
    {
      type: 'UserCreated',
      data: {
        userId: 'u-3',
        cooperativeId: 'coop-2',
        username: 'carla',
        passwordHash: HASH_CARLA,
        roles: ['ROLE_USER'],
      },
    },
    { type: 'UserDeleted', data: { userId: 'u-2' } },
  ],
  [
    {
      type: 'ElmaNumberAdded',
      data: {
        elmaNumberId: 'e-1',
        cooperativeId: 'coop-1',
        elmaProcess: 'fs',
        elmaNumber: '12345671',
        createdAt: CREATED_AT,
      },
    },
    {
      type: 'ElmaNumberAdded',
      data: {
        elmaNumberId: 'e-2',
        cooperativeId: 'coop-1',
        elmaProcess: 'km',
        elmaNumber: '12345678901',
        createdAt: CREATED_AT,
      },
    },
    { type: 'ElmaNumberChanged', data: { elmaNumberId: 'e-1', elmaProcess: 'fs', elmaNumber: '32345679' } },
    { type: 'ElmaNumberRemoved', data: { elmaNumberId: 'e-2' } },
  ],
];
export const EVENT_COUNT = HISTORY.flat().length;

function streamOf(e: AnyEvent): string {
  const d = e.data as Record<string, unknown>;
  if ('elmaNumberId' in d) return `elmanumber-${String(d.elmaNumberId)}`;
  if (e.type.startsWith('Username')) return `username-${String(d.username)}`;
  if ('userId' in d) return `user-${String(d.userId)}`;
  return `cooperative-${String(d.cooperativeId)}`;
}

let sequence = 0;
function recordable(e: AnyEvent): NewEvent {
  const id = `cmd-${++sequence}`;
  return {
    ...e,
    metadata: {
      cooperativeId: 'coop-1',
      user: 'admin-1',
      timestamp: CREATED_AT,
      correlationId: id,
      causationId: id,
      schemaVersion: 1,
    },
  } as NewEvent;
}

/** The product's projectors and their collections (the spec passes services' `areas`: the platform names no area). */
export interface Projecting {
  readonly projectors: ConstructorParameters<typeof ProjectionRunner>[2];
  readonly collections: Parameters<SqliteReadStore['ensureCollections']>[0];
}

export interface Fixture {
  readonly dir: string;
  readonly events: SqliteEventStore;
  readonly store: SqliteReadStore;
  readonly runner: ProjectionRunner;
  /** Appends the history group by group; returns the position of the last event. */
  seed(groups?: readonly (readonly AnyEvent[])[]): Promise<bigint>;
  /** Every collection's full content (as find() answers it) plus the checkpoint. */
  dump(store?: SqliteReadStore): Promise<Record<string, unknown>>;
  newReadStore(name: string): Promise<SqliteReadStore>;
  /** Every event in the log. */
  all(): Promise<RecordedEvent[]>;
  /** A collection's documents. */
  items(collection: string, store?: SqliteReadStore): Promise<ReadDocument[]>;
}

export const field = (e: RecordedEvent, name: string): unknown => (e.data as Record<string, unknown>)[name];

/** Registers the set-up and tear-down of each test; the fixture answers for the test that runs. */
export function runnerFixture(products: Projecting): Fixture {
  let fx: {
    readonly dir: string;
    readonly events: SqliteEventStore;
    readonly store: SqliteReadStore;
    readonly runner: ProjectionRunner;
  };
  const extraStores: SqliteReadStore[] = [];
  const specs = products.collections;

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coop-projection-runner-'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    const runner = new ProjectionRunner(events, store, products.projectors);
    await store.ensureCollections(specs);
    fx = { dir, events, store, runner };
  });

  afterEach(async () => {
    await fx.runner.stop();
    for (const s of extraStores.splice(0)) await s.close();
    await fx.events.close();
    await fx.store.close();
    rmSync(fx.dir, { recursive: true, force: true });
  });

  return {
    get dir() {
      return fx.dir;
    },
    get events() {
      return fx.events;
    },
    get store() {
      return fx.store;
    },
    get runner() {
      return fx.runner;
    },
    async seed(groups = HISTORY) {
      let last = -1n;
      for (const group of groups) {
        last = (
          await fx.events.appendMulti(
            group.map((e) => ({ streamId: streamOf(e), expected: 'any', events: [recordable(e)] })),
          )
        ).position;
      }
      return last;
    },
    async dump(from = fx.store) {
      const out: Record<string, unknown> = { checkpoint: await from.checkpoint(CHECKPOINT) };
      for (const c of fx.runner.collections) out[c] = await from.find(c, { cooperativeId: null });
      return out;
    },
    async newReadStore(name) {
      const s = new SqliteReadStore(join(fx.dir, `${name}.sqlite`));
      await s.ensureCollections(specs);
      extraStores.push(s);
      return s;
    },
    all: () => fx.events.readAll(-1n, 1000),
    items: async (collection, store = fx.store) => (await store.find(collection, { cooperativeId: null })).items,
  };
}
