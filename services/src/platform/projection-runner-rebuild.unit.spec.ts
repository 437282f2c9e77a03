// ProjectionRunner's rebuild, and the read models written in an older format of the stored keys (see projection-runner.unit.spec.ts).
import { describe, expect, it } from '@jest/globals';
import { CHECKPOINT, ProjectionRunner, READ_MODEL_FORMAT, READ_MODEL_FORMAT_CHECKPOINT } from '@coop/projections';
import { areas } from '../areas.js';
import { EVENT_COUNT, runnerFixture } from './testing/projection-runner-fixture.js';

const fx = runnerFixture(areas);
const { all, items } = fx;

describe('ProjectionRunner with SQLite event log, SQLite read store and all projectors', () => {
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
});
