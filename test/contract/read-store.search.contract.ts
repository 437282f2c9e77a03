import type { CollectionSpec, ReadDocument, ReadQuery, ReadStore } from '@coop/contracts';

/** Shaped like the member list: a member number searched first, found by name, number, city, zip code and IBAN. */
const plainPeople: CollectionSpec = {
  name: 'contract_people',
  fields: { nr: 'number', name: 'string', givenName: 'string', city: 'string', zipCode: 'string', status: 'string' },
  search: ['name', 'givenName', 'nr', 'city', 'zipCode', 'iban'],
  searchNumber: 'nr',
};

const person = (
  id: string,
  nr: number,
  name: string,
  givenName: string,
  extra: Record<string, unknown> = {},
): ReadDocument => ({
  id,
  cooperativeId: 'coop-p',
  position: '1',
  nr,
  name,
  givenName,
  status: 'active',
  ...extra,
});

const people: ReadDocument[] = [
  person('p01', 302, 'Krause', 'Daniel', { city: 'Köln', zipCode: '50667', iban: 'DE89370400440532013000' }),
  person('p02', 17, 'Krause', 'Brigitte', { city: 'Bonn', zipCode: '53111', iban: 'DE02120300000000202051' }),
  person('p03', 18, 'Kraus', 'Daniela', { city: 'Düsseldorf', zipCode: '40210' }),
  person('p04', 3020, 'Müller', 'Jürgen', { city: 'München', zipCode: '80331', iban: 'DE44500105175407324931' }),
  person('p05', 44, 'Mueller', 'Hans', { city: 'Muenster', zipCode: '48143' }),
  person('p06', 45, 'Strauß', 'Grete', { city: 'Ulm', zipCode: '89073', status: 'left' }),
  person('p07', 46, 'Strauss', 'Otto', { city: 'Aachen', zipCode: '52062' }),
  person('p08', 1302, 'Dänemark', 'Ole', { city: 'Kiel', zipCode: '24103' }),
  person('p09', 99, 'Weber', 'Ida', { city: 'Bonn', zipCode: '53302' }),
  { ...person('p10', 302, 'Krause', 'Daniel'), cooperativeId: 'coop-q' },
];

/**
 * The contract of the text search (CollectionSpec.search and searchNumber), run inside readStoreContract's suite:
 * words in any order, with or without commas, parts of words, umlauts as either spelling, city, zip code and IBAN
 * (with or without spaces), and a number searched as the member number first. `store` answers the suite's store.
 */
export function searchContract(store: () => ReadStore, textOrder: boolean): void {
  const spec: CollectionSpec = textOrder ? { ...plainPeople, textOrder: 'name' } : plainPeople;
  const byName = [
    { field: 'name', direction: 'asc' },
    { field: 'givenName', direction: 'asc' },
  ] as const;
  const found = async (search: string, q: Omit<ReadQuery, 'cooperativeId' | 'search'> = {}): Promise<string[]> =>
    (await store().find(spec.name, { cooperativeId: 'coop-p', search, sort: [...byName], ...q })).items.map(
      (d) => d.id,
    );

  describe('text search by words', () => {
    beforeAll(async () => {
      await store().ensureCollections([spec]);
      await store().reset([spec.name], 'contract_search');
      await store().applyBatch(
        people.map((doc) => ({ kind: 'put', collection: spec.name, doc })),
        { name: 'contract_search', position: 1n },
      );
    });

    it('finds a member by several words in any order, with or without the comma, and by their beginnings', async () => {
      expect(await found('Daniel Krause')).toEqual(['p01']);
      expect(await found('Krause, Daniel')).toEqual(['p01']);
      expect(await found('krause,daniel')).toEqual(['p01']);
      expect(await found('Kraus, Brig')).toEqual(['p02']);
      expect(await found('Kraus, Dan')).toEqual(['p03', 'p01']);
      expect(await found('  daniel   KRAUSE  ')).toEqual(['p01']);
      expect(await found('Krause')).toEqual(['p02', 'p01']);
      expect(await found('Krause Otto')).toEqual([]);
      // The label a member lookup shows: number, name, given name.
      expect(await found('302 Krause, Daniel')).toEqual(['p01']);
      // A single character is a word too.
      expect(await found('krause b')).toEqual(['p02']);
      expect(await found('ole k')).toEqual(['p08']);
    });

    it('reads ä and ae, ö and oe, ü and ue, ß and ss alike, both ways', async () => {
      expect(await found('Müller')).toEqual(['p05', 'p04']);
      expect(await found('Mueller')).toEqual(['p05', 'p04']);
      expect(await found('MÜLLER hans')).toEqual(['p05']);
      expect(await found('juergen')).toEqual(['p04']);
      expect(await found('Strauß')).toEqual(['p07', 'p06']);
      expect(await found('strauss otto')).toEqual(['p07']);
      expect(await found('Daenemark')).toEqual(['p08']);
      expect(await found('Dänem')).toEqual(['p08']);
      expect(await found('Münster')).toEqual(['p05']);
      expect(await found('koeln')).toEqual(['p01']);
      expect(await found('üe')).toEqual([]);
    });

    it('searches city, zip code and IBAN, the IBAN with or without spaces', async () => {
      expect(await found('Bonn')).toEqual(['p02', 'p09']);
      expect(await found('düsseldorf')).toEqual(['p03']);
      expect(await found('50667')).toEqual(['p01']);
      expect(await found('bonn 531')).toEqual(['p02']);
      expect(await found('DE89370400440532013000')).toEqual(['p01']);
      expect(await found('DE89 3704 0044 0532 0130 00')).toEqual(['p01']);
      expect(await found('de02 1203')).toEqual(['p02']);
      expect(await found('DE44 5001 9999')).toEqual([]);
    });

    it('lists the member number searched first, then the other matches in the order asked, page by page', async () => {
      // 302: member 302 first, then 1302, 3020 and the zip code 53302, by name.
      expect(await found('302')).toEqual(['p01', 'p08', 'p04', 'p09']);
      expect(await found('302', { sort: [{ field: 'name', direction: 'desc' }] })).toEqual([
        'p01',
        'p09',
        'p04',
        'p08',
      ]);
      const page = (offset: number, limit: number) =>
        store().find(spec.name, { cooperativeId: 'coop-p', search: '302', sort: [...byName], offset, limit });
      expect(await page(0, 2)).toMatchObject({ total: 4 });
      expect((await page(0, 2)).items.map((d) => d.id)).toEqual(['p01', 'p08']);
      expect((await page(1, 2)).items.map((d) => d.id)).toEqual(['p08', 'p04']);
      expect((await page(2, 2)).items.map((d) => d.id)).toEqual(['p04', 'p09']);
      expect((await page(0, 1)).items.map((d) => d.id)).toEqual(['p01']);
      expect(await page(0, 0)).toEqual({ items: [], total: 4 });
      // With a filter the number first still keeps to it; another cooperative's 302 is not there.
      expect(await found('46')).toEqual(['p07']);
      expect(await found('46', { filters: [{ field: 'status', op: 'eq', value: 'left' }] })).toEqual([]);
      expect(await found('45')).toEqual(['p06', 'p04']); // 45 is in p04's IBAN
      expect(await found('45', { filters: [{ field: 'status', op: 'eq', value: 'active' }] })).toEqual(['p04']);
      expect(await found('18')).toEqual(['p03']);
      // Not a number alone: no number first, the name order only.
      expect(await found('302 bonn')).toEqual(['p09']);
    });

    it('answers several words and a number from the text index, not by reading every document', async () => {
      const explaining = store() as Partial<{
        explain(c: string, q: ReadQuery): Promise<ReadonlyArray<{ readonly plan: readonly string[] }>>;
      }>;
      if (typeof explaining.explain !== 'function') return;
      for (const search of ['Krause, Daniel', 'mueller j', '302', 'DE89 3704']) {
        const statements = await explaining.explain(spec.name, {
          cooperativeId: 'coop-p',
          search,
          sort: [...byName],
          limit: 20,
        });
        const plans = statements.flatMap((s) => s.plan);
        expect({ search, scans: plans.filter((line) => /^SCAN rm_/.test(line)) }).toEqual({ search, scans: [] });
        expect(plans.some((line) => /VIRTUAL TABLE INDEX/.test(line))).toBe(true);
      }
    });

    it('is changed by a changed document: the old words no longer find it, the new ones do', async () => {
      const before = people[1]!;
      await store().applyBatch(
        [{ kind: 'put', collection: spec.name, doc: { ...before, name: 'Großmann', city: 'Essen', position: '2' } }],
        { name: 'contract_search', position: 2n },
      );
      expect(await found('krause brigitte')).toEqual([]);
      expect(await found('grossmann brigitte')).toEqual(['p02']);
      expect(await found('essen 17')).toEqual(['p02']);
      await store().applyBatch([{ kind: 'put', collection: spec.name, doc: before }], {
        name: 'contract_search',
        position: 3n,
      });
      expect(await found('krause brigitte')).toEqual(['p02']);
    });
  });
}
