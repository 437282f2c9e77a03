import type { CollectionSpec, ReadDocument, ReadQuery, ReadStore } from '@coop/contracts';

/**
 * The kept counts of filtered and searched queries (decision 36 on SQLite; KeptCounts on MongoDB), run inside
 * readStoreContract's suite on its seeded members (m01..m09 of coop-a, m10 of coop-b): a count asked again after a
 * change that moves no document (a field, a search text, an array field) must follow it as well.
 */
export function keptCountsContract(store: () => ReadStore, members: CollectionSpec, checkpoint: string): void {
  describe('kept counts', () => {
    const total = async (q: Omit<ReadQuery, 'cooperativeId'>): Promise<number> =>
      (await store().find(members.name, { cooperativeId: 'coop-a', limit: 1, ...q })).total;
    const put = async (doc: ReadDocument, position: bigint): Promise<void> =>
      store().applyBatch([{ kind: 'put', collection: members.name, doc }], { name: checkpoint, position });

    it('follows a change of a filtered field, a search text and an array field of a document that stays where it is', async () => {
      const left = { filters: [{ field: 'status', op: 'eq', value: 'left' }] } as const;
      const rich = { filters: [{ field: 'shares', op: 'range', gte: 5 }] } as const;
      const boardMembers = { filters: [{ field: 'tags', op: 'eq', value: 'board' }] } as const;
      const bio = { search: 'bio' };
      // Asked twice each: the second answer may be a kept one.
      for (let i = 0; i < 2; i++) {
        expect([await total(left), await total(rich), await total(boardMembers), await total(bio)]).toEqual([
          1, 3, 1, 3,
        ]);
      }
      const m03 = (await store().get(members.name, 'm03'))!;
      await put({ ...m03, status: 'active' }, 201n);
      expect([await total(left), await total(rich), await total(boardMembers), await total(bio)]).toEqual([0, 3, 1, 3]);
      const m01 = (await store().get(members.name, 'm01'))!;
      await put({ ...m01, shares: 50, tags: ['founder'] }, 202n);
      expect([await total(left), await total(rich), await total(boardMembers), await total(bio)]).toEqual([0, 4, 0, 3]);
      const m04 = (await store().get(members.name, 'm04'))!;
      await put({ ...m04, name: 'Dora Bio Fan' }, 203n);
      expect([await total(left), await total(rich), await total(boardMembers), await total(bio)]).toEqual([0, 4, 0, 4]);
      // A change to something no count here depends on (a field neither filtered nor searched) leaves them as they are.
      await put({ ...(await store().get(members.name, 'm04'))!, joined: '2020-01-01' }, 204n);
      expect([await total(left), await total(rich), await total(boardMembers), await total(bio)]).toEqual([0, 4, 0, 4]);
    });
  });
}
