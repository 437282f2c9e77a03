import { randomUUID } from 'node:crypto';
import type { FileStore } from '@coop/contracts';

/**
 * The contract every FileStore adapter keeps (contracts/src/file-store.port.ts). `openOther` opens a second store on the
 * same files, as another process (the worker that made a file, the API that sends it) does.
 */
export function fileStoreContract(
  name: string,
  open: () => Promise<FileStore>,
  dispose?: () => Promise<void>,
  openOther: () => Promise<FileStore> = open,
): void {
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

    it('gives a reader one whole version while puts replace the file (several chunks each), never a part or nothing', async () => {
      const fileId = id();
      // Over 255 kB, GridFS's chunk size: each version is several chunks, and a replaced one loses them one by one.
      const versions = ['x', 'y', 'z'].map((c) => c.repeat(600_000 + c.charCodeAt(0)));
      await store.put(fileId, bytes(versions[0]!));
      const other = await openOther();
      try {
        let writing = true;
        const writer = (async () => {
          for (let i = 1; i <= 6; i++) await store.put(fileId, bytes(versions[i % 3]!));
          writing = false;
        })();
        const seen: (string | null)[] = [];
        while (writing) seen.push(text(await other.get(fileId)));
        await writer;
        seen.push(text(await other.get(fileId)));
        for (const got of seen) expect(versions).toContain(got);
        expect(seen.at(-1)).toBe(versions[0]);
      } finally {
        await other.close();
      }
    }, 120_000);

    it('lets another connection read a file at once when it is put, and no longer once it is removed', async () => {
      const other = await openOther();
      try {
        for (let i = 0; i < 10; i++) {
          const fileId = id();
          await store.put(fileId, bytes(`version ${i}`));
          expect(text(await other.get(fileId))).toBe(`version ${i}`);
          await store.remove(fileId);
          expect(await other.get(fileId)).toBeNull();
        }
      } finally {
        await other.close();
      }
    });
  });
}
