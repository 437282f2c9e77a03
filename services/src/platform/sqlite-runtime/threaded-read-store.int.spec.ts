/**
 * ThreadedReadStore: list queries answered by read threads over their own connections to a real SQLite read
 * store. The threads run compiled code (services/dist/platform/sqlite-runtime/read-thread.js, made by `npm run
 * build`, which `npm test` runs first): jest's TypeScript transform does not reach into a worker thread.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ReadDocument, ReadQuery, WriteOp } from '@coop/contracts';
import { SqliteReadStore } from '@coop/projections';
import { USERS } from '@coop/projections/users';
import { MEMBERS, readMember } from '@coop/projections/members';
import { areas } from '../../areas.js';
import { toMemberDto } from '../../members/queries/member.view.js';
import { ReadModels } from '../http/read-models.js';
import { ThreadedReadStore } from './threaded-read-store.js';

const ENTRY = new URL('../../../dist/platform/sqlite-runtime/read-thread.js', import.meta.url);
/** The product's areas, their module compiled as the threads import it. */
const AREAS = { ...areas, module: new URL('../../../dist/areas.js', import.meta.url).href };
const built = existsSync(ENTRY);
if (!built)
  console.warn(`SKIPPED: ThreadedReadStore suite needs the built thread entry ${ENTRY.pathname} (npm run build)`);

const user = (id: string, cooperativeId: string, username: string, position: number): ReadDocument => ({
  id,
  cooperativeId,
  username,
  roles: ['ROLE_USER'],
  position: String(position),
});
const put = (doc: ReadDocument): WriteOp => ({ kind: 'put', collection: USERS.name, doc });

let dir: string;
let file: string;
let local: SqliteReadStore;
let reference: SqliteReadStore;
let store: ThreadedReadStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-read-threads-'));
  file = join(dir, 'read-models.sqlite');
  // Opened as storage.ts opens it: with the views, for what the API thread answers itself.
  local = new SqliteReadStore(file, { views: areas.views });
  await local.ensureCollections(areas.collections);
  const names = ['Bäckerei', 'Braun', 'anna', 'Anton', 'Özdemir', 'zander', 'Müller', 'Muller', 'müllerin', 'bert'];
  await local.applyBatch(
    names.map((name, i) => put(user(`u-${i}`, i % 4 === 3 ? 'coop-2' : 'coop-1', name, i))),
    { name: 'main', position: 10n },
  );
  // A second connection in this thread, to compare the threads' answers with.
  reference = new SqliteReadStore(file);
  reference.useCollections(areas.collections);
});

afterEach(async () => {
  await store?.close();
  await reference.close();
  rmSync(dir, { recursive: true, force: true });
});

(built ? describe : describe.skip)('ThreadedReadStore (list queries in read threads)', () => {
  it('answers every find exactly as the read store itself does: search, sort, filters, tenancy, paging', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const queries: ReadQuery[] = [
      { cooperativeId: 'coop-1', sort: [{ field: 'username', direction: 'asc' }] },
      { cooperativeId: 'coop-1', sort: [{ field: 'username', direction: 'desc' }], offset: 2, limit: 3 },
      { cooperativeId: 'coop-1', search: 'mül', sort: [{ field: 'username', direction: 'asc' }] },
      { cooperativeId: 'coop-2', sort: [{ field: 'username', direction: 'asc' }] },
      { cooperativeId: 'coop-1', filters: [{ field: 'roles', op: 'eq', value: 'ROLE_USER' }], limit: 2 },
      { cooperativeId: 'coop-9' },
      { cooperativeId: null, search: 'an', sort: [{ field: 'id', direction: 'asc' }] },
    ];
    for (const query of queries) {
      const answered = await store.find(USERS.name, query);
      expect(answered).toEqual(await reference.find(USERS.name, query));
    }
    const coop1 = await store.find(USERS.name, queries[0]!);
    expect(coop1.items.map((u) => u.username)).toEqual([
      'anna',
      'Bäckerei',
      'bert',
      'Braun',
      'Müller',
      'müllerin',
      'Özdemir',
      'zander',
    ]);
    expect((await store.find(USERS.name, queries[3]!)).items.map((u) => u.cooperativeId)).toEqual(['coop-2', 'coop-2']);
  });

  it('builds a view in the thread exactly as the API thread would, with the count of its items and of all matches', async () => {
    const member = (id: string, name: string, exitDate: string | null, birthDate: string): WriteOp => ({
      kind: 'put',
      collection: MEMBERS.name,
      doc: {
        id,
        cooperativeId: 'coop-1',
        position: '20',
        name,
        givenName: 'Eva',
        memberNr: 7,
        birthDate,
        legalForm: 0,
        exitDate,
        memberUntil: exitDate ?? '9999-12-31',
        shareAmount: 3,
        shareTotalEUR: 7500,
        postings: [{ b: 'b1', d: '2020-01-02', s: 3, a: 7500 }],
      },
    });
    await local.applyBatch(
      [
        member('m-1', 'Zorn', null, '2010-05-01'),
        member('m-2', 'Abel', '2024-12-31', '1970-01-01'),
        member('m-3', 'Mayer', null, '1990-03-03'),
      ],
      { name: 'main', position: 20n },
    );
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const query: ReadQuery = { cooperativeId: 'coop-1', sort: [{ field: 'name', direction: 'asc' }], limit: 2 };
    for (const args of [{ today: '2026-11-23' }, { today: '2026-11-23', date: '2019-06-30' }]) {
      const page = await store.findView(MEMBERS.name, query, { name: 'member', args });
      const expected = (await reference.find(MEMBERS.name, query)).items.map((doc) =>
        toMemberDto(readMember(doc), args.today, args.date),
      );
      expect(JSON.parse(page.json)).toEqual(expected);
      expect([page.count, page.total]).toEqual([2, 3]);
    }
    // The exited member as of today, the holding as of a date before the first posting, a minor.
    const [abel, mayer] = JSON.parse(
      (await store.findView(MEMBERS.name, query, { name: 'member', args: { today: '2026-11-23' } })).json,
    ) as Record<string, unknown>[];
    expect([abel!.exited, mayer!.exited, abel!.shareAmount]).toEqual([true, false, 3]);
    const asOf = JSON.parse(
      (await store.findView(MEMBERS.name, query, { name: 'member', args: { today: '2026-11-23', date: '2019-06-30' } }))
        .json,
    ) as Record<string, unknown>[];
    expect([asOf[0]!.exited, asOf[0]!.shareAmount]).toEqual([false, 0]);
    const empty = await store.findView(
      MEMBERS.name,
      { ...query, search: 'nobody' },
      { name: 'member', args: { today: '2026-11-23' } },
    );
    expect(empty).toEqual({ json: '[]', count: 0, total: 0 });
  });

  it("scans a cooperative's documents in read threads, batch by batch, exactly as the read store itself does", async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const scanned = async (
      s: SqliteReadStore | ThreadedReadStore,
      coop: string,
      size: number,
    ): Promise<ReadDocument[][]> => {
      const batches: ReadDocument[][] = [];
      for await (const batch of s.scan(USERS.name, coop, size)) batches.push(batch);
      return batches;
    };
    const threaded = await scanned(store, 'coop-1', 3);
    expect(threaded.map((b) => b.length)).toEqual([3, 3, 2]);
    expect(threaded).toEqual(await scanned(reference, 'coop-1', 3));
    expect(threaded.flat().map((u) => u.id)).toEqual(['u-0', 'u-1', 'u-2', 'u-4', 'u-5', 'u-6', 'u-8', 'u-9']);
    expect((await scanned(store, 'coop-2', 10)).flat().map((u) => u.id)).toEqual(['u-3', 'u-7']);
    expect(await scanned(store, 'coop-9', 10)).toEqual([]);
    // A cooperative whose documents fill the batches exactly: the batch asked ahead after the last one is empty.
    expect((await scanned(store, 'coop-1', 4)).map((b) => b.length)).toEqual([4, 4]);
  });

  it('drops the batch asked ahead when the caller stops early, and goes on answering', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const first: string[] = [];
    for await (const batch of store.scan(USERS.name, 'coop-1', 3)) {
      first.push(...batch.map((u) => u.id));
      break;
    }
    expect(first).toEqual(['u-0', 'u-1', 'u-2']);
    const all: string[] = [];
    for await (const batch of store.scan(USERS.name, 'coop-1', 3)) all.push(...batch.map((u) => u.id));
    expect(all).toHaveLength(8);
  });

  it('refuses a view the read thread was not given, and goes on answering', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 1, AREAS);
    const query: ReadQuery = { cooperativeId: 'coop-1', sort: [{ field: 'name', direction: 'asc' }] };
    await expect(store.findView(MEMBERS.name, query, { name: 'nope', args: {} })).rejects.toThrow(
      'Unknown read view nope',
    );
    expect(await store.findView(MEMBERS.name, query, { name: 'member', args: { today: '2026-11-23' } })).toEqual({
      json: '[]',
      count: 0,
      total: 0,
    });
  });

  it("through ReadModels.queryView, answers the view of the caller's cooperative built by a thread", async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 1, AREAS);
    const member = (id: string, cooperativeId: string, name: string): WriteOp => ({
      kind: 'put',
      collection: MEMBERS.name,
      doc: {
        id,
        cooperativeId,
        position: '20',
        name,
        givenName: 'Eva',
        memberNr: 7,
        birthDate: '1980-01-01',
        legalForm: 0,
        exitDate: null,
        memberUntil: '9999-12-31',
        shareAmount: 1,
        shareTotalEUR: 2500,
        postings: [],
      },
    });
    await store.applyBatch([member('m-1', 'coop-1', 'Zorn'), member('m-2', 'coop-2', 'Abel')], {
      name: 'main',
      position: 20n,
    });
    const page = await new ReadModels(store).queryView(
      MEMBERS,
      'coop-1',
      { cooperativeId: 'coop-2' },
      { name: 'member', args: { today: '2026-11-23' } },
    );
    expect((JSON.parse(page.json) as { id: string }[]).map((m) => m.id)).toEqual(['m-1']);
    expect([page.count, page.total]).toEqual([1, 1]);
  });

  it('with no read thread running, answers getMany and findView on its own connection, with its views', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 0, AREAS);
    expect((await store.getMany(USERS.name, ['u-3', 'nobody', 'u-0'])).map((d) => d.username)).toEqual([
      'Anton',
      'Bäckerei',
    ]);
    const query: ReadQuery = { cooperativeId: 'coop-1' };
    expect(await store.findView(MEMBERS.name, query, { name: 'member', args: { today: '2026-11-23' } })).toEqual({
      json: '[]',
      count: 0,
      total: 0,
    });
    await expect(store.findView(MEMBERS.name, query, { name: 'nope', args: {} })).rejects.toThrow(
      'Unknown read view nope',
    );
  });

  it('runs queries in parallel threads and matches every answer to its question', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const searches = ['an', 'mül', 'br', 'zand', 'nobody', 'Ö'];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        store.find(USERS.name, { cooperativeId: 'coop-1', search: searches[i % searches.length]! }),
      ),
    );
    for (const [i, page] of answers.entries()) {
      expect(page).toEqual(
        await reference.find(USERS.name, { cooperativeId: 'coop-1', search: searches[i % searches.length]! }),
      );
    }
  });

  it('a write committed before a query is in its answer (read-your-writes across connections)', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const before = await store.find(USERS.name, { cooperativeId: 'coop-1', search: 'neu' });
    expect(before.total).toBe(0);
    await store.applyBatch([put(user('u-new', 'coop-1', 'Neumann', 11))], { name: 'main', position: 11n });
    const after = await store.find(USERS.name, { cooperativeId: 'coop-1', search: 'neu' });
    expect(after.total).toBe(1);
    expect(after.items[0]).toMatchObject({ id: 'u-new', username: 'Neumann' });
    expect(await store.get(USERS.name, 'u-new')).toMatchObject({ username: 'Neumann' });
    expect(await store.checkpoint('main')).toBe(11n);
  });

  it('reads documents by id in a thread (decision 42): those that exist, in the order asked, with writes committed before', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const docs = await store.getMany(USERS.name, ['u-3', 'nobody', 'u-0']);
    expect(docs).toEqual([await reference.get(USERS.name, 'u-3'), await reference.get(USERS.name, 'u-0')]);
    expect(docs.map((d) => d.username)).toEqual(['Anton', 'Bäckerei']);
    expect(await store.getMany(USERS.name, [])).toEqual([]);
    await store.applyBatch([put(user('u-0', 'coop-1', 'Bäckerei Krause', 12))], { name: 'main', position: 12n });
    expect((await store.getMany(USERS.name, ['u-0']))[0]).toMatchObject({ username: 'Bäckerei Krause' });
  });

  it("through ReadModels.getMany, leaves out other cooperatives' documents read by a thread", async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 2, AREAS);
    const reads = new ReadModels(store);
    // u-3 and u-7 belong to coop-2, the others to coop-1.
    const found = await reads.getMany(USERS, 'coop-1', ['u-3', 'u-1', 'u-7', 'u-1', 'u-2']);
    expect([...found.keys()]).toEqual(['u-1', 'u-2']);
    expect([...(await reads.getMany(USERS, 'coop-2', ['u-1', 'u-7'])).keys()]).toEqual(['u-7']);
  });

  it('after close, a read by id is refused instead of waiting for ever', async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 1, AREAS);
    await store.close();
    await expect(store.getMany(USERS.name, ['u-1'])).rejects.toThrow('The read store is closed');
  });

  it("passes a read store's error on to the caller, and goes on answering", async () => {
    store = await ThreadedReadStore.open(local, ENTRY, file, 1, AREAS);
    await expect(
      store.find(USERS.name, { cooperativeId: 'coop-1', sort: [{ field: 'secret', direction: 'asc' }] }),
    ).rejects.toThrow('Field secret is not declared on users');
    await expect(store.find('nothing', { cooperativeId: 'coop-1' })).rejects.toThrow(
      'Unknown read-model collection nothing',
    );
    expect((await store.find(USERS.name, { cooperativeId: 'coop-1' })).total).toBe(8);
  });

  it('a thread that stops fails its query, is replaced, and the next queries are answered', async () => {
    const dying = new URL('./testing/dying-read-thread.mjs', import.meta.url);
    store = await ThreadedReadStore.open(local, dying, file, 1, AREAS);
    await expect(store.find(USERS.name, { cooperativeId: 'coop-1', search: 'stop-this-thread' })).rejects.toThrow(
      'A read thread stopped (exit code 3)',
    );
    // Answered at once (by the API thread's connection while the replacement starts, then by the new thread).
    for (let i = 0; i < 20; i++) {
      expect((await store.find(USERS.name, { cooperativeId: 'coop-1', search: 'mül' })).total).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // The replacement is a thread again: it too stops when told, and is replaced in turn. Until it has started, the
    // API thread's connection answers (the query resolves); on a loaded machine a thread start takes seconds, so the
    // test asks again until a thread takes it, within 30 s, instead of counting on 0.5 s.
    const until = Date.now() + 30_000;
    let stopped: unknown;
    while (stopped === undefined && Date.now() < until) {
      stopped = await store.find(USERS.name, { cooperativeId: 'coop-1', search: 'stop-this-thread' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (stopped === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(String(stopped)).toContain('A read thread stopped');
    for (let i = 0; i < 20; i++) {
      expect((await store.find(USERS.name, { cooperativeId: 'coop-1', search: 'mül' })).total).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }, 60_000);

  it('close waits for a replacement still starting, so no thread opens the file after close has answered', async () => {
    const dying = new URL('./testing/dying-read-thread.mjs', import.meta.url);
    store = await ThreadedReadStore.open(local, dying, file, 1, AREAS);
    await expect(store.find(USERS.name, { cooperativeId: 'coop-1', search: 'stop-this-thread' })).rejects.toThrow(
      'A read thread stopped',
    );
    // Closed at once, while the replacement is starting (a start takes about 150 ms, seconds under load).
    await store.close();
    const marks = (): string[] =>
      readdirSync(dir)
        .filter((name) => name.includes('.thread-'))
        .sort();
    const atClose = marks();
    expect(atClose).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(marks()).toEqual(atClose);
  }, 30_000);

  it('a thread that stops before it is ready fails the start instead of leaving it waiting', async () => {
    const broken = new URL('./testing/broken-read-thread.mjs', import.meta.url);
    const other = new SqliteReadStore(join(dir, 'other.sqlite'));
    await expect(ThreadedReadStore.open(other, broken, file, 2, AREAS)).rejects.toThrow(
      'A read thread stopped while starting (exit code 4)',
    );
  });

  it('after close, a query is refused instead of waiting for ever', async () => {
    store = await ThreadedReadStore.open(new SqliteReadStore(join(dir, 'other.sqlite')), ENTRY, file, 1, AREAS);
    await store.close();
    await expect(store.find(USERS.name, { cooperativeId: 'coop-1' })).rejects.toThrow('The read store is closed');
    store = await ThreadedReadStore.open(local, ENTRY, file, 1, AREAS);
  });
});
