/**
 * StreamWriter.loadKept: the fold kept between commands, against the real SQLite event log, key store and
 * personal-data codec. It must give exactly what a fresh load gives: new events are folded in, an erased key
 * is never outlived by personal data held in a kept fold. StreamWriter.loadWithoutPersonalData: the same for a
 * decider that holds no personal data, from events read with their personal fields left out and no key looked up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Decider, DomainEvent, NewEvent } from '@coop/contracts';
import { SqliteReadStore } from '@coop/projections';
import { areas } from '../../areas.js';
import { loadConfig } from '../config/config.js';
import { ClientWrites } from '../client-writes.js';
import { ReadModelProgress } from '../read-model-progress.js';
import { openEventLog, type EventLog } from '../storage.js';
import { StreamWriter } from './stream-writer.js';

type NameEvent =
  | DomainEvent<'UserCreated', { userId: string; username: string | null }>
  | DomainEvent<'UserRenamed', { userId: string; username: string | null }>;
interface NameState {
  readonly username: string | null | undefined;
  readonly events: number;
}
const names: Decider<never, NameEvent, NameState> = {
  initialState: () => ({ username: undefined, events: 0 }),
  evolve: (state, event) => ({ username: event.data.username, events: state.events + 1 }),
  decide: () => [],
};
const otherDecider: Decider<never, NameEvent, NameState> = { ...names };

const at = '2024-05-01T10:00:00.000Z';
const event = (type: NameEvent['type'], data: Record<string, unknown>): NewEvent =>
  ({
    type,
    data,
    metadata: {
      cooperativeId: 'coop-1',
      user: 'admin',
      timestamp: at,
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  }) as NewEvent;

const STREAM = 'user-u1';
const SUBJECT = 'user-u1';
let dir: string;
let log: EventLog;
let readStore: SqliteReadStore;
let writer: StreamWriter;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-stream-writer-'));
  log = await openEventLog(
    loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      EVENT_STORE_URL: '',
      MONGODB_URL: '',
    }),
    areas,
  );
  readStore = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const progress = new ReadModelProgress(undefined, readStore, 5000);
  writer = new StreamWriter(log.events, log.keys, progress, new ClientWrites(progress));
  await log.events.append(STREAM, 'no_stream', [
    event('UserCreated', { userId: 'u1', username: 'anna', passwordHash: 'h', roles: [], cooperativeId: 'coop-1' }),
  ]);
});

afterEach(async () => {
  await log.close();
  await readStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('StreamWriter.loadKept', () => {
  it('answers what a fresh load answers, and keeps the fold: nothing new, the same state', async () => {
    const first = await writer.loadKept(STREAM, names, SUBJECT);
    expect(first).toEqual(await writer.load(STREAM, names));
    expect(first).toEqual({ state: { username: 'anna', events: 1 }, expected: 0 });
    const again = await writer.loadKept(STREAM, names, SUBJECT);
    expect(again.state).toBe(first.state);
    expect(again.expected).toBe(0);
  });

  it('folds the events appended since onto the kept fold', async () => {
    const first = await writer.loadKept(STREAM, names, SUBJECT);
    await log.events.append(STREAM, 0, [event('UserRenamed', { userId: 'u1', username: 'berta' })]);
    await log.events.append(STREAM, 1, [event('UserRenamed', { userId: 'u1', username: 'carla' })]);
    const later = await writer.loadKept(STREAM, names, SUBJECT);
    expect(later).toEqual({ state: { username: 'carla', events: 3 }, expected: 2 });
    expect(later).toEqual(await writer.load(STREAM, names));
    expect(first.state).toEqual({ username: 'anna', events: 1 });
  });

  it('once the subject key is erased, reads the stream again: no personal data outlives its key', async () => {
    await writer.loadKept(STREAM, names, SUBJECT);
    await log.keys.erase(SUBJECT);
    const erased = await writer.loadKept(STREAM, names, SUBJECT);
    expect(erased).toEqual({ state: { username: null, events: 1 }, expected: 0 });
  });

  it('keeps folds per decider: another decider over the same stream folds it itself', async () => {
    const mine = await writer.loadKept(STREAM, names, SUBJECT);
    const other = await writer.loadKept(STREAM, otherDecider, SUBJECT);
    expect(other.state).not.toBe(mine.state);
    expect(other.state).toEqual(mine.state);
  });

  it('an empty stream is not kept and reads as no stream', async () => {
    expect(await writer.loadKept('user-none', names, 'user-none')).toEqual({
      state: { username: undefined, events: 0 },
      expected: 'no_stream',
    });
  });
});

/** A decider of the stream's shape alone: how many events, and every data field it was given (personal ones must not come). */
interface ShapeState {
  readonly events: number;
  readonly fields: readonly string[];
}
const shape: Decider<never, NameEvent, ShapeState> = {
  initialState: () => ({ events: 0, fields: [] }),
  evolve: (state, event) => ({
    events: state.events + 1,
    fields: [...new Set([...state.fields, ...Object.keys(event.data)])].sort(),
  }),
  decide: () => [],
};

describe('StreamWriter.loadWithoutPersonalData', () => {
  it('folds the events without their personal fields, and looks no key up', async () => {
    const find = jest.spyOn(log.keys, 'find');
    // A batch's keys are looked up together where the key store can (issue 41).
    const findMany = log.keys.findMany ? jest.spyOn(log.keys as Required<typeof log.keys>, 'findMany') : undefined;
    const lookups = (): number => find.mock.calls.length + (findMany?.mock.calls.length ?? 0);
    const loaded = await writer.loadWithoutPersonalData(STREAM, shape);
    expect(loaded).toEqual({ state: { events: 1, fields: ['cooperativeId', 'roles', 'userId'] }, expected: 0 });
    expect(lookups()).toBe(0);
    // The same stream opened: its personal fields are there.
    expect((await writer.load(STREAM, shape)).state.fields).toEqual([
      'cooperativeId',
      'passwordHash',
      'roles',
      'userId',
      'username',
    ]);
    expect(lookups()).toBeGreaterThan(0);
  });

  it('keeps the fold and folds only the events appended since onto it', async () => {
    const first = await writer.loadWithoutPersonalData(STREAM, shape);
    expect((await writer.loadWithoutPersonalData(STREAM, shape)).state).toBe(first.state);
    await log.events.append(STREAM, 0, [event('UserRenamed', { userId: 'u1', username: 'berta' })]);
    const later = await writer.loadWithoutPersonalData(STREAM, shape);
    expect(later).toEqual({ state: { events: 2, fields: ['cooperativeId', 'roles', 'userId'] }, expected: 1 });
    expect(first.state).toEqual({ events: 1, fields: ['cooperativeId', 'roles', 'userId'] });
  });

  it('answers the same once the subject key is erased: it never needed it', async () => {
    const before = await writer.loadWithoutPersonalData(STREAM, shape);
    await log.keys.erase(SUBJECT);
    expect(await writer.loadWithoutPersonalData(STREAM, shape)).toEqual(before);
    expect(await writer.loadWithoutPersonalData(STREAM, otherShape)).toEqual(before);
  });

  it('an empty stream is not kept and reads as no stream', async () => {
    expect(await writer.loadWithoutPersonalData('user-none', shape)).toEqual({
      state: { events: 0, fields: [] },
      expected: 'no_stream',
    });
  });
});
const otherShape: Decider<never, NameEvent, ShapeState> = { ...shape };
