// The users projector run by the ProjectionRunner: a password hash goes into credentials only (see projection-runner.unit.spec.ts).
import { describe, expect, it } from '@jest/globals';
import { areas } from '../areas.js';
import { HASHES, HASH_ANNA_NEW, runnerFixture } from './testing/projection-runner-fixture.js';

const fx = runnerFixture(areas);
const { all } = fx;

describe('ProjectionRunner with SQLite event log, SQLite read store and all projectors', () => {
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
