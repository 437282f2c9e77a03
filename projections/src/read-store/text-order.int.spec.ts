import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CollectionSpec, ReadDocument, ReadQuery } from '@coop/contracts';
import { SqliteReadStore } from './sqlite-read-store.js';

const plain: CollectionSpec = { name: 'people', fields: { name: 'string', city: 'string' }, search: ['name', 'city'] };
const ordered: CollectionSpec = { ...plain, textOrder: 'name' };
const dir = mkdtempSync(join(tmpdir(), 'coop-text-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const person = (i: number, cooperativeId: string, name: string): ReadDocument => ({
  id: `p${String(i).padStart(4, '0')}`,
  cooperativeId,
  position: '1',
  name,
  city: i % 3 === 0 ? 'Köln' : 'Bonn',
});

/** The documents of a cooperative containing every word of `text` (umlauts as two letters), sorted by name (as the store folds it), then id. */
function reference(
  docs: ReadonlyMap<string, ReadDocument>,
  cooperativeId: string,
  text: string,
  desc = false,
): string[] {
  const lower = (v: unknown) => String(v ?? '').toLowerCase();
  const fold = (v: unknown) => lower(v).replace(/[äöüß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[c]!);
  const words = fold(text)
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  return [...docs.values()]
    .filter(
      (d) =>
        d.cooperativeId === cooperativeId && words.every((w) => `${fold(d.name)}\u0001${fold(d.city)}`.includes(w)),
    )
    .sort((a, b) => {
      const c = lower(a.name) < lower(b.name) ? -1 : lower(a.name) > lower(b.name) ? 1 : 0;
      return (desc ? -c : c) || (desc ? -1 : 1) * (a.id < b.id ? -1 : 1);
    })
    .map((d) => d.id);
}

async function page(
  store: SqliteReadStore,
  q: Omit<ReadQuery, 'sort'>,
  desc = false,
): Promise<{ ids: string[]; total: number }> {
  const found = await store.find('people', { ...q, sort: [{ field: 'name', direction: desc ? 'desc' : 'asc' }] });
  return { ids: found.items.map((d) => d.id), total: found.total };
}

describe('SQLite read store: a text index kept in the order of a field (textOrder)', () => {
  it('keys an existing text index anew when textOrder is declared, and back when it is dropped, with the same answers', async () => {
    const file = join(dir, 'switch.sqlite');
    const docs = new Map<string, ReadDocument>();
    const surnames = ['Weber', 'Müller', 'Abel', 'Zorn'];
    for (let i = 0; i < 800; i += 1)
      docs.set(person(i, 'c1', '').id, person(i, i < 700 ? 'c1' : 'c2', `${surnames[i % 4]} ${(i * 53) % 800}`));

    const first = new SqliteReadStore(file);
    await first.ensureCollections([plain]);
    await first.applyBatch(
      [...docs.values()].map((doc) => ({ kind: 'put', collection: 'people', doc })),
      { name: 'people', position: 1n },
    );
    await first.close();

    const check = async (store: SqliteReadStore) => {
      for (const [coop, text, desc] of [
        ['c1', 'weber', false],
        ['c1', 'müller 1', true],
        ['c2', 'bonn', false],
        ['c1', 'zorn', true],
      ] as const) {
        const expected = reference(docs, coop, text, desc);
        expect(await page(store, { cooperativeId: coop, search: text, offset: 5, limit: 20 }, desc)).toEqual({
          ids: expected.slice(5, 25),
          total: expected.length,
        });
      }
    };

    const second = new SqliteReadStore(file);
    await second.ensureCollections([ordered]);
    await check(second);
    const plan = await second.explain('people', {
      cooperativeId: 'c1',
      search: 'weber',
      sort: [{ field: 'name', direction: 'asc' }],
      limit: 20,
    });
    expect(plan.map((s) => s.sql).join('\n')).toMatch(/ORDER BY fts_people_\d+\.rowid ASC/);
    // Writes after the switch: new documents, renames (a new place in the order) and a move to another cooperative.
    const writes: ReadDocument[] = [
      person(900, 'c1', 'Weber 0'),
      { ...docs.get('p0004')!, name: 'Abel Renamed' },
      { ...docs.get('p0008')!, cooperativeId: 'c2' },
    ];
    for (const doc of writes) docs.set(doc.id, doc);
    await second.applyBatch(
      writes.map((doc) => ({ kind: 'put', collection: 'people', doc })),
      { name: 'people', position: 2n },
    );
    await check(second);
    await second.close();

    const third = new SqliteReadStore(file);
    await third.ensureCollections([plain]);
    await check(third);
    const plainPlan = await third.explain('people', {
      cooperativeId: 'c1',
      search: 'weber',
      sort: [{ field: 'name', direction: 'asc' }],
      limit: 20,
    });
    expect(plainPlan.map((s) => s.sql).join('\n')).not.toMatch(/\.rowid (ASC|DESC)$/m);
    await third.close();
  });

  it('renumbers neighbours when two keys leave no room, keeping every answer', async () => {
    // 1,024 keys: the documents below all go to the same place (same name, ids in order), halving its room each time.
    const store = new SqliteReadStore(join(dir, 'tight.sqlite'), { orderKeyEnd: 1024 });
    await store.ensureCollections([ordered]);
    const docs = new Map<string, ReadDocument>();
    for (let i = 0; i < 200; i += 1) {
      const doc = person(i, 'c1', i % 2 === 0 ? 'Same Name' : `Other ${i % 17}`);
      docs.set(doc.id, doc);
      await store.applyBatch([{ kind: 'put', collection: 'people', doc }], { name: 'people', position: BigInt(i + 1) });
    }
    for (const [text, desc] of [
      ['same', false],
      ['same', true],
      ['other', false],
      ['name', true],
      ['bonn', false],
    ] as const) {
      const expected = reference(docs, 'c1', text, desc);
      for (const offset of [0, 20, 90]) {
        expect(await page(store, { cooperativeId: 'c1', search: text, offset, limit: 20 }, desc)).toEqual({
          ids: expected.slice(offset, offset + 20),
          total: expected.length,
        });
      }
    }
    await store.close();
  });

  it('places documents without a name (erased) first, before and after renames, in a tight key space', async () => {
    // A name erased with its subject's key is null: such documents sort first (SQLite's order of nulls).
    const store = new SqliteReadStore(join(dir, 'nulls.sqlite'), { orderKeyEnd: 512 });
    await store.ensureCollections([ordered]);
    const docs = new Map<string, ReadDocument>();
    const write = async (doc: ReadDocument, position: number) => {
      docs.set(doc.id, doc);
      await store.applyBatch([{ kind: 'put', collection: 'people', doc }], {
        name: 'people',
        position: BigInt(position),
      });
    };
    for (let i = 0; i < 120; i += 1)
      await write({ ...person(i, 'c1', ''), name: i % 3 === 0 ? null : `Name ${i % 11}` }, i + 1);
    // Erase some names, give others back, in an order that lands between nulls and values.
    for (let i = 0; i < 120; i += 7)
      await write({ ...docs.get(person(i, 'c1', '').id)!, name: i % 2 === 0 ? null : `Back ${i}` }, 200 + i);
    const sortKey = (d: ReadDocument) => (typeof d.name === 'string' ? `1${d.name.toLowerCase()}` : '0');
    for (const desc of [false, true]) {
      const expected = [...docs.values()]
        .filter((d) => `${String(d.name ?? '').toLowerCase()}\u0001${String(d.city).toLowerCase()}`.includes('bonn'))
        .sort((a, b) => {
          const c = sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0;
          return (desc ? -c : c) || (desc ? -1 : 1) * (a.id < b.id ? -1 : 1);
        })
        .map((d) => d.id);
      for (const offset of [0, 15, 40, 70]) {
        expect(await page(store, { cooperativeId: 'c1', search: 'bonn', offset, limit: 15 }, desc)).toEqual({
          ids: expected.slice(offset, offset + 15),
          total: expected.length,
        });
      }
    }
    await store.close();
  });

  it('refuses a textOrder that is not a declared string field of a searchable collection', async () => {
    const store = new SqliteReadStore(join(dir, 'refuse.sqlite'));
    await expect(store.ensureCollections([{ ...plain, textOrder: 'nope' }])).rejects.toThrow(/textOrder nope/);
    await expect(
      store.ensureCollections([{ name: 'quiet', fields: { name: 'string' }, search: [], textOrder: 'name' }]),
    ).rejects.toThrow(/textOrder name/);
    await store.close();
  });
});
