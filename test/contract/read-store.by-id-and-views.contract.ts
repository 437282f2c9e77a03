import type { CollectionSpec, ReadDocument, ReadQuery, ReadStore, ViewBuilder } from '@coop/contracts';
import { ReadModels } from '../../services/src/platform/http/read-models.js';

/** The views every adapter of the contract suite is made with (a store is given its views when it is opened). */
export const CONTRACT_VIEWS = {
  /** A member as a card: its name with the city, and the `asOf` argument passed through (null when not given). */
  card: (doc: ReadDocument, args) => ({
    id: doc.id,
    label: `${String(doc.name)} (${String(doc.city ?? '-')})`,
    asOf: args.asOf ?? null,
  }),
} as const satisfies Record<string, ViewBuilder>;

/**
 * The contract of getMany and findView, run inside readStoreContract's suite on its seeded members: m01..m09 of
 * coop-a, m10 of coop-b (`store` answers the suite's store once it is open).
 */
export function byIdAndViewsContract(store: () => ReadStore, members: CollectionSpec): void {
  const inA = (q: Omit<ReadQuery, 'cooperativeId'> = {}): ReadQuery => ({ cooperativeId: 'coop-a', ...q });

  describe('documents by id (getMany)', () => {
    it('answers the documents that exist, exactly as stored, in the order asked; unknown ids left out', async () => {
      const docs = await store().getMany(members.name, ['m07', 'nobody', 'm01', 'm03']);
      expect(docs.map((d) => d.id)).toEqual(['m07', 'm01', 'm03']);
      expect(docs).toEqual([
        await store().get(members.name, 'm07'),
        await store().get(members.name, 'm01'),
        await store().get(members.name, 'm03'),
      ]);
      expect(await store().getMany(members.name, ['nobody', 'nor-this'])).toEqual([]);
      expect((await store().getMany(members.name, ['m02', 'm01', 'm02'])).map((d) => d.id)).toEqual([
        'm02',
        'm01',
        'm02',
      ]);
      expect(await store().getMany(members.name, [])).toEqual([]);
    });

    it("answers another cooperative's documents too (the port does not know the caller's cooperative)", async () => {
      expect((await store().getMany(members.name, ['m10', 'm02'])).map((d) => [d.id, d.cooperativeId])).toEqual([
        ['m10', 'coop-b'],
        ['m02', 'coop-a'],
      ]);
    });

    it("leaves another cooperative's documents to ReadModels, which drops them as unknown ids", async () => {
      const reads = new ReadModels(store());
      const found = await reads.getMany(members, 'coop-a', ['m10', 'm02', 'nobody', 'm01', 'm02']);
      expect([...found.keys()]).toEqual(['m02', 'm01']);
      expect([...(await reads.getMany(members, 'coop-b', ['m01', 'm10'])).keys()]).toEqual(['m10']);
    });

    it('reads the documents as the last batch left them', async () => {
      await store().applyBatch(
        [
          {
            kind: 'put',
            collection: members.name,
            doc: { id: 'm01', cooperativeId: 'coop-a', position: '2', name: 'Anna Neu' },
          },
          { kind: 'delete', collection: members.name, id: 'm02' },
        ],
        { name: 'contract_projection', position: 101n },
      );
      expect((await store().getMany(members.name, ['m02', 'm01'])).map((d) => d.name)).toEqual(['Anna Neu']);
    });

    it('refuses an unknown collection', async () => {
      await expect(store().getMany('contract_nothing', ['m01'])).rejects.toThrow(
        /Unknown read-model collection contract_nothing/,
      );
    });
  });

  describe('views (findView)', () => {
    const byName: ReadQuery = inA({ sort: [{ field: 'name', direction: 'asc' }], offset: 1, limit: 3 });

    it("answers the page's documents turned into the view, as one JSON array text, with the item count and the total", async () => {
      const page = await store().findView(members.name, byName, { name: 'card', args: { asOf: '2026-11-25' } });
      const { items, total } = await store().find(members.name, byName);
      expect(JSON.parse(page.json)).toEqual(items.map((doc) => CONTRACT_VIEWS.card(doc, { asOf: '2026-11-25' })));
      expect(JSON.parse(page.json)).toEqual([
        { id: 'm02', label: 'Bert 100% Bio (Bonn)', asOf: '2026-11-25' },
        { id: 'm08', label: 'Bio Markt Hanna (Bonn)', asOf: '2026-11-25' },
        { id: 'm03', label: 'carl Bio_Markt (Aachen)', asOf: '2026-11-25' },
      ]);
      expect([page.count, page.total, total]).toEqual([3, 9, 9]);
    });

    it('passes the arguments as given (one left out is undefined) and keeps the query: search, filters, tenancy', async () => {
      const page = await store().findView(
        members.name,
        inA({ search: 'bio', filters: [{ field: 'city', op: 'eq', value: 'bonn' }] }),
        {
          name: 'card',
          args: {},
        },
      );
      expect(JSON.parse(page.json)).toEqual([
        { id: 'm02', label: 'Bert 100% Bio (Bonn)', asOf: null },
        { id: 'm08', label: 'Bio Markt Hanna (Bonn)', asOf: null },
      ]);
      expect([page.count, page.total]).toEqual([2, 2]);
      const other = await store().findView(members.name, { cooperativeId: 'coop-b' }, { name: 'card', args: {} });
      expect(JSON.parse(other.json)).toEqual([{ id: 'm10', label: 'Anna Other Coop (Bonn)', asOf: null }]);
    });

    it('answers an empty page as an empty array with the total of matches', async () => {
      expect(
        await store().findView(members.name, inA({ search: 'nobody at all' }), { name: 'card', args: {} }),
      ).toEqual({ json: '[]', count: 0, total: 0 });
      expect(await store().findView(members.name, inA({ limit: 0 }), { name: 'card', args: {} })).toEqual({
        json: '[]',
        count: 0,
        total: 9,
      });
    });

    it('refuses a view it was not given, and the query errors find() refuses', async () => {
      await expect(store().findView(members.name, byName, { name: 'nope', args: {} })).rejects.toThrow(
        /Unknown read view nope/,
      );
      await expect(store().findView(members.name, byName, { name: 'toString', args: {} })).rejects.toThrow(
        /Unknown read view toString/,
      );
      await expect(
        store().findView(members.name, inA({ sort: [{ field: 'secret', direction: 'asc' }] }), {
          name: 'card',
          args: {},
        }),
      ).rejects.toThrow(/secret/);
    });
  });
}
