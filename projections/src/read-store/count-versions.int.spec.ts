import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CollectionSpec, ReadDocument, ReadQuery } from '@coop/contracts';
import { compareKey } from './compare-key.js';
import { SqliteReadStore } from './sqlite-read-store.js';

/**
 * Counts kept by a reading connection (a read thread) while another connection (the projection thread) writes
 * (decision 36): a kept count is used again after writes that change nothing it depends on, and counted anew after
 * every write that does.
 */
const spec: CollectionSpec = {
  name: 'people',
  fields: { name: 'string', city: 'string', shares: 'number', tags: 'string' },
  arrays: ['tags'],
  search: ['name'],
  textOrder: 'name',
};
const dir = mkdtempSync(join(tmpdir(), 'coop-count-versions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The documents of the collection; the reader keeps every count of them, however fast (cheapCountMs 0). */
const PEOPLE = 20_000;
const person = (i: number, changes: Partial<ReadDocument> = {}): ReadDocument => ({
  id: `p${String(i).padStart(6, '0')}`,
  cooperativeId: 'c1',
  position: '1',
  name: `${i % 2 === 0 ? 'Weber' : 'Abel'} ${i}`,
  city: i % 3 === 0 ? 'Köln' : 'Bonn',
  shares: 1,
  tags: i % 5 === 0 ? ['board'] : [],
  ...changes,
});

async function open(
  file: string,
): Promise<{ writer: SqliteReadStore; reader: SqliteReadStore; write: (docs: ReadDocument[]) => Promise<void> }> {
  const writer = new SqliteReadStore(file);
  await writer.ensureCollections([spec]);
  let position = 0n;
  const write = async (docs: ReadDocument[]): Promise<void> => {
    position += 1n;
    await writer.applyBatch(
      docs.map((doc) => ({ kind: 'put', collection: 'people', doc })),
      { name: 'people', position },
    );
  };
  await write(Array.from({ length: PEOPLE }, (_, i) => person(i)));
  // Every count kept, however fast this machine counts (a count under 0.3 ms is not kept otherwise).
  const reader = new SqliteReadStore(file, { cheapCountMs: 0 });
  reader.useCollections([spec]);
  return { writer, reader, write };
}

const total = async (store: SqliteReadStore, query: Omit<ReadQuery, 'cooperativeId'>): Promise<number> =>
  (await store.find('people', { cooperativeId: 'c1', limit: 1, ...query })).total;

const inKoeln = { filters: [{ field: 'city', op: 'eq', value: 'Köln' }] } as const;
const webersInKoeln = { search: 'weber', filters: [{ field: 'city', op: 'eq', value: 'Köln' }] } as const;
const onTheBoard = { filters: [{ field: 'tags', op: 'eq', value: 'board' }] } as const;
const koeln = Math.ceil(PEOPLE / 3);
const webersKoeln = Math.ceil(PEOPLE / 6);

describe('SQLite read store: counts kept across connections until what they depend on changes', () => {
  it("keeps a count through another connection's write that changes nothing it depends on", async () => {
    const { writer, reader, write } = await open(join(dir, 'kept.sqlite'));
    expect(await total(reader, inKoeln)).toBe(koeln);
    // A row the store does not know of (written past it): a count made again would include it, a kept one not.
    const raw = new Database(join(dir, 'kept.sqlite'));
    raw
      .prepare(
        'INSERT INTO rm_people (id, cooperative_id, doc, search, f_name, f_city, f_shares) ' +
          "VALUES ('x1', (SELECT no FROM coop_numbers WHERE cooperative_id = 'c1'), '{}', '', ?, ?, 1)",
      )
      .run(compareKey('string', 'X'), compareKey('string', 'Köln'));
    raw.close();
    // As a posting changes a member: a field no filter names, and the document.
    await write([person(3, { shares: 7 })]);
    expect(await total(reader, inKoeln)).toBe(koeln);
    // A write to the filtered field: counted anew (the row written past the store is counted too).
    await write([person(4, { city: 'Köln' })]);
    expect(await total(reader, inKoeln)).toBe(koeln + 2);
    await reader.close();
    await writer.close();
  });

  it('counts anew after another connection adds, removes, renames or re-tags a document, or empties the collection', async () => {
    const { writer, reader, write } = await open(join(dir, 'anew.sqlite'));
    expect([await total(reader, inKoeln), await total(reader, webersInKoeln), await total(reader, onTheBoard)]).toEqual(
      [koeln, webersKoeln, Math.ceil(PEOPLE / 5)],
    );

    await write([person(PEOPLE, { city: 'Köln' })]); // PEOPLE is even and a multiple of 5: a Weber on the board
    expect([await total(reader, inKoeln), await total(reader, webersInKoeln), await total(reader, onTheBoard)]).toEqual(
      [koeln + 1, webersKoeln + 1, Math.ceil(PEOPLE / 5) + 1],
    );

    await writer.applyBatch([{ kind: 'delete', collection: 'people', id: person(0).id }], {
      name: 'people',
      position: 100n,
    });
    expect([await total(reader, inKoeln), await total(reader, webersInKoeln)]).toEqual([koeln, webersKoeln]);

    // Renamed (the search text and order key change, the city does not).
    await write([person(6, { name: 'Abel 6' })]);
    expect([await total(reader, inKoeln), await total(reader, webersInKoeln)]).toEqual([koeln, webersKoeln - 1]);

    // An array field is filtered in the document itself.
    await write([person(1, { tags: ['board'] })]);
    expect(await total(reader, onTheBoard)).toBe(Math.ceil(PEOPLE / 5) + 1);

    await writer.reset(['people'], 'people');
    expect([await total(reader, inKoeln), await total(reader, webersInKoeln), await total(reader, onTheBoard)]).toEqual(
      [0, 0, 0],
    );
    await reader.close();
    await writer.close();
  });

  it("finds by a two-character search what another connection's write added, and keeps its word list through other writes", async () => {
    const { writer, reader, write } = await open(join(dir, 'two.sqlite'));
    const twoCharacters = async (): Promise<string[]> =>
      (
        await reader.find('people', { cooperativeId: 'c1', search: 'zq', sort: [{ field: 'name', direction: 'asc' }] })
      ).items.map((d) => d.id);
    expect(await twoCharacters()).toEqual([]);
    await write([person(8, { shares: 3 })]);
    expect(await twoCharacters()).toEqual([]);
    await write([person(8, { name: 'Zqa 8' })]);
    expect(await twoCharacters()).toEqual([person(8).id]);
    await reader.close();
    await writer.close();
  });
});
