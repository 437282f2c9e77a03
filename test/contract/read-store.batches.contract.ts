import type { WriteOp } from '@coop/contracts';
import { CHECKPOINT, member, notes, seed, type ContractSuite } from './read-store.fixture.js';

/**
 * The contract of checkpoints and atomic batches (a batch that fails writes nothing, reset removes only its
 * checkpoint), run inside readStoreContract's suite on its seeded members.
 */
export function batchesContract(suite: ContractSuite): void {
  const { store, members } = suite;
  describe('checkpoints and atomic batches', () => {
    it('reports -1 for a projection that never ran', async () => {
      expect(await store().checkpoint('contract_never_ran')).toBe(-1n);
      expect(await store().checkpoint(CHECKPOINT)).toBe(100n);
    });

    it('keeps positions beyond 2^53 exactly', async () => {
      await store().applyBatch([], { name: CHECKPOINT, position: 9_007_199_254_740_993n });
      expect(await store().checkpoint(CHECKPOINT)).toBe(9_007_199_254_740_993n);
    });

    it('writes nothing, neither documents nor checkpoint, when one operation fails', async () => {
      const ops: WriteOp[] = [
        {
          kind: 'put',
          collection: members.name,
          doc: member('m50', 'coop-a', { name: 'Never Stored', status: 'active', shares: 1 }),
        },
        {
          kind: 'put',
          collection: members.name,
          doc: member('m01', 'coop-a', { name: 'Overwritten', status: 'x', shares: 99 }),
        },
        { kind: 'delete', collection: members.name, id: 'm02' },
        {
          kind: 'put',
          collection: notes.name,
          doc: { id: 'n9', cooperativeId: 'coop-a', position: '1', title: 'Never' },
        },
        { kind: 'put', collection: 'contract_unknown', doc: member('x1', 'coop-a', {}) },
      ];
      await expect(store().applyBatch(ops, { name: CHECKPOINT, position: 200n })).rejects.toThrow();
      expect(await store().get(members.name, 'm50')).toBeUndefined();
      expect(await store().get(members.name, 'm01')).toEqual(seed[0]);
      expect(await store().get(members.name, 'm02')).toEqual(seed[1]);
      expect(await store().get(notes.name, 'n9')).toBeUndefined();
      expect(await store().checkpoint(CHECKPOINT)).toBe(100n);
      expect((await store().find(members.name, { cooperativeId: null })).total).toBe(seed.length);
    });

    it('stores the next batch after a failed one that began a new cooperative in a searchable collection', async () => {
      // SQLite: the failed batch made the cooperative's part of the text index, and its rollback took the part away
      // again; a connection that remembered the part failed every later batch of that cooperative (found in issue 41).
      const first = member('m60', 'coop-new', { name: 'Erste Probe', status: 'active', shares: 1 });
      const unknown: WriteOp = { kind: 'put', collection: 'contract_unknown', doc: member('x1', 'coop-new', {}) };
      const put = (doc: typeof first): WriteOp => ({ kind: 'put', collection: members.name, doc });
      await expect(store().applyBatch([put(first), unknown], { name: CHECKPOINT, position: 200n })).rejects.toThrow();
      await store().applyBatch([put(first)], { name: CHECKPOINT, position: 201n });
      const found = await store().find(members.name, { cooperativeId: 'coop-new', search: 'probe' });
      expect(found.items.map((d) => d.id)).toEqual(['m60']);
      expect(await store().checkpoint(CHECKPOINT)).toBe(201n);
    });

    it('reset empties the collections and removes only that checkpoint', async () => {
      await store().applyBatch(
        [
          {
            kind: 'put',
            collection: notes.name,
            doc: { id: 'n1', cooperativeId: 'coop-a', position: '1', title: 'x' },
          },
        ],
        { name: 'contract_other_projection', position: 7n },
      );
      await store().reset([members.name, notes.name], CHECKPOINT);
      expect(await store().find(members.name, { cooperativeId: null })).toEqual({ items: [], total: 0 });
      expect(await store().find(notes.name, { cooperativeId: null })).toEqual({ items: [], total: 0 });
      expect(await store().get(members.name, 'm01')).toBeUndefined();
      expect(await store().checkpoint(CHECKPOINT)).toBe(-1n);
      expect(await store().checkpoint('contract_other_projection')).toBe(7n);
    });
  });
}
