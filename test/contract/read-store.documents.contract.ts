import type { CollectionSpec } from '@coop/contracts';
import { CHECKPOINT, idsOf, inA, member, notes, seed, type ContractSuite } from './read-store.fixture.js';

/**
 * The contract of get and of what put and delete leave behind (replacing, German text order and equality, a batch's
 * order, a collection that gains a field), run inside readStoreContract's suite on its seeded members.
 */
export function documentsContract(suite: ContractSuite): void {
  const { store, members } = suite;
  const ids = idsOf(suite);
  describe('documents', () => {
    it('gets a document exactly as it was put', async () => {
      expect(await store().get(members.name, 'm07')).toEqual(seed[6]);
      expect(await store().get(members.name, 'm03')).toEqual(seed[2]);
      expect(await store().get(members.name, 'nope')).toBeUndefined();
    });

    it('replaces on put and removes on delete', async () => {
      const changed = member('m01', 'coop-a', {
        name: 'Anna Neu',
        status: 'left',
        shares: 0,
        active: false,
        position: '5',
      });
      await store().applyBatch(
        [
          { kind: 'put', collection: members.name, doc: changed },
          { kind: 'delete', collection: members.name, id: 'm02' },
          {
            kind: 'put',
            collection: notes.name,
            doc: { id: 'n1', cooperativeId: 'coop-a', position: '5', title: 'Hello' },
          },
          { kind: 'delete', collection: members.name, id: 'does-not-exist' },
        ],
        { name: CHECKPOINT, position: 105n },
      );
      expect(await store().get(members.name, 'm01')).toEqual(changed);
      expect(await store().get(members.name, 'm02')).toBeUndefined();
      expect(await store().get(notes.name, 'n1')).toEqual({
        id: 'n1',
        cooperativeId: 'coop-a',
        position: '5',
        title: 'Hello',
      });
      expect(await store().checkpoint(CHECKPOINT)).toBe(105n);
    });

    it('finds a replaced document by its new values only, changed fields and unchanged ones alike', async () => {
      // m06 keeps name, city and joined; its shares, status and active change (a posting changes a member so).
      const before = seed[5]!;
      const changed = { ...before, shares: 11, status: 'left', active: false, position: '7' };
      await store().applyBatch([{ kind: 'put', collection: members.name, doc: changed }], {
        name: CHECKPOINT,
        position: 107n,
      });
      expect(await ids(inA({ filters: [{ field: 'shares', op: 'eq', value: 10 }] }))).toEqual([]);
      expect(await ids(inA({ filters: [{ field: 'shares', op: 'eq', value: 11 }] }))).toEqual(['m06']);
      expect(await ids(inA({ filters: [{ field: 'status', op: 'eq', value: 'left' }] }))).toEqual(['m03', 'm06']);
      expect(await ids(inA({ filters: [{ field: 'active', op: 'eq', value: false }] }))).toEqual(['m03', 'm06', 'm07']);
      expect(await ids(inA({ filters: [{ field: 'city', op: 'eq', value: 'MÜNCHEN' }] }))).toEqual(['m06']);
      expect(await ids(inA({ filters: [{ field: 'joined', op: 'eq', value: '2024-02-29' }] }))).toEqual(['m06']);
      expect(await ids(inA({ search: 'müller' }))).toEqual(['m06']);
      expect(await ids(inA({ sort: [{ field: 'shares', direction: 'desc' }], limit: 1 }))).toEqual(['m06']);
      // Back to the first values: found by them again, not by the second ones.
      await store().applyBatch([{ kind: 'put', collection: members.name, doc: { ...before, position: '8' } }], {
        name: CHECKPOINT,
        position: 108n,
      });
      expect(await ids(inA({ filters: [{ field: 'shares', op: 'eq', value: 11 }] }))).toEqual([]);
      expect(await ids(inA({ filters: [{ field: 'status', op: 'eq', value: 'left' }] }))).toEqual(['m03']);
      expect(await store().get(members.name, 'm06')).toEqual({ ...before, position: '8' });
    });

    it('sorts German text in dictionary order and finds it by equality but for case, umlauts included', async () => {
      const titles = [
        'Braun',
        'Özdemir',
        'Bäckerei Huber',
        'Otto',
        'Strauß',
        'becker',
        'Straub',
        'Strauss',
        'Ostermann',
        'Zander',
        'Äbt',
        'Abt',
      ];
      await store().applyBatch(
        titles.map((title, i) => ({
          kind: 'put',
          collection: notes.name,
          doc: { id: `g${String(i).padStart(2, '0')}`, cooperativeId: 'coop-g', position: '1', title },
        })),
        { name: CHECKPOINT, position: 120n },
      );
      const sorted = async (direction: 'asc' | 'desc'): Promise<unknown[]> =>
        (await store().find(notes.name, { cooperativeId: 'coop-g', sort: [{ field: 'title', direction }] })).items.map(
          (d) => d.title,
        );
      const expected = [
        'Abt',
        'Äbt',
        'Bäckerei Huber',
        'becker',
        'Braun',
        'Ostermann',
        'Otto',
        'Özdemir',
        'Straub',
        'Strauss',
        'Strauß',
        'Zander',
      ];
      expect(await sorted('asc')).toEqual(expected);
      expect(await sorted('desc')).toEqual([...expected].reverse());
      const titled = async (value: string): Promise<string[]> =>
        (
          await store().find(notes.name, { cooperativeId: 'coop-g', filters: [{ field: 'title', op: 'eq', value }] })
        ).items.map((d) => d.id);
      expect(await titled('ÖZDEMIR')).toEqual(['g01']);
      expect(await titled('BECKER')).toEqual(['g05']);
      expect(await titled('Ozdemir')).toEqual([]);
      expect(await titled('strauss')).toEqual(['g07']);
      expect(await titled('STRAUSS')).toEqual(['g07']);
      expect(await titled('abt')).toEqual(['g11']);
      const inSet = await store().find(notes.name, {
        cooperativeId: 'coop-g',
        filters: [{ field: 'title', op: 'in', values: ['äbt', 'OTTO'] }],
      });
      expect(inSet.items.map((d) => d.id).sort()).toEqual(['g03', 'g10']);
      const range = await store().find(notes.name, {
        cooperativeId: 'coop-g',
        filters: [{ field: 'title', op: 'range', gte: 'b', lte: 'c' }],
        sort: [{ field: 'title', direction: 'asc' }],
      });
      expect(range.items.map((d) => d.title)).toEqual(['Bäckerei Huber', 'becker', 'Braun']);
    });

    it('applies operations of one batch in order', async () => {
      await store().applyBatch(
        [
          {
            kind: 'put',
            collection: notes.name,
            doc: { id: 'n2', cooperativeId: 'coop-a', position: '1', title: 'first' },
          },
          {
            kind: 'put',
            collection: notes.name,
            doc: { id: 'n2', cooperativeId: 'coop-a', position: '2', title: 'second' },
          },
          {
            kind: 'put',
            collection: notes.name,
            doc: { id: 'n3', cooperativeId: 'coop-a', position: '2', title: 'gone' },
          },
          { kind: 'delete', collection: notes.name, id: 'n3' },
        ],
        { name: CHECKPOINT, position: 106n },
      );
      expect((await store().get(notes.name, 'n2'))?.title).toBe('second');
      expect(await store().get(notes.name, 'n3')).toBeUndefined();
    });

    it('takes a collection that gains a declared field: its documents stay, new writes are found by the new field', async () => {
      const grown: CollectionSpec = { name: 'contract_grown', fields: { title: 'string' }, search: [] };
      await store().ensureCollections([grown]);
      await store().reset([grown.name], CHECKPOINT);
      const old = { id: 'g1', cooperativeId: 'coop-a', position: '1', title: 'Old', rank: 3 };
      await store().applyBatch([{ kind: 'put', collection: grown.name, doc: old }], {
        name: CHECKPOINT,
        position: 101n,
      });
      const withRank: CollectionSpec = { ...grown, fields: { ...grown.fields, rank: 'number' } };
      await store().ensureCollections([withRank]);
      const fresh = { id: 'g2', cooperativeId: 'coop-a', position: '2', title: 'New', rank: 5 };
      await store().applyBatch([{ kind: 'put', collection: grown.name, doc: fresh }], {
        name: CHECKPOINT,
        position: 102n,
      });
      expect(await store().get(grown.name, 'g1')).toEqual(old);
      expect(
        await ids({ cooperativeId: 'coop-a', filters: [{ field: 'rank', op: 'eq', value: 5 }] }, grown.name),
      ).toEqual(['g2']);
      expect(await ids({ cooperativeId: 'coop-a', sort: [{ field: 'title', direction: 'asc' }] }, grown.name)).toEqual([
        'g2',
        'g1',
      ]);
    });

    it('rejects an unknown collection', async () => {
      await expect(store().get('contract_unknown', 'x')).rejects.toThrow();
      await expect(store().find('contract_unknown', { cooperativeId: null })).rejects.toThrow();
    });
  });
}
