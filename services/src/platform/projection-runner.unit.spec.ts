/**
 * ProjectionRunner (projections/src/runner) against the real SQLite event log and read store and the
 * product's projectors. It lives in services/src because projections/src may not import services code
 * (dependency-cruiser rule projections-know-no-api), and the event log adapter is services code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type {
  CooperativeEvent,
  ElmaNumberEvent,
  NewEvent,
  ReadDocument,
  RecordedEvent,
  UserEvent,
  UsernameEvent,
} from '@coop/contracts';
import {
  CHECKPOINT,
  READ_MODEL_FORMAT,
  READ_MODEL_FORMAT_CHECKPOINT,
  ProjectionRunner,
  SqliteReadStore,
} from '@coop/projections';
import { areas } from '../areas.js';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';

type AnyEvent = CooperativeEvent | UserEvent | UsernameEvent | ElmaNumberEvent;

const HASHES = [
  '$argon2id$hash-anna-1',
  '$argon2id$hash-bert-1',
  '$argon2id$hash-anna-2',
  '$argon2id$hash-carla-1',
] as const;
const [HASH_ANNA, HASH_BERT, HASH_ANNA_NEW, HASH_CARLA] = HASHES;
const CREATED_AT = '2024-05-01T10:00:00.000Z';

/** The seeded history, appended in these groups (so a live runner sees several batches). */
const HISTORY: readonly (readonly AnyEvent[])[] = [
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
const EVENT_COUNT = HISTORY.flat().length;

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

interface Fixture {
  readonly dir: string;
  readonly events: SqliteEventStore;
  readonly store: SqliteReadStore;
  readonly runner: ProjectionRunner;
  /** Appends the history group by group; returns the position of the last event. */
  seed(groups?: readonly (readonly AnyEvent[])[]): Promise<bigint>;
  /** Every collection's full content (as find() answers it) plus the checkpoint. */
  dump(store?: SqliteReadStore): Promise<Record<string, unknown>>;
  newReadStore(name: string): Promise<SqliteReadStore>;
}

let fx: Fixture;
const extraStores: SqliteReadStore[] = [];

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'coop-projection-runner-'));
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const runner = new ProjectionRunner(events, store, areas.projectors);
  const specs = areas.collections;
  await store.ensureCollections(specs);
  fx = {
    dir,
    events,
    store,
    runner,
    async seed(groups = HISTORY) {
      let last = -1n;
      for (const group of groups) {
        last = (
          await events.appendMulti(
            group.map((e) => ({ streamId: streamOf(e), expected: 'any', events: [recordable(e)] })),
          )
        ).position;
      }
      return last;
    },
    async dump(from = store) {
      const out: Record<string, unknown> = { checkpoint: await from.checkpoint(CHECKPOINT) };
      for (const c of runner.collections) out[c] = await from.find(c, { cooperativeId: null });
      return out;
    },
    async newReadStore(name) {
      const s = new SqliteReadStore(join(dir, `${name}.sqlite`));
      await s.ensureCollections(specs);
      extraStores.push(s);
      return s;
    },
  };
});

afterEach(async () => {
  await fx.runner.stop();
  for (const s of extraStores.splice(0)) await s.close();
  await fx.events.close();
  await fx.store.close();
  rmSync(fx.dir, { recursive: true, force: true });
});

const all = async (): Promise<RecordedEvent[]> => fx.events.readAll(-1n, 1000);
const field = (e: RecordedEvent, name: string): unknown => (e.data as Record<string, unknown>)[name];
const items = async (collection: string, store: SqliteReadStore = fx.store): Promise<ReadDocument[]> =>
  (await store.find(collection, { cooperativeId: null })).items;

describe('ProjectionRunner with SQLite event log, SQLite read store and all projectors', () => {
  it('projects the history into the expected read models', async () => {
    const head = await fx.seed();
    await fx.runner.apply(await all());

    expect(await fx.store.checkpoint(CHECKPOINT)).toBe(head);
    expect(await fx.events.headPosition()).toBe(head);
    expect(fx.runner.processedUpTo).toBe(head);

    const users = await items('users');
    expect(users.map((u) => [u.id, u.username, u.roles])).toEqual([
      ['u-1', 'anna.schmidt', ['ROLE_ADMIN', 'ROLE_USER']],
      ['u-3', 'carla', ['ROLE_USER']],
    ]);
    const credentials = await items('credentials');
    expect(credentials.map((c) => [c.id, c.username, c.passwordHash])).toEqual([
      ['u-1', 'anna.schmidt', HASH_ANNA_NEW],
      ['u-3', 'carla', HASH_CARLA],
    ]);
    const cooperatives = await items('cooperatives');
    expect(cooperatives).toEqual([
      expect.objectContaining({
        id: 'coop-1',
        cooperativeId: 'coop-1',
        city: 'Potsdam',
        minimumShares: 2,
        balanceCost: 10000,
      }),
      expect.objectContaining({
        id: 'coop-2',
        cooperativeId: 'coop-2',
        name: 'Winzer eG',
        minimumShares: 1,
        balanceCost: 0,
      }),
    ]);
    expect(await items('elmanumbers')).toEqual([
      {
        id: 'e-1',
        cooperativeId: 'coop-1',
        elmaProcess: 'fs',
        elmaNumber: '32345679',
        createdAt: CREATED_AT,
        position: expect.any(String),
      },
    ]);
  });

  describe('idempotence', () => {
    it('applying the same batch twice changes nothing (documents and checkpoint)', async () => {
      await fx.seed();
      const batch = await all();
      await fx.runner.apply(batch);
      const once = await fx.dump();
      await fx.runner.apply(batch);
      expect(await fx.dump()).toEqual(once);
    });

    it('a restarted runner that gets the same batch again leaves the documents and checkpoint as they are', async () => {
      await fx.seed();
      const batch = await all();
      await fx.runner.apply(batch);
      const once = await fx.dump();
      const restarted = new ProjectionRunner(fx.events, fx.store, areas.projectors);
      await restarted.apply(batch);
      expect(await fx.dump()).toEqual(once);
    });

    it('ignores a redelivered older event', async () => {
      await fx.seed();
      const batch = await all();
      await fx.runner.apply(batch);
      const once = await fx.dump();
      const oldCreate = batch.find((e) => e.type === 'UserCreated' && field(e, 'userId') === 'u-1')!;
      const oldElmaAdd = batch.find((e) => e.type === 'ElmaNumberAdded' && field(e, 'elmaNumberId') === 'e-1')!;
      await fx.runner.apply([oldCreate, oldElmaAdd]);
      expect(await fx.dump()).toEqual(once);
      expect(fx.runner.processedUpTo).toBe(once.checkpoint);
    });

    it('a document ignores an event at or below the position that last wrote it, even for a runner that lost its place', async () => {
      await fx.seed();
      const batch = await all();
      await fx.runner.apply(batch);
      const before = {
        users: await items('users'),
        credentials: await items('credentials'),
        elmanumbers: await items('elmanumbers'),
      };
      const stale = batch.filter(
        (e) =>
          (e.type === 'UserRenamed' && field(e, 'userId') === 'u-1') ||
          (e.type === 'UserPasswordChanged' && field(e, 'userId') === 'u-1') ||
          (e.type === 'ElmaNumberAdded' && field(e, 'elmaNumberId') === 'e-1'),
      );
      expect(stale).toHaveLength(3);
      await new ProjectionRunner(fx.events, fx.store, areas.projectors).apply(stale);
      expect({
        users: await items('users'),
        credentials: await items('credentials'),
        elmanumbers: await items('elmanumbers'),
      }).toEqual(before);
    });
  });

  describe('waitFor', () => {
    it('resolves at once for a position already applied', async () => {
      const head = await fx.seed();
      await fx.runner.apply(await all());
      await expect(fx.runner.waitFor(head, 10)).resolves.toBeUndefined();
      await expect(fx.runner.waitFor(0n, 10)).resolves.toBeUndefined();
    });

    it('resolves once a batch including the position is applied, not before', async () => {
      const head = await fx.seed();
      const batch = await all();
      const half = batch.slice(0, 5);
      let state: 'pending' | 'resolved' | 'rejected' = 'pending';
      const waiting = fx.runner.waitFor(head, 5000).then(
        () => (state = 'resolved'),
        () => (state = 'rejected'),
      );
      await fx.runner.apply(half);
      await new Promise((r) => setImmediate(r));
      expect(state).toBe('pending');
      await fx.runner.apply(batch);
      await waiting;
      expect(state).toBe('resolved');
    });

    it('resolves a waiter for a middle position with the batch that reaches it', async () => {
      await fx.seed();
      const batch = await all();
      const middle = batch[4]!.position;
      const waiting = fx.runner.waitFor(middle, 5000);
      await fx.runner.apply(batch.slice(0, 5));
      await expect(waiting).resolves.toBeUndefined();
    });

    it('rejects when the read models do not reach the position in time', async () => {
      await fx.seed();
      await fx.runner.apply(await all());
      await expect(fx.runner.waitFor(999n, 30)).rejects.toThrow('Read models did not reach position 999');
    });

    it('resolves for events appended while the runner is started (live subscription)', async () => {
      await fx.runner.start();
      const head = await fx.seed();
      await expect(fx.runner.waitFor(head, 5000)).resolves.toBeUndefined();
      expect(await fx.store.checkpoint(CHECKPOINT)).toBe(head);
      expect((await items('users')).map((u) => u.id)).toEqual(['u-1', 'u-3']);
    });
  });

  describe('rebuild', () => {
    it('yields read models equal to the live-built ones', async () => {
      await fx.runner.start();
      const head = await fx.seed();
      await fx.runner.waitFor(head, 5000);
      const live = await fx.dump();
      expect(live.checkpoint).toBe(head);

      await expect(fx.runner.rebuild()).resolves.toEqual({ events: EVENT_COUNT });
      expect(await fx.dump()).toEqual(live);
    });

    it('a rebuild into an empty read store equals the live-built one', async () => {
      await fx.runner.start();
      const head = await fx.seed();
      await fx.runner.waitFor(head, 5000);
      const live = await fx.dump();

      const empty = await fx.newReadStore('rebuilt');
      const rebuilder = new ProjectionRunner(fx.events, empty, areas.projectors);
      await expect(rebuilder.rebuild()).resolves.toEqual({ events: EVENT_COUNT });
      expect(await fx.dump(empty)).toEqual(live);
    });

    it('drops documents no event explains', async () => {
      const head = await fx.seed();
      await fx.runner.apply(await all());
      const live = await fx.dump();
      await fx.store.applyBatch(
        [
          {
            kind: 'put',
            collection: 'users',
            doc: { id: 'ghost', cooperativeId: 'coop-1', position: '1', username: 'ghost', roles: [] },
          },
        ],
        { name: CHECKPOINT, position: head },
      );
      expect((await items('users')).map((u) => u.id)).toContain('ghost');
      await fx.runner.rebuild();
      expect(await fx.dump()).toEqual(live);
    });

    it('keeps a running runner live afterwards', async () => {
      await fx.runner.start();
      await fx.runner.waitFor(await fx.seed(), 5000);
      await fx.runner.rebuild();
      const next = await fx.seed([[{ type: 'UserRenamed', data: { userId: 'u-3', username: 'carla.b' } }]]);
      await fx.runner.waitFor(next, 5000);
      expect((await fx.store.get('users', 'u-3'))?.username).toBe('carla.b');
    });
  });

  describe('format of the stored keys', () => {
    it('rebuilds at start read models written with an older format, and then runs live', async () => {
      const head = await fx.seed();
      await fx.runner.apply(await all());
      const live = await fx.dump();
      // As an older version left them: a checkpoint, no format, and a document no event explains.
      await fx.store.applyBatch([], { name: READ_MODEL_FORMAT_CHECKPOINT, position: 1n });
      await fx.store.applyBatch(
        [
          {
            kind: 'put',
            collection: 'users',
            doc: { id: 'ghost', cooperativeId: 'coop-1', position: '1', username: 'ghost', roles: [] },
          },
        ],
        { name: CHECKPOINT, position: head },
      );
      const lines: string[] = [];
      const restarted = new ProjectionRunner(fx.events, fx.store, areas.projectors, (line) => lines.push(line));
      await restarted.start();
      try {
        expect(await fx.dump()).toEqual(live);
        expect(await fx.store.checkpoint(READ_MODEL_FORMAT_CHECKPOINT)).toBe(BigInt(READ_MODEL_FORMAT));
        expect(lines).toEqual([
          expect.stringMatching(/rebuilding them from the event log/),
          expect.stringMatching(/^Read models: rebuilt from 15 events in /),
        ]);
        const next = await fx.seed([[{ type: 'UserRenamed', data: { userId: 'u-3', username: 'carla.b' } }]]);
        await restarted.waitFor(next, 5000);
        expect((await fx.store.get('users', 'u-3'))?.username).toBe('carla.b');
      } finally {
        await restarted.stop();
      }
    });

    it('records the format on an empty read store and does not rebuild a current one', async () => {
      const lines: string[] = [];
      const first = new ProjectionRunner(fx.events, fx.store, areas.projectors, (line) => lines.push(line));
      await first.start();
      await first.waitFor(await fx.seed(), 5000);
      await first.stop();
      expect(await fx.store.checkpoint(READ_MODEL_FORMAT_CHECKPOINT)).toBe(BigInt(READ_MODEL_FORMAT));
      const again = new ProjectionRunner(fx.events, fx.store, areas.projectors, (line) => lines.push(line));
      await again.start();
      await again.stop();
      expect(lines).toEqual([]);
    });
  });

  describe('users projector', () => {
    it('never puts a password hash into the users collection (only into credentials)', async () => {
      await fx.runner.start();
      await fx.runner.waitFor(await fx.seed(), 5000);

      const users = await fx.store.find('users', { cooperativeId: null });
      expect(users.total).toBe(2);
      for (const user of users.items) expect(user).not.toHaveProperty('passwordHash');
      const json = JSON.stringify(users);
      for (const hash of HASHES) expect(json).not.toContain(hash);
      expect(json).not.toContain('argon2');

      // the hashes did reach the separate credentials collection
      expect(JSON.stringify(await fx.store.find('credentials', { cooperativeId: null }))).toContain(HASH_ANNA_NEW);
    });

    it('keeps the hash out of users also when searched or fetched one by one', async () => {
      await fx.seed();
      await fx.runner.apply(await all());
      const found = await fx.store.find('users', { cooperativeId: 'coop-1', search: 'anna' });
      expect(found.items.map((u) => u.id)).toEqual(['u-1']);
      expect(found.items[0]).not.toHaveProperty('passwordHash');
      expect(await fx.store.get('users', 'u-1')).not.toHaveProperty('passwordHash');
      expect((await fx.store.get('credentials', 'u-1'))?.passwordHash).toBe(HASH_ANNA_NEW);
    });
  });
});
