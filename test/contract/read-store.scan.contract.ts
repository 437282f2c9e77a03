import type { CollectionSpec, ReadDocument, ReadStore } from '@coop/contracts';

/** Collects every batch of a scan. */
async function batchesOf(
  store: ReadStore,
  collection: string,
  cooperativeId: string,
  size: number,
): Promise<ReadDocument[][]> {
  const batches: ReadDocument[][] = [];
  for await (const batch of store.scan(collection, cooperativeId, size)) batches.push(batch);
  return batches;
}

/**
 * The contract of scan(), run inside readStoreContract's suite on its seeded members: m01..m09 of coop-a, m10 of coop-b
 * (`store` answers the suite's store once it is open).
 */
export function scanContract(store: () => ReadStore, members: CollectionSpec): void {
  describe('scan', () => {
    it("streams one cooperative's documents in id order, in batches of the size asked, exactly as stored", async () => {
      const batches = await batchesOf(store(), members.name, 'coop-a', 4);
      expect(batches.map((b) => b.map((d) => d.id))).toEqual([
        ['m01', 'm02', 'm03', 'm04'],
        ['m05', 'm06', 'm07', 'm08'],
        ['m09'],
      ]);
      expect(batches[1]![2]).toEqual(await store().get(members.name, 'm07'));
    });

    it('ends after a last full batch without an empty one, and answers nothing for a cooperative without documents', async () => {
      expect((await batchesOf(store(), members.name, 'coop-a', 3)).map((b) => b.length)).toEqual([3, 3, 3]);
      expect((await batchesOf(store(), members.name, 'coop-b', 100)).map((b) => b.map((d) => d.id))).toEqual([['m10']]);
      expect(await batchesOf(store(), members.name, 'coop-none', 10)).toEqual([]);
    });

    it('pages by the last id read, not by an offset: a document deleted before the next batch shifts nothing', async () => {
      const seen: string[] = [];
      let first = true;
      for await (const batch of store().scan(members.name, 'coop-a', 3)) {
        seen.push(...batch.map((d) => d.id));
        if (first) {
          first = false;
          // m01 and m02 (already read) go; with offset paging the next batch would skip m04 and m05.
          await store().applyBatch(
            [
              { kind: 'delete', collection: members.name, id: 'm01' },
              { kind: 'delete', collection: members.name, id: 'm02' },
            ],
            { name: 'contract_scan', position: 101n },
          );
        }
      }
      expect(seen).toEqual(['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09']);
    });

    it('refuses a batch size that is not a positive whole number', async () => {
      await expect(batchesOf(store(), members.name, 'coop-a', 0)).rejects.toThrow();
    });
  });
}
