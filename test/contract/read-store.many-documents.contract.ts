import type { ReadDocument, ReadQuery } from '@coop/contracts';
import { CHECKPOINT, explains, inA, member, postings, seed, type ContractSuite } from './read-store.fixture.js';

/**
 * The contract of find over many documents: searches answered exactly like a brute-force scan page by page, a search
 * read along the text order, and an equality filter read through its index at realistic sizes (with the plans where
 * the adapter can explain them). Runs inside readStoreContract's `find`.
 */
export function manyDocumentsContract(suite: ContractSuite): void {
  const { store, members } = suite;
  it('answers searches over many documents exactly like a brute-force scan, page by page, in every plan', async () => {
    // 6,000 documents in coop A and 500 in coop B: wide matches (read along the sort index), narrow ones
    // (fetched and sorted), matches bunched at the end of the order (the ordered scan gives up), filters,
    // descending sorts with ties, equal names sorted further by another field, and documents moved, renamed and
    // removed after indexing.
    const surnames = ['Müller', 'Schmidt', 'Zander', 'Weber', 'Hofmann'];
    const many: ReadDocument[] = [];
    for (let i = 0; i < 6500; i += 1) {
      const coop = i < 6000 ? 'coop-a' : 'coop-b';
      const surname = surnames[i % 5]!;
      // Zander sorts last: every 20th document, 300 in coop A, all after the first 5,700 by name.
      const base = `${surname === 'Zander' ? 'Weber' : surname} Kai`;
      const name = i % 20 === 0 ? `Zander Zoe ${i}` : i % 9 === 4 ? base : `${base} ${i}`;
      many.push(
        member(`x${String(i).padStart(4, '0')}`, coop, {
          name,
          status: i % 3 === 0 ? 'left' : 'active',
          shares: i % 7,
          city: i % 11 === 0 ? 'Bonn' : 'Köln',
        }),
      );
    }
    await store().applyBatch(
      many.map((doc) => ({ kind: 'put', collection: members.name, doc })),
      { name: CHECKPOINT, position: 2n },
    );
    const moved = { ...many[10]!, cooperativeId: 'coop-b', name: 'Müller Moved' };
    const renamed = { ...many[20]!, name: 'Hofmann Renamed' };
    await store().applyBatch(
      [
        { kind: 'put', collection: members.name, doc: moved },
        { kind: 'put', collection: members.name, doc: renamed },
        { kind: 'delete', collection: members.name, id: many[30]!.id },
      ],
      { name: CHECKPOINT, position: 3n },
    );
    const current = new Map([...seed, ...many].map((d) => [d.id, d]));
    current.set(moved.id, moved);
    current.set(renamed.id, renamed);
    current.delete(many[30]!.id);

    const lower = (v: unknown) => (typeof v === 'string' ? v.toLocaleLowerCase('de-DE') : '');
    const compare = (a: ReadDocument, b: ReadDocument, field: 'name' | 'shares', desc: boolean): number => {
      const av = field === 'name' ? lower(a.name) : Number(a.shares);
      const bv = field === 'name' ? lower(b.name) : Number(b.shares);
      const c = av < bv ? -1 : av > bv ? 1 : 0;
      return desc ? -c : c;
    };
    // Every word of the search in the name or the city, umlauts written as two letters (ä as ae, ß as ss).
    const fold = (v: unknown) => lower(v).replace(/[äöüß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[c]!);
    const words = (text: string) =>
      fold(text)
        .split(/[\s,]+/)
        .filter((w) => w !== '');
    const reference = (
      coop: string,
      text: string,
      status: string | undefined,
      field: 'name' | 'shares',
      desc: boolean,
      sharesDesc: boolean,
    ) =>
      [...current.values()]
        .filter((d) => d.cooperativeId === coop)
        .filter((d) => words(text).every((w) => `${fold(d.name)}\u0001${fold(d.city)}`.includes(w)))
        .filter((d) => status === undefined || lower(d.status) === status)
        .sort(
          (a, b) =>
            compare(a, b, field, desc) ||
            (sharesDesc ? compare(a, b, 'shares', true) : 0) ||
            (desc ? -1 : 1) * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
        .map((d) => d.id);

    // The last flag sorts equal values further by shares, descending.
    const cases: Array<[string, string, string | undefined, 'name' | 'shares', boolean, boolean?]> = [
      ['coop-a', 'müller', undefined, 'name', false],
      ['coop-a', 'MÜLLER', undefined, 'name', true],
      ['coop-a', 'kai', undefined, 'shares', false],
      ['coop-a', 'kai', 'left', 'name', false],
      ['coop-a', 'zander', undefined, 'name', false],
      ['coop-a', 'zander', undefined, 'name', true],
      ['coop-a', 'weber', undefined, 'name', false],
      ['coop-a', 'zoe 1', undefined, 'shares', true],
      ['coop-a', 'köln', 'active', 'shares', false],
      ['coop-a', 'renamed', undefined, 'name', false],
      ['coop-a', 'moved', undefined, 'name', false],
      ['coop-b', 'müller', undefined, 'name', false],
      ['coop-b', 'moved', undefined, 'name', false],
      ['coop-a', 'nobody here', undefined, 'name', false],
      // Two characters: at the start of a trigram, only at the very end of a text ('ln' of Köln), with a filter.
      ['coop-a', 'ka', undefined, 'name', false],
      ['coop-a', 'zo', undefined, 'name', true],
      ['coop-a', 'ln', 'active', 'shares', false],
      ['coop-a', 'nn', undefined, 'name', false],
      ['coop-a', 'ai', 'left', 'name', false],
      ['coop-b', 'mo', undefined, 'name', false],
      ['coop-a', 'qq', undefined, 'name', false],
      // Equal names (every ninth document is just "<surname> Kai"), ordered further by another field.
      ['coop-a', 'weber kai', undefined, 'name', false, true],
      ['coop-a', 'müller', 'left', 'name', true, true],
      ['coop-a', 'kai', undefined, 'name', true],
      // Several words in any order, umlauts either way, two characters and single ones among them.
      ['coop-a', 'kai, weber', undefined, 'name', false],
      ['coop-a', 'Mueller koeln', 'left', 'shares', true],
      ['coop-a', 'ka mü', undefined, 'name', false],
      ['coop-a', 'zoe 1 bonn', undefined, 'name', true],
      ['coop-a', 'k 7', undefined, 'shares', false],
    ];
    for (const [coop, text, status, field, desc, sharesDesc = false] of cases) {
      const expected = reference(coop, text, status, field, desc, sharesDesc);
      for (const [offset, limit] of [
        [0, 20],
        [20, 20],
        [40, 50],
        [expected.length - 5, 10],
      ] as const) {
        const page = await store().find(members.name, {
          cooperativeId: coop,
          search: text,
          filters: status ? [{ field: 'status', op: 'eq', value: status }] : [],
          sort: [
            { field, direction: desc ? 'desc' : 'asc' },
            ...(sharesDesc ? [{ field: 'shares', direction: 'desc' } as const] : []),
          ],
          offset: Math.max(0, offset),
          limit,
        });
        expect({
          text,
          coop,
          offset,
          desc,
          sharesDesc,
          total: page.total,
          ids: page.items.map((d) => d.id),
        }).toEqual({
          text,
          coop,
          offset,
          desc,
          sharesDesc,
          total: expected.length,
          ids: expected.slice(Math.max(0, offset), Math.max(0, offset) + limit),
        });
      }
    }
  });

  it('reads a search sorted by the text order field in order, without sorting its matches', async () => {
    const explaining = store();
    if (!suite.textOrder || !explains(explaining)) return;
    // 30 of 300 documents match, spread over the order: otherwise read by looking up and sorting every match.
    const many = Array.from({ length: 300 }, (_, i) =>
      member(`o${String(i).padStart(3, '0')}`, 'coop-a', {
        name: `Order ${(i * 37) % 300}${i % 10 === 0 ? ' Xq' : ''}`,
        status: 'active',
      }),
    );
    await store().applyBatch(
      many.map((doc) => ({ kind: 'put', collection: members.name, doc })),
      { name: CHECKPOINT, position: 2n },
    );
    const query = inA({ search: 'xq', sort: [{ field: 'name', direction: 'asc' }], offset: 10, limit: 5 });
    const statements = await explaining.explain(members.name, query);
    const page = statements.filter((s) => !/COUNT\(\*\)/i.test(s.sql));
    expect(page).toHaveLength(1);
    expect(page[0]!.plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
    const expected = many
      .filter((d) => String(d.name).endsWith('Xq'))
      .map((d) => String(d.name))
      .sort()
      .slice(10, 15);
    expect((await store().find(members.name, query)).items.map((d) => d.name)).toEqual(expected);
  });

  it("reads an equality filter sorted by another field through the filter's index, at realistic sizes", async () => {
    // 30,000 postings of 3,000 members in coop A (10 each, dates over ten years) and 2,000 in coop B. A member's
    // postings sorted by date must be a look-up of that member's ten, not a walk along the cooperative's date
    // order (which SQLite without statistics prefers, because it saves a sort); a filter matching a third of
    // the postings, paged by date, must read along the date order and stop at the page's end.
    const docs: ReadDocument[] = [];
    for (let i = 0; i < 32_000; i += 1) {
      const coop = i < 30_000 ? 'coop-a' : 'coop-b';
      const day = (i * 7919) % 3650;
      const date = new Date(Date.UTC(2016, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      docs.push({
        id: `p${String(i).padStart(5, '0')}`,
        cooperativeId: coop,
        position: '1',
        member: coop === 'coop-a' ? `mem-${i % 3_000}` : `other-${i % 200}`,
        date,
        type: i % 3,
      });
    }
    await store().reset([postings.name], 'contract_postings_projection');
    for (let start = 0; start < docs.length; start += 4_000) {
      await store().applyBatch(
        docs.slice(start, start + 4_000).map((doc) => ({ kind: 'put', collection: postings.name, doc })),
        { name: 'contract_postings_projection', position: BigInt(start + 1) },
      );
    }
    const byDateThenId = (desc: boolean) => (a: ReadDocument, b: ReadDocument) => {
      const c = String(a.date) < String(b.date) ? -1 : String(a.date) > String(b.date) ? 1 : 0;
      return (desc ? -c : c) || (desc ? -1 : 1) * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    };
    const reference = (coop: string, keep: (d: ReadDocument) => boolean, desc: boolean) =>
      docs
        .filter((d) => d.cooperativeId === coop && keep(d))
        .sort(byDateThenId(desc))
        .map((d) => d.id);

    const ofMember: ReadQuery = {
      cooperativeId: 'coop-a',
      filters: [{ field: 'member', op: 'eq', value: 'mem-1234' }],
      sort: [
        { field: 'date', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ],
      limit: 1000,
    };
    const memberPage = await store().find(postings.name, ofMember);
    expect(memberPage.total).toBe(10);
    expect(memberPage.items.map((d) => d.id)).toEqual(reference('coop-a', (d) => d.member === 'mem-1234', false));
    const latest = await store().find(postings.name, {
      ...ofMember,
      sort: [{ field: 'date', direction: 'desc' }],
      offset: 2,
      limit: 5,
    });
    expect(latest.items.map((d) => d.id)).toEqual(
      reference('coop-a', (d) => d.member === 'mem-1234', true).slice(2, 7),
    );
    // Another cooperative's member has no postings here.
    expect(
      await store().find(postings.name, { ...ofMember, filters: [{ field: 'member', op: 'eq', value: 'other-5' }] }),
    ).toEqual({ items: [], total: 0 });

    const ofType: ReadQuery = {
      cooperativeId: 'coop-a',
      filters: [{ field: 'type', op: 'eq', value: 1 }],
      sort: [{ field: 'date', direction: 'desc' }],
      offset: 40,
      limit: 20,
    };
    const typePage = await store().find(postings.name, ofType);
    const ofTypeExpected = reference('coop-a', (d) => d.type === 1, true);
    expect(typePage.total).toBe(ofTypeExpected.length);
    expect(typePage.items.map((d) => d.id)).toEqual(ofTypeExpected.slice(40, 60));

    const explaining = store();
    if (!explains(explaining)) {
      console.info(
        `${suite.name}: no explain(); the plans of the equality-filter queries were not checked (their answers were).`,
      );
      return;
    }
    const pagePlan = async (query: ReadQuery) => {
      const statements = await explaining.explain(postings.name, query);
      const page = statements.filter((s) => !/COUNT\(\*\)/i.test(s.sql));
      expect(page).toHaveLength(1);
      return page[0]!.plan.join(' | ');
    };
    const memberPlan = await pagePlan(ofMember);
    expect(memberPlan).toMatch(/contract_postings_member/);
    expect(memberPlan).not.toMatch(/contract_postings_date/);
    const latestPlan = await pagePlan({ ...ofMember, sort: [{ field: 'date', direction: 'desc' }], limit: 20 });
    expect(latestPlan).toMatch(/contract_postings_member/);
    expect(latestPlan).not.toMatch(/contract_postings_date/);
    expect(await pagePlan(ofType)).toMatch(/contract_postings_date/);
    // The newest postings first (the postings list's default): the date index read backwards, ties by id with it,
    // so no postings of a date are sorted (decision 37).
    const newestFirst: ReadQuery = {
      cooperativeId: 'coop-a',
      sort: [{ field: 'date', direction: 'desc' }],
      limit: 20,
    };
    expect((await store().find(postings.name, newestFirst)).items.map((d) => d.id)).toEqual(
      reference('coop-a', () => true, true).slice(0, 20),
    );
    const newestPlan = await pagePlan(newestFirst);
    expect(newestPlan).toMatch(/contract_postings_date/);
    expect(newestPlan).not.toMatch(/TEMP B-TREE/);
  });
}
