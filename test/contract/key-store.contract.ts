import { randomUUID } from 'node:crypto';
import type { KeyStore } from '@coop/contracts';

/**
 * The contract every KeyStore adapter keeps. `openOther` opens a second store on the same keys, as another process
 * (the API beside the worker) does; the MongoDB one asks for secondaries, which the store must not read a key from.
 */
export function keyStoreContract(
  name: string,
  open: () => Promise<KeyStore>,
  dispose?: () => Promise<void>,
  openOther: () => Promise<KeyStore> = open,
): void {
  describe(`KeyStore contract: ${name}`, () => {
    let store: KeyStore;
    const subject = (label: string): string => `contract-${label}-${randomUUID()}`;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      // undefined when open() failed (server unreachable): let that error be the one reported.
      await (store as KeyStore | undefined)?.close();
      if (dispose) await dispose();
    });

    it('creates a 32-byte key on first use and returns the same key afterwards', async () => {
      const id = subject('member');
      const key = await store.getOrCreate(id);
      expect(Buffer.isBuffer(key)).toBe(true);
      expect(key).toHaveLength(32);
      expect((await store.getOrCreate(id)).equals(key)).toBe(true);
      expect((await store.find(id))?.equals(key)).toBe(true);
    });

    it('gives every subject its own key', async () => {
      const a = await store.getOrCreate(subject('a'));
      const b = await store.getOrCreate(subject('b'));
      expect(a.equals(b)).toBe(false);
      expect(a.equals(Buffer.alloc(32))).toBe(false);
    });

    it('finds nothing for an unknown subject', async () => {
      expect(await store.find(subject('unknown'))).toBeUndefined();
    });

    it('hands every concurrent caller the same new key', async () => {
      const id = subject('race');
      const keys = await Promise.all(Array.from({ length: 10 }, () => store.getOrCreate(id)));
      for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    });

    it('gives many subjects their keys at once, the same getOrCreate gives, where the adapter offers it', async () => {
      if (!store.getOrCreateMany) return;
      const known = subject('known');
      const key = await store.getOrCreate(known);
      const fresh = [subject('new-a'), subject('new-b')];
      const keys = await store.getOrCreateMany([known, ...fresh, fresh[0]!]);
      expect([...keys.keys()].sort()).toEqual([known, ...fresh].sort());
      expect(keys.get(known)?.equals(key)).toBe(true);
      for (const id of fresh) {
        expect(keys.get(id)).toHaveLength(32);
        expect((await store.find(id))?.equals(keys.get(id)!)).toBe(true);
      }
      expect(keys.get(fresh[0]!)?.equals(keys.get(fresh[1]!)!)).toBe(false);
    });

    it('finds the keys of many subjects at once, as find gives them, where the adapter offers it', async () => {
      if (!store.findMany) return;
      const a = subject('many-a');
      const b = subject('many-b');
      const erased = subject('many-erased');
      const keyA = await store.getOrCreate(a);
      const keyB = await store.getOrCreate(b);
      await store.getOrCreate(erased);
      await store.erase(erased);
      const keys = await store.findMany([a, subject('many-unknown'), erased, b]);
      expect([...keys.keys()].sort()).toEqual([a, b].sort());
      expect(keys.get(a)?.equals(keyA)).toBe(true);
      expect(keys.get(b)?.equals(keyB)).toBe(true);
    });

    it('erases a key for good, at once', async () => {
      const id = subject('erased');
      const other = subject('kept');
      const key = await store.getOrCreate(id);
      const kept = await store.getOrCreate(other);
      await store.erase(id);
      expect(await store.find(id)).toBeUndefined();
      expect((await store.find(other))?.equals(kept)).toBe(true);
      // A later getOrCreate makes a new key; the erased one never comes back.
      const fresh = await store.getOrCreate(id);
      expect(fresh.equals(key)).toBe(false);
      await store.erase(id);
      await store.erase(id); // erasing twice is harmless
      expect(await store.find(id)).toBeUndefined();
    });

    it('lets another connection find a key at once when it is made, and never once it is erased', async () => {
      const other = await openOther();
      try {
        for (let i = 0; i < 20; i++) {
          const id = subject(`other-${i}`);
          const key = await store.getOrCreate(id);
          expect((await other.find(id))?.equals(key)).toBe(true);
          expect((await other.getOrCreate(id)).equals(key)).toBe(true);
          await store.erase(id);
          expect(await other.find(id)).toBeUndefined();
        }
      } finally {
        await other.close();
      }
    });
  });
}

/** The connection string with `readPreference=secondaryPreferred`, as a shared server's URL may name it. */
export function askingForSecondaries(url: string): string {
  if (url.includes('?')) return `${url}&readPreference=secondaryPreferred`;
  const hasPath = url.slice(url.indexOf('://') + 3).includes('/');
  return `${url}${hasPath ? '' : '/'}?readPreference=secondaryPreferred`;
}
