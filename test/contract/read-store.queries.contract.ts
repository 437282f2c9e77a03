import type { ReadQuery } from '@coop/contracts';
import { CHECKPOINT, idsOf, inA, member, seed, type ContractSuite } from './read-store.fixture.js';

/**
 * The contract of find on the seeded members: the cooperative kept to, filters, search, sorts, pages and counts, and
 * the fields a query may not name. Runs inside readStoreContract's `find` (read-store.many-documents.contract.ts beside it).
 */
export function queriesContract(suite: ContractSuite): void {
  const { store, members } = suite;
  const ids = idsOf(suite);
  it('keeps to one cooperative, or reads across all with null', async () => {
    expect(await ids(inA())).toEqual(['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09']);
    expect(await ids({ cooperativeId: 'coop-b' })).toEqual(['m10']);
    expect(await ids({ cooperativeId: 'coop-c' })).toEqual([]);
    expect((await store().find(members.name, { cooperativeId: null })).total).toBe(10);
    expect(await ids({ cooperativeId: 'coop-b', filters: [{ field: 'id', op: 'eq', value: 'm01' }] })).toEqual([]);
  });

  it('returns the documents as stored, without internal fields', async () => {
    const page = await store().find(
      members.name,
      inA({ filters: [{ field: 'id', op: 'in', values: ['m07', 'm01'] }] }),
    );
    expect(page).toEqual({ items: [seed[0], seed[6]], total: 2 });
  });

  it('filters by equality, case-insensitively for strings', async () => {
    expect(await ids(inA({ filters: [{ field: 'status', op: 'eq', value: 'active' }] }))).toEqual([
      'm01',
      'm02',
      'm04',
      'm05',
      'm06',
      'm08',
      'm09',
    ]);
    expect(await ids(inA({ filters: [{ field: 'status', op: 'eq', value: 'LEFT' }] }))).toEqual(['m03']);
    expect(await ids(inA({ filters: [{ field: 'shares', op: 'eq', value: 3 }] }))).toEqual(['m01', 'm03', 'm05']);
    expect(await ids(inA({ filters: [{ field: 'active', op: 'eq', value: false }] }))).toEqual(['m03', 'm07']);
    expect(await ids(inA({ filters: [{ field: 'id', op: 'eq', value: 'm04' }] }))).toEqual(['m04']);
  });

  it('filters eq null as missing or null', async () => {
    expect(await ids(inA({ filters: [{ field: 'city', op: 'eq', value: null }] }))).toEqual(['m05']);
    await store().applyBatch(
      [
        {
          kind: 'put',
          collection: members.name,
          doc: member('m11', 'coop-a', { name: 'No City', status: 'active', shares: 1 }),
        },
      ],
      { name: CHECKPOINT, position: 101n },
    );
    expect(await ids(inA({ filters: [{ field: 'city', op: 'eq', value: null }] }))).toEqual(['m05', 'm11']);
  });

  it('filters by a set of values', async () => {
    expect(await ids(inA({ filters: [{ field: 'status', op: 'in', values: ['LEFT', 'pending'] }] }))).toEqual([
      'm03',
      'm07',
    ]);
    expect(await ids(inA({ filters: [{ field: 'shares', op: 'in', values: [1, 10] }] }))).toEqual(['m04', 'm06']);
    expect(await ids(inA({ filters: [{ field: 'shares', op: 'in', values: [] }] }))).toEqual([]);
  });

  it('filters by number and date ranges, bounds included', async () => {
    expect(await ids(inA({ filters: [{ field: 'shares', op: 'range', gte: 3, lte: 5 }] }))).toEqual([
      'm01',
      'm02',
      'm03',
      'm05',
      'm09',
    ]);
    expect(await ids(inA({ filters: [{ field: 'shares', op: 'range', gte: 7 }] }))).toEqual(['m06', 'm08']);
    expect(
      await ids(inA({ filters: [{ field: 'joined', op: 'range', gte: '2024-01-01', lte: '2024-03-01' }] })),
    ).toEqual(['m01', 'm02', 'm06']);
    expect(await ids(inA({ filters: [{ field: 'joined', op: 'range', lte: '2023-12-31' }] }))).toEqual(['m03']);
  });

  it('combines filters with AND', async () => {
    expect(
      await ids(
        inA({
          filters: [
            { field: 'status', op: 'eq', value: 'active' },
            { field: 'city', op: 'eq', value: 'bonn' },
            { field: 'shares', op: 'range', gte: 2 },
          ],
        }),
      ),
    ).toEqual(['m02', 'm08']);
  });

  it('treats equality on array fields as "contains"', async () => {
    expect(await ids(inA({ filters: [{ field: 'tags', op: 'eq', value: 'founder' }] }))).toEqual(['m01', 'm02']);
    expect(await ids(inA({ filters: [{ field: 'tags', op: 'in', values: ['board', 'auditor'] }] }))).toEqual([
      'm01',
      'm05',
    ]);
    expect(await ids(inA({ filters: [{ field: 'tags', op: 'eq', value: 'nobody' }] }))).toEqual([]);
    expect(await ids({ cooperativeId: null, filters: [{ field: 'tags', op: 'eq', value: 'board' }] })).toEqual([
      'm01',
      'm10',
    ]);
  });

  it('searches literally and case-insensitively in the declared search fields', async () => {
    const search = (text: string): Promise<string[]> => ids(inA({ search: text }));
    expect(await search('%')).toEqual(['m02']);
    expect(await search('100%')).toEqual(['m02']);
    expect(await search('_')).toEqual(['m03']);
    expect(await search('bio_markt')).toEqual(['m03']);
    expect(await search('.*')).toEqual(['m04']);
    expect(await search('\\')).toEqual(['m05']);
    expect(await search('back\\slash')).toEqual(['m05']);
    expect(await search('[a-z]')).toEqual([]);
    expect(await search('^anna')).toEqual([]);
    expect(await search('(')).toEqual([]);
    expect(await search('$')).toEqual([]);
    expect(await search('bio')).toEqual(['m02', 'm03', 'm08']);
    expect(await search('BI')).toEqual(['m02', 'm03', 'm08']);
    expect(await search('ln')).toEqual(['m01', 'm09']); // only at the end of 'köln'
    expect(await search('0%')).toEqual(['m02']);
    expect(await search('.*')).toEqual(['m04']);
    expect(await search('zz')).toEqual([]);
    expect(await search('BIO MARKT')).toEqual(['m03', 'm08']); // both words, anywhere
    expect(await search('markt bio hanna')).toEqual(['m08']);
    expect(await search('  müller ')).toEqual(['m06']);
    expect(await search('MÜLLER')).toEqual(['m06']);
    expect(await search('öko')).toEqual(['m07']);
    expect(await search('münchen')).toEqual(['m06']);
    expect(await search('köln')).toEqual(['m01', 'm09']);
    expect(await search('active')).toEqual([]); // status is not a search field
    expect(await search('')).toHaveLength(9);
    expect(await ids({ cooperativeId: 'coop-b', search: 'anna' })).toEqual(['m10']);
  });

  it("sorts ascending and descending, strings case-insensitively, ties by id in the first sort field's direction", async () => {
    expect(await ids(inA({ sort: [{ field: 'name', direction: 'asc' }], limit: 4 }))).toEqual([
      'm01',
      'm02',
      'm08',
      'm03',
    ]);
    expect(await ids(inA({ sort: [{ field: 'shares', direction: 'desc' }] }))).toEqual([
      'm06',
      'm08',
      'm02',
      'm09',
      'm05',
      'm03',
      'm01',
      'm07',
      'm04',
    ]);
    expect(await ids(inA({ sort: [{ field: 'shares', direction: 'asc' }] }))).toEqual([
      'm04',
      'm07',
      'm01',
      'm03',
      'm05',
      'm09',
      'm02',
      'm08',
      'm06',
    ]);
    expect(
      await ids(
        inA({
          sort: [
            { field: 'active', direction: 'asc' },
            { field: 'joined', direction: 'desc' },
          ],
        }),
      ),
    ).toEqual(['m07', 'm03', 'm05', 'm09', 'm08', 'm04', 'm02', 'm06', 'm01']);
    expect(await ids(inA({ sort: [{ field: 'id', direction: 'desc' }], limit: 3 }))).toEqual(['m09', 'm08', 'm07']);
  });

  it('pages with offset and limit and counts the total of all matches', async () => {
    const query = inA({ sort: [{ field: 'shares', direction: 'desc' }] });
    const first = await store().find(members.name, { ...query, offset: 0, limit: 4 });
    const second = await store().find(members.name, { ...query, offset: 4, limit: 4 });
    const third = await store().find(members.name, { ...query, offset: 8, limit: 4 });
    const beyond = await store().find(members.name, { ...query, offset: 20, limit: 4 });
    expect(first.items.map((d) => d.id)).toEqual(['m06', 'm08', 'm02', 'm09']);
    expect(second.items.map((d) => d.id)).toEqual(['m05', 'm03', 'm01', 'm07']);
    expect(third.items.map((d) => d.id)).toEqual(['m04']);
    expect(beyond.items).toEqual([]);
    expect([first.total, second.total, third.total, beyond.total]).toEqual([9, 9, 9, 9]);
    const filtered = await store().find(
      members.name,
      inA({ filters: [{ field: 'city', op: 'eq', value: 'BONN' }], limit: 1 }),
    );
    expect(filtered.total).toBe(3);
    expect(filtered.items.map((d) => d.id)).toEqual(['m02']);
  });

  it('counts what is there after inserts, moves, removals and reset, with and without filters', async () => {
    const total = async (coop: string, q: Omit<ReadQuery, 'cooperativeId'> = {}) =>
      (await store().find(members.name, { cooperativeId: coop, limit: 1, ...q })).total;
    const left = { filters: [{ field: 'status', op: 'eq', value: 'left' }] } as const;
    expect([await total('coop-a'), await total('coop-b'), await total('coop-c')]).toEqual([9, 1, 0]);
    expect(await total('coop-a', left)).toBe(1);
    // The same counts asked again must follow every change.
    await store().applyBatch(
      [
        {
          kind: 'put',
          collection: members.name,
          doc: member('m11', 'coop-a', { name: 'New Left', status: 'left' }),
        },
        {
          kind: 'put',
          collection: members.name,
          doc: member('m11', 'coop-a', { name: 'New Left Again', status: 'left' }),
        },
        {
          kind: 'put',
          collection: members.name,
          doc: member('m01', 'coop-c', { name: 'anna moved', status: 'left' }),
        },
        { kind: 'delete', collection: members.name, id: 'm02' },
        { kind: 'delete', collection: members.name, id: 'does-not-exist' },
      ],
      { name: CHECKPOINT, position: 5n },
    );
    expect([await total('coop-a'), await total('coop-b'), await total('coop-c')]).toEqual([8, 1, 1]);
    expect(await total('coop-a', left)).toBe(2);
    expect(await total('coop-c', left)).toBe(1);
    expect(await total('coop-a', { search: 'new left' })).toBe(1);
    expect(await total('coop-c', { search: 'moved' })).toBe(1);
    expect(await total('coop-a', { search: 'moved' })).toBe(0);
    expect(await total('coop-a', { search: 'apfel' })).toBe(0); // its old name left coop A's text index
    await store().reset([members.name], CHECKPOINT);
    expect([
      await total('coop-a'),
      await total('coop-c'),
      await total('coop-a', left),
      await total('coop-c', { search: 'moved' }),
    ]).toEqual([0, 0, 0, 0]);
  });

  it('rejects filters and sorts on undeclared fields', async () => {
    await expect(
      store().find(members.name, inA({ filters: [{ field: 'extra', op: 'eq', value: 'x' }] })),
    ).rejects.toThrow(/extra/);
    await expect(store().find(members.name, inA({ sort: [{ field: 'position', direction: 'asc' }] }))).rejects.toThrow(
      /position/,
    );
    await expect(store().find(members.name, inA({ sort: [{ field: 'tags', direction: 'asc' }] }))).rejects.toThrow(
      /tags/,
    );
    await expect(
      store().find(members.name, inA({ filters: [{ field: 'name; DROP TABLE x', op: 'eq', value: 1 }] })),
    ).rejects.toThrow();
  });
}
