/**
 * ProjectionRunner (projections/src/runner) against the real SQLite event log and read store and the
 * product's projectors. It lives in services/src because projections/src may not import services code
 * (dependency-cruiser rule projections-know-no-api), and the event log adapter is services code.
 * The rebuild and the format of the stored keys are in projection-runner-rebuild, the users projector in
 * projection-runner-users; the shared history and set-up in testing/projection-runner-fixture.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { CHECKPOINT, ProjectionRunner } from '@coop/projections';
import { areas } from '../areas.js';
import { HASH_ANNA_NEW, HASH_CARLA, CREATED_AT, field, runnerFixture } from './testing/projection-runner-fixture.js';

const fx = runnerFixture(areas);
const { all, items } = fx;

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
});
