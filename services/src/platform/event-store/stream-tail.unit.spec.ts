/** Tail reads (`readStreamAfter`): the SQLite adapter, and the codec over an adapter that has none. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { EventStore, NewEvent } from '@coop/contracts';
import { SqliteKeyStore } from '../key-store/sqlite-key-store.js';
import { CodecEventStore } from './codec-event-store.js';
import { PersonalDataCipher } from './personal-data.js';
import { SqliteEventStore } from './sqlite-event-store.js';
import { Upcasters } from './upcasters.js';

const event = (n: number): NewEvent =>
  ({
    type: 'ElmaNumberChanged',
    data: { elmaNumberId: 'e-1', elmaProcess: 'fs', elmaNumber: String(n) },
    metadata: {
      cooperativeId: 'c',
      user: 'u',
      timestamp: '2024-01-01T00:00:00.000Z',
      correlationId: 'x',
      causationId: 'x',
      schemaVersion: 1,
    },
  }) as NewEvent;

let dir: string;
let sqlite: SqliteEventStore;
let keys: SqliteKeyStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-stream-tail-'));
  sqlite = new SqliteEventStore(join(dir, 'events.sqlite'));
  keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
  await sqlite.append('s-1', 'no_stream', [event(0), event(1), event(2)]);
  await sqlite.append('s-2', 'no_stream', [event(9)]);
});

afterEach(async () => {
  await sqlite.close();
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

const numbers = (events: { data: object }[]): string[] =>
  events.map((e) => (e.data as { elmaNumber: string }).elmaNumber);

describe('readStreamAfter', () => {
  it('SQLite: the events above the revision, in order; none past the end or for no stream', async () => {
    expect(numbers(await sqlite.readStreamAfter('s-1', 0))).toEqual(['1', '2']);
    expect(numbers(await sqlite.readStreamAfter('s-1', -1))).toEqual(['0', '1', '2']);
    expect(await sqlite.readStreamAfter('s-1', 2)).toEqual([]);
    expect(await sqlite.readStreamAfter('nothing', -1)).toEqual([]);
  });

  it('the codec cuts a whole-stream read when its adapter has no tail reads', async () => {
    const plain: EventStore = {
      append: (s, e, ev) => sqlite.append(s, e, ev),
      appendMulti: (a) => sqlite.appendMulti(a),
      readStream: (s) => sqlite.readStream(s),
      readAll: (a, l) => sqlite.readAll(a, l),
      headPosition: () => sqlite.headPosition(),
      subscribeAll: (a, f) => sqlite.subscribeAll(a, f),
      close: async () => undefined,
    };
    const codec = new CodecEventStore(plain, new PersonalDataCipher(keys, {}), new Upcasters([]));
    expect(numbers(await codec.readStreamAfter('s-1', 1))).toEqual(['2']);
    expect((await codec.readStreamAfter('s-1', 0)).map((e) => e.revision)).toEqual([1, 2]);
  });
});
