import type { CollectionSpec, ReadDocument, ReadQuery, ReadStore } from '@coop/contracts';

/**
 * What every part of readStoreContract (read-store.contract.ts) works on: its collections, the members seeded before
 * each test (m01..m09 of coop-a, m10 of coop-b) and the checkpoint they are written under.
 */

export const plainMembers: CollectionSpec = {
  name: 'contract_members',
  fields: {
    name: 'string',
    status: 'string',
    shares: 'number',
    active: 'boolean',
    joined: 'string',
    city: 'string',
    tags: 'string',
  },
  search: ['name', 'city'],
  arrays: ['tags'],
};
export const notes: CollectionSpec = { name: 'contract_notes', fields: { title: 'string' }, search: ['title'] };
/** Shaped like the postings read model: many documents per cooperative, a few per member. */
export const postings: CollectionSpec = {
  name: 'contract_postings',
  fields: { member: 'string', date: 'string', type: 'number' },
  search: [],
};

/** An adapter that can show how it answers a query (the statements it runs and the engine's plan for each). */
export interface ExplainingReadStore extends ReadStore {
  explain(
    collection: string,
    query: ReadQuery,
  ): Promise<ReadonlyArray<{ readonly sql: string; readonly plan: readonly string[] }>>;
}
export const explains = (store: ReadStore): store is ExplainingReadStore =>
  typeof (store as Partial<ExplainingReadStore>).explain === 'function';

export const CHECKPOINT = 'contract_projection';

export function member(id: string, cooperativeId: string, fields: Record<string, unknown>): ReadDocument {
  return { id, cooperativeId, position: '1', ...fields };
}

/** Members of coop A (m01..m09) and one of coop B. */
export const seed: ReadDocument[] = [
  member('m01', 'coop-a', {
    name: 'anna Apfel',
    status: 'active',
    shares: 3,
    active: true,
    joined: '2024-01-15',
    city: 'Köln',
    tags: ['board', 'founder'],
  }),
  member('m02', 'coop-a', {
    name: 'Bert 100% Bio',
    status: 'ACTIVE',
    shares: 5,
    active: true,
    joined: '2024-03-01',
    city: 'Bonn',
    tags: ['founder'],
  }),
  member('m03', 'coop-a', {
    name: 'carl Bio_Markt',
    status: 'left',
    shares: 3,
    active: false,
    joined: '2023-12-31',
    city: 'Aachen',
    tags: [],
  }),
  member('m04', 'coop-a', {
    name: 'Dora Regex .* Fan',
    status: 'Active',
    shares: 1,
    active: true,
    joined: '2024-06-30',
    city: 'Bonn',
  }),
  member('m05', 'coop-a', {
    name: 'Emil Back\\Slash',
    status: 'active',
    shares: 3,
    active: true,
    joined: '2025-01-01',
    city: null,
    tags: ['auditor'],
  }),
  member('m06', 'coop-a', {
    name: 'Frieda Müller',
    status: 'active',
    shares: 10,
    active: true,
    joined: '2024-02-29',
    city: 'MÜNCHEN',
  }),
  member('m07', 'coop-a', {
    name: 'ÖKO Hof Gustav',
    status: 'pending',
    shares: 2,
    active: false,
    joined: '2024-07-01',
    city: 'Ulm',
    extra: { nested: [1, 2, { deep: 'x' }] },
  }),
  member('m08', 'coop-a', {
    name: 'Bio Markt Hanna',
    status: 'active',
    shares: 7,
    active: true,
    joined: '2024-08-08',
    city: 'Bonn',
  }),
  member('m09', 'coop-a', {
    name: 'Ida 100 Prozent',
    status: 'active',
    shares: 4,
    active: true,
    joined: '2024-09-09',
    city: 'Köln',
  }),
  member('m10', 'coop-b', {
    name: 'Anna Other Coop',
    status: 'active',
    shares: 3,
    active: true,
    joined: '2024-01-15',
    city: 'Bonn',
    tags: ['board'],
  }),
];

/** What readStoreContract gives each of its parts: the adapter's name, its store once open, the members' collection. */
export interface ContractSuite {
  readonly name: string;
  /** The suite's store (open from its beforeAll on). */
  readonly store: () => ReadStore;
  /** The members' collection: `plainMembers`, with the text order in name order when the suite declares it. */
  readonly members: CollectionSpec;
  /** The suite declares the members' `name` as their textOrder. */
  readonly textOrder: boolean;
}

/** The ids of the documents a query finds, in the order found (in the members' collection unless another is named). */
export const idsOf =
  (suite: ContractSuite) =>
  async (query: ReadQuery, collection = suite.members.name): Promise<string[]> =>
    (await suite.store().find(collection, query)).items.map((d) => d.id);

/** A query of coop A's documents. */
export const inA = (q: Omit<ReadQuery, 'cooperativeId'> = {}): ReadQuery => ({ cooperativeId: 'coop-a', ...q });
