/**
 * A rebuild beside the current read models (decisions 170, 171): per-projector versions, the side file and its
 * switch, an interrupted rebuild. Against the real SQLite event log and read store, with two small projectors (a
 * projector's version is what the test changes). The API flow (reads and writes during a rebuild) is
 * test/api/rebuild-beside.e2e.spec.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CollectionSpec, NewEvent, ReadDocument, ReadStore, RecordedEvent } from '@coop/contracts';
import {
  CHECKPOINT,
  ProjectionRunner,
  READ_STORE_POINTER,
  SqliteReadStore,
  SqliteReadStoreFiles,
  type DocKey,
  type Projector,
  type RebuildStep,
} from '@coop/projections';
import { SqliteEventStore } from './event-store/sqlite-event-store.js';

const NAMES: CollectionSpec = { name: 'test_names', fields: { name: 'string' }, search: [] };
const SEEN: CollectionSpec = { name: 'test_seen', fields: { events: 'number' }, search: [] };
const COOPERATIVES = 12;

/** The cooperatives' names, each labelled with the projector's version. */
function namesProjector(version: number, calls: { n: number }): Projector {
  return {
    collections: [NAMES],
    version,
    keys: (event: RecordedEvent): DocKey[] => [{ collection: NAMES.name, id: idOf(event) }],
    project(event: RecordedEvent) {
      calls.n += 1;
      const data = event.data as { name?: string; changes?: { name?: string } };
      const name = event.type === 'CooperativeRegistered' ? String(data.name) : String(data.changes?.name);
      return [
        {
          kind: 'put',
          collection: NAMES.name,
          doc: {
            id: idOf(event),
            cooperativeId: idOf(event),
            name: `${name} (v${version})`,
            position: event.position.toString(),
          },
        },
      ];
    },
  };
}

/** How many events each cooperative has had. */
function seenProjector(calls: { n: number }): Projector {
  return {
    collections: [SEEN],
    keys: (event: RecordedEvent): DocKey[] => [{ collection: SEEN.name, id: idOf(event) }],
    project(event: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined) {
      calls.n += 1;
      const before = Number(current({ collection: SEEN.name, id: idOf(event) })?.['events'] ?? 0);
      return [
        {
          kind: 'put',
          collection: SEEN.name,
          doc: { id: idOf(event), cooperativeId: idOf(event), events: before + 1, position: event.position.toString() },
        },
      ];
    },
  };
}

const idOf = (event: RecordedEvent): string => (event.data as { cooperativeId: string }).cooperativeId;

function metadata(n: number): NewEvent['metadata'] {
  return {
    schemaVersion: 1,
    cooperativeId: `c-${n}`,
    user: 'admin-1',
    timestamp: '2026-11-28T10:00:00.000Z',
    correlationId: `cmd-${n}`,
    causationId: `cmd-${n}`,
  };
}

let dir: string;
let events: SqliteEventStore;
let opened: ReadStore[];
let runners: ProjectionRunner[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-beside-'));
  events = new SqliteEventStore(join(dir, 'events.sqlite'));
  opened = [];
  runners = [];
  for (let n = 0; n < COOPERATIVES; n++) {
    await events.append(`cooperative-c-${n}`, 'any', [
      {
        type: 'CooperativeRegistered',
        data: { cooperativeId: `c-${n}`, name: `Coop ${n}` },
        metadata: metadata(n),
      } as NewEvent,
    ]);
  }
});

afterEach(async () => {
  for (const runner of runners) await runner.stop();
  for (const store of opened) await store.close().catch(() => undefined);
  await events.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The read store of the current file, as a reader that opens it now sees it. */
function currentStore(): SqliteReadStore {
  const store = new SqliteReadStore(SqliteReadStoreFiles.current(dir));
  store.useCollections([NAMES, SEEN]);
  opened.push(store);
  return store;
}

async function all(store: ReadStore, spec: CollectionSpec): Promise<ReadDocument[]> {
  const ids = Array.from({ length: COOPERATIVES + 2 }, (_, n) => `c-${n}`);
  return store.getMany(spec.name, ids);
}

/** A runner on the current file with these projectors, building beside it; `stopAt` may interrupt a rebuild. */
async function runnerWith(
  projectors: Projector[],
  stopAt?: (step: RebuildStep) => void,
): Promise<{ runner: ProjectionRunner; files: SqliteReadStoreFiles; switched: ReadStore[] }> {
  const store = new SqliteReadStore(SqliteReadStoreFiles.current(dir));
  const files = new SqliteReadStoreFiles(dir, [NAMES, SEEN]);
  const switched: ReadStore[] = [];
  files.onSwitched((_file, side) => switched.push(side));
  const runner = new ProjectionRunner(events, store, projectors, (line) => console.log(line), {
    sides: files,
    ...(stopAt ? { stopAt } : {}),
  });
  runners.push(runner);
  return { runner, files, switched };
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!(await condition())) throw new Error('condition not met in 5 s');
}

describe('per-projector versions (decision 170)', () => {
  it('rebuilds only the collections of a projector whose version changed, beside the current read models', async () => {
    const first = await runnerWith([namesProjector(1, { n: 0 }), seenProjector({ n: 0 })]);
    await first.runner.start();
    await first.runner.waitFor(await events.headPosition());
    await first.runner.stop();
    const before = currentStore();
    expect((await all(before, NAMES)).map((d) => d['name'])).toContain('Coop 3 (v1)');

    const namesCalls = { n: 0 };
    const seenCalls = { n: 0 };
    const second = await runnerWith([namesProjector(2, namesCalls), seenProjector(seenCalls)]);
    await second.runner.start();
    await until(() => second.switched.length === 1);
    await second.runner.stop();

    // Only the names were replayed; the seen counts were copied as they were, not projected again.
    expect(namesCalls.n).toBe(COOPERATIVES);
    expect(seenCalls.n).toBe(0);
    expect(readFileSync(join(dir, READ_STORE_POINTER), 'utf8').trim()).toBe('read-models.1.sqlite');
    const after = currentStore();
    expect((await all(after, NAMES)).map((d) => d['name'])).toContain('Coop 3 (v2)');
    expect((await all(after, SEEN)).every((d) => d['events'] === 1)).toBe(true);
    expect(await after.checkpoint(CHECKPOINT)).toBe(await events.headPosition());
  });
});

describe('a rebuild beside the current read models (decision 171)', () => {
  it('leaves the current read models answering when it is interrupted, and a new rebuild then completes', async () => {
    const interrupted = await runnerWith([namesProjector(1, { n: 0 }), seenProjector({ n: 0 })], (step) => {
      if (step === 'rebuild:caught-up') throw new Error('interrupted at rebuild:caught-up');
    });
    await interrupted.runner.start();
    await interrupted.runner.waitFor(await events.headPosition());
    await expect(interrupted.runner.rebuild()).rejects.toThrow('interrupted at rebuild:caught-up');
    // Still the first file, complete, and the live projections go on on it.
    expect(existsSync(join(dir, READ_STORE_POINTER))).toBe(false);
    expect(existsSync(join(dir, 'read-models.1.sqlite'))).toBe(false);
    await events.append('cooperative-c-12', 'any', [
      {
        type: 'CooperativeRegistered',
        data: { cooperativeId: 'c-12', name: 'Coop 12' },
        metadata: metadata(12),
      } as NewEvent,
    ]);
    await interrupted.runner.waitFor(await events.headPosition());
    expect(await all(currentStore(), NAMES)).toHaveLength(COOPERATIVES + 1);
    await interrupted.runner.stop();

    const again = await runnerWith([namesProjector(1, { n: 0 }), seenProjector({ n: 0 })]);
    await again.runner.start();
    expect(await again.runner.rebuild()).toEqual({ events: COOPERATIVES + 1 });
    await again.runner.stop();
    expect(readFileSync(join(dir, READ_STORE_POINTER), 'utf8').trim()).toBe('read-models.1.sqlite');
    const switched = currentStore();
    expect(await all(switched, NAMES)).toHaveLength(COOPERATIVES + 1);
    expect(await switched.checkpoint(CHECKPOINT)).toBe(await events.headPosition());
  });

  it('switches to read models equal to a fresh rebuild, the writes made during the rebuild included', async () => {
    const { runner } = await runnerWith([namesProjector(1, { n: 0 }), seenProjector({ n: 0 })], (step) => {
      // Written while the side file follows the log: the live store and the side store both must show it.
      if (step === 'rebuild:replayed')
        void events.append('cooperative-c-0', 'any', [
          {
            type: 'CooperativeUpdated',
            data: { cooperativeId: 'c-0', changes: { name: 'Renamed' } },
            metadata: metadata(0),
          } as NewEvent,
        ]);
    });
    await runner.start();
    await runner.rebuild();
    await until(async () => (await events.headPosition()) > BigInt(COOPERATIVES));
    await runner.waitFor(await events.headPosition());
    await runner.stop();
    const switched = currentStore();
    const fresh = new SqliteReadStore(join(dir, 'fresh.sqlite'));
    opened.push(fresh);
    await new ProjectionRunner(events, fresh, [namesProjector(1, { n: 0 }), seenProjector({ n: 0 })]).rebuild();
    expect(await all(switched, NAMES)).toEqual(await all(fresh, NAMES));
    expect(await all(switched, SEEN)).toEqual(await all(fresh, SEEN));
    expect((await all(switched, NAMES)).find((d) => d.id === 'c-0')?.['name']).toBe('Renamed (v1)');
    expect((await all(switched, SEEN)).find((d) => d.id === 'c-0')?.['events']).toBe(2);
  });
});
