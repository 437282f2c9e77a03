import type { CollectionSpec, ReadDocument, ReadStore, WriteOp } from '@coop/contracts';

/** The documented size (docs/performance.md): 100,000 members. */
export const DOCUMENTED_MEMBERS = 100_000;

/** Shaped like the members read model at size: three quarters in one cooperative, the rest in another. */
const large: CollectionSpec = {
  name: 'contract_large',
  fields: { name: 'string', shares: 'number', memberNr: 'number' },
  search: [],
};
/** Shaped like the credentials: looked up by username across every cooperative (sign-in). */
const logins: CollectionSpec = {
  name: 'contract_logins',
  fields: { username: 'string', state: 'string', queuedAt: 'string' },
  search: [],
  crossTenant: [['username'], ['state', 'queuedAt']],
};
const CHECKPOINT = 'contract_large_projection';

const coopOf = (i: number): string => (i % 4 === 3 ? 'coop-b' : 'coop-a');
const nameOf = (i: number): string => `Mitglied ${String((i * 7919) % 100_003).padStart(6, '0')}`;
function doc(i: number, cooperativeId = coopOf(i)): ReadDocument {
  return {
    id: `L${String(i).padStart(7, '0')}`,
    cooperativeId,
    position: String(i + 1),
    name: nameOf(i),
    shares: i % 10,
    memberNr: i + 1,
  };
}
const puts = (from: number, to: number, make: (i: number) => ReadDocument = doc): WriteOp[] =>
  Array.from({ length: to - from }, (_, k) => ({ kind: 'put', collection: large.name, doc: make(from + k) }));

/**
 * A read store at the documented size (issue 30), run inside readStoreContract's suite (`store` answers the suite's
 * store once it is open): a collection of `size` documents written as a rebuild writes it, in batches within the
 * store's bound (`maxBatchDocuments`) each with its checkpoint, counted, paged, moved and reset; a batch beyond the
 * bound stored whole; the cross-tenant look-ups.
 */
export function scaleContract(store: () => ReadStore, size: number): void {
  describe(`at the documented size (${size} documents)`, () => {
    beforeAll(async () => {
      await store().ensureCollections([large, logins]);
    });

    const total = async (cooperativeId: string | null): Promise<number> =>
      (await store().find(large.name, { cooperativeId, limit: 1 })).total;

    it('rebuilds a collection in batches within the bound, the checkpoint with each, and counts, pages and resets it', async () => {
      const s = store();
      await s.reset([large.name], CHECKPOINT);
      const bound = s.maxBatchDocuments ?? 10_000;
      for (let from = 0; from < size; from += bound) {
        const to = Math.min(size, from + bound);
        await s.applyBatch(puts(from, to), { name: CHECKPOINT, position: BigInt(to) });
      }
      expect(await s.checkpoint(CHECKPOINT)).toBe(BigInt(size));
      const inB = Math.floor((size + 1) / 4);
      expect([await total('coop-a'), await total('coop-b'), await total(null)]).toEqual([size - inB, inB, size]);

      // A filtered count, and a deep page in another order, as a brute force over the same documents answers them.
      const all = Array.from({ length: size }, (_, i) => doc(i));
      const rich = all.filter((d) => d.cooperativeId === 'coop-a' && (d.shares as number) >= 8);
      const filters = [{ field: 'shares', op: 'range', gte: 8 }] as const;
      expect((await s.find(large.name, { cooperativeId: 'coop-a', filters, limit: 0 })).total).toBe(rich.length);
      const byName = all
        .filter((d) => d.cooperativeId === 'coop-b')
        .sort((x, y) => (x.name as string).localeCompare(y.name as string) || x.id.localeCompare(y.id));
      const offset = Math.floor(byName.length / 2);
      const page = await s.find(large.name, {
        cooperativeId: 'coop-b',
        sort: [{ field: 'name', direction: 'asc' }],
        offset,
        limit: 3,
      });
      expect(page.items.map((d) => d.id)).toEqual(byName.slice(offset, offset + 3).map((d) => d.id));
      expect(page.total).toBe(inB);
      let scanned = 0;
      for await (const batch of s.scan(large.name, 'coop-b', 5_000)) scanned += batch.length;
      expect(scanned).toBe(inB);

      // A live batch moves a thousand documents of coop-a to coop-c and deletes a thousand: the kept counts follow.
      const moved = all.filter((d) => d.cooperativeId === 'coop-a').slice(0, 2_000);
      const ops: WriteOp[] = [
        ...moved
          .slice(0, 1_000)
          .map((d): WriteOp => ({ kind: 'put', collection: large.name, doc: { ...d, cooperativeId: 'coop-c' } })),
        ...moved.slice(1_000).map((d): WriteOp => ({ kind: 'delete', collection: large.name, id: d.id })),
      ];
      await s.applyBatch(ops, { name: CHECKPOINT, position: BigInt(size + 1) });
      expect([await total('coop-a'), await total('coop-b'), await total('coop-c'), await total(null)]).toEqual([
        size - inB - 2_000,
        inB,
        1_000,
        size - 1_000,
      ]);

      await s.reset([large.name], CHECKPOINT);
      expect(await s.checkpoint(CHECKPOINT)).toBe(-1n);
      expect([await total('coop-a'), await total('coop-c'), await total(null)]).toEqual([0, 0, 0]);
      // The collection is whole again after the reset: written, counted and sorted through its indexes.
      await s.applyBatch(puts(0, 10), { name: CHECKPOINT, position: 10n });
      const again = await s.find(large.name, {
        cooperativeId: 'coop-a',
        sort: [{ field: 'memberNr', direction: 'desc' }],
        limit: 2,
      });
      expect(again.items.map((d) => d.memberNr)).toEqual([10, 9]);
      expect(again.total).toBe(10 - all.slice(0, 10).filter((d) => d.cooperativeId === 'coop-b').length);
    }, 600_000);

    it('stores a batch larger than the bound whole, with its checkpoint', async () => {
      const s = store();
      await s.reset([large.name], CHECKPOINT);
      const count = 2 * (s.maxBatchDocuments ?? 5_000) + 7;
      await s.applyBatch(puts(0, count), { name: CHECKPOINT, position: 77n });
      expect(await s.checkpoint(CHECKPOINT)).toBe(77n);
      expect(await total(null)).toBe(count);
      const last = doc(count - 1);
      expect(await s.get(large.name, last.id)).toEqual(last);
      await s.reset([large.name], CHECKPOINT);
    }, 600_000);

    it('answers the cross-tenant look-ups (sign-in by username, the task queue) of every cooperative', async () => {
      const s = store();
      await s.reset([logins.name], CHECKPOINT);
      const login = (
        id: string,
        cooperativeId: string,
        username: string,
        state: string,
        queuedAt: string,
      ): WriteOp => ({
        kind: 'put',
        collection: logins.name,
        doc: { id, cooperativeId, position: '1', username, state, queuedAt },
      });
      await s.applyBatch(
        [
          login('u1', 'coop-a', 'anna', 'done', '2026-01-03'),
          login('u2', 'coop-b', 'Bert', 'queued', '2026-01-02'),
          login('u3', 'coop-c', 'carla', 'queued', '2026-01-01'),
          login('u4', 'coop-a', 'dora', 'running', '2026-01-04'),
        ],
        { name: CHECKPOINT, position: 1n },
      );
      const byName = await s.find(logins.name, {
        cooperativeId: null,
        filters: [{ field: 'username', op: 'eq', value: 'bert' }],
        limit: 1,
      });
      expect(byName.items.map((d) => [d.id, d.cooperativeId])).toEqual([['u2', 'coop-b']]);
      const queue = await s.find(logins.name, {
        cooperativeId: null,
        filters: [{ field: 'state', op: 'in', values: ['queued', 'running'] }],
        sort: [{ field: 'queuedAt', direction: 'asc' }],
        limit: 10,
      });
      expect(queue.items.map((d) => d.id)).toEqual(['u3', 'u2', 'u4']);
      await s.reset([logins.name], CHECKPOINT);
    });
  });
}
