import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReadDocument, ViewArgs } from '@coop/contracts';
import { SqliteReadStore } from '@coop/projections';
import { MEMBERS } from '@coop/projections/members';
import { ReadModels } from './read-models.js';

describe("ReadModels: documents by id and views, within the caller's cooperative", () => {
  const dir = mkdtempSync(join(tmpdir(), 'coop-read-models-'));
  // A view as a store is given it where it is opened (storage.ts: READ_VIEWS).
  const views = { label: (doc: ReadDocument, args: ViewArgs) => `${String(doc.name)}${args.suffix ?? ''}` };
  const store = new SqliteReadStore(join(dir, 'read-models.sqlite'), { views });
  const reads = new ReadModels(store);

  beforeAll(async () => {
    await store.ensureCollections([MEMBERS]);
    await store.applyBatch(
      [
        {
          kind: 'put',
          collection: MEMBERS.name,
          doc: { id: 'm-a1', cooperativeId: 'coop-a', position: '1', name: 'Adler' },
        },
        {
          kind: 'put',
          collection: MEMBERS.name,
          doc: { id: 'm-a2', cooperativeId: 'coop-a', position: '2', name: 'Braun' },
        },
        {
          kind: 'put',
          collection: MEMBERS.name,
          doc: { id: 'm-b1', cooperativeId: 'coop-b', position: '3', name: 'Other' },
        },
      ],
      { name: 'read-models', position: 3n },
    );
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the cooperative's documents by id, once each, and leaves out unknown ids and other cooperatives' documents", async () => {
    const found = await reads.getMany(MEMBERS, 'coop-a', ['m-a2', 'm-b1', 'm-a1', 'nobody', 'm-a2']);
    expect([...found.keys()]).toEqual(['m-a2', 'm-a1']);
    expect(found.get('m-a1')?.name).toBe('Adler');
    expect((await reads.getMany(MEMBERS, 'coop-b', ['m-a1', 'm-b1'])).get('m-b1')?.name).toBe('Other');
    expect((await reads.getMany(MEMBERS, 'coop-b', ['m-a1'])).size).toBe(0);
  });

  it("answers a view of the caller's cooperative only, whatever cooperative the query names", async () => {
    const query = { cooperativeId: 'coop-b', sort: [{ field: 'name', direction: 'desc' as const }] };
    const page = await reads.queryView(MEMBERS, 'coop-a', query, { name: 'label', args: { suffix: '!' } });
    expect(page).toEqual({ json: '["Braun!","Adler!"]', count: 2, total: 2 });
    await expect(reads.queryView(MEMBERS, 'coop-a', query, { name: 'member', args: {} })).rejects.toThrow(
      'Unknown read view member',
    );
  });
  it("pages through every matching document of the caller's cooperative once, whatever the page size", async () => {
    const sort = [{ field: 'id', direction: 'asc' as const }];
    for (const size of [1, 2, 3]) {
      const pages: string[][] = [];
      for await (const page of reads.queryPages(MEMBERS, 'coop-a', { sort }, size)) pages.push(page.map((d) => d.id));
      expect(pages.flat()).toEqual(['m-a1', 'm-a2']);
      expect(pages.every((p) => p.length > 0 && p.length <= size)).toBe(true);
    }
    const none: ReadDocument[][] = [];
    for await (const page of reads.queryPages(MEMBERS, 'coop-c', { sort }, 2)) none.push(page);
    expect(none).toEqual([]);
  });

  it("pages through every cooperative's documents once, in id order, whatever the page size", async () => {
    for (const size of [1, 2, 3, 4]) {
      const pages: string[][] = [];
      for await (const page of reads.pagesAcrossCooperatives(MEMBERS, size)) pages.push(page.map((d) => d.id));
      expect(pages.flat()).toEqual(['m-a1', 'm-a2', 'm-b1']);
      expect(pages.every((p) => p.length > 0 && p.length <= size)).toBe(true);
    }
  });
});
