import { randomUUID } from 'node:crypto';
import type { FileStore } from '@coop/contracts';

/** The contract every FileStore adapter keeps (contracts/src/file-store.port.ts). */
export function fileStoreContract(name: string, open: () => Promise<FileStore>, dispose?: () => Promise<void>): void {
  describe(`FileStore contract: ${name}`, () => {
    let store: FileStore;
    const id = (): string => randomUUID();
    const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));
    const text = (b: Uint8Array | null): string | null => (b === null ? null : Buffer.from(b).toString('utf8'));

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await (store as FileStore | undefined)?.close();
      if (dispose) await dispose();
    });

    it('gives back the bytes put under an id', async () => {
      const fileId = id();
      await store.put(fileId, bytes('Mitgliedsnummer;Steuer-ID\n1;86095742719\n'));
      expect(text(await store.get(fileId))).toBe('Mitgliedsnummer;Steuer-ID\n1;86095742719\n');
    });

    it('keeps binary content exactly, empty files and large ones too', async () => {
      const binary = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 256);
      const big = id();
      const empty = id();
      await store.put(big, binary);
      await store.put(empty, new Uint8Array(0));
      expect(Buffer.from((await store.get(big))!).equals(Buffer.from(binary))).toBe(true);
      expect(await store.get(empty)).toEqual(new Uint8Array(0));
    });

    it('answers null for an id never written', async () => {
      expect(await store.get(id())).toBeNull();
    });

    it('replaces the bytes on a second put of the same id', async () => {
      const fileId = id();
      await store.put(fileId, bytes('first, and longer than the second'));
      await store.put(fileId, bytes('second'));
      expect(text(await store.get(fileId))).toBe('second');
    });

    it('removes a file (then null); removing a missing file is no error', async () => {
      const fileId = id();
      await store.put(fileId, bytes('x'));
      await store.remove(fileId);
      expect(await store.get(fileId)).toBeNull();
      await expect(store.remove(fileId)).resolves.toBeUndefined();
      await expect(store.remove(id())).resolves.toBeUndefined();
    });

    it('keeps files apart: removing one leaves the others', async () => {
      const [a, b] = [id(), id()];
      await store.put(a, bytes('a'));
      await store.put(b, bytes('b'));
      await store.remove(a);
      expect(text(await store.get(b))).toBe('b');
    });

    it('refuses an id that is a path (../, a slash, a dot name) for every operation', async () => {
      for (const bad of ['../escape', 'a/b', '..', '.', '', 'a\\b', 'x'.repeat(200)]) {
        await expect(store.put(bad, bytes('x'))).rejects.toThrow(/Not a file id/);
        await expect(store.get(bad)).rejects.toThrow(/Not a file id/);
        await expect(store.remove(bad)).rejects.toThrow(/Not a file id/);
      }
    });

    it('gives concurrent puts of one id one whole version, never a mix', async () => {
      const fileId = id();
      const versions = ['a'.repeat(100_000), 'b'.repeat(50_000), 'c'.repeat(75_000)];
      await Promise.all(versions.map((v) => store.put(fileId, bytes(v))));
      expect(versions).toContain(text(await store.get(fileId)));
    });
  });
}
