import { describe, expect, it } from '@jest/globals';
import { ConcurrencyError, type ExpectedRevision, type NewEvent, type StreamAppend } from '@coop/contracts';
import {
  concurrencyError,
  conflictsOf,
  mergeAppends,
  refuseCaseVariants,
  satisfies,
  StreamNamesDifferInCaseError,
} from './stream-appends.js';

const event = (n: number): NewEvent =>
  ({
    type: 'TestHappened',
    data: { n },
    metadata: {
      cooperativeId: 'c',
      user: 'u',
      timestamp: '2025-01-01T00:00:00.000Z',
      correlationId: 'x',
      causationId: 'x',
      schemaVersion: 1,
    },
  }) as NewEvent;
const entry = (streamId: string, expected: ExpectedRevision, ...ns: number[]): StreamAppend => ({
  streamId,
  expected,
  events: ns.map(event),
});
const ns = (a: StreamAppend): number[] => a.events.map((e) => (e.data as { n: number }).n);

/** Whether appending the entries one after the other to streams at `revisions` (-1: none) succeeds. */
const inOrder = (appends: readonly StreamAppend[], revisions: Record<string, number>): boolean =>
  conflictsOf(appends, (s) => revisions[s] ?? -1).length === 0;

describe('satisfies', () => {
  it('knows each expected revision', () => {
    expect([satisfies('any', -1), satisfies('any', 3)]).toEqual([true, true]);
    expect([satisfies('no_stream', -1), satisfies('no_stream', 0)]).toEqual([true, false]);
    expect([satisfies('stream_exists', -1), satisfies('stream_exists', 0)]).toEqual([false, true]);
    expect([satisfies(2, 2), satisfies(2, 1), satisfies(-1, -1)]).toEqual([true, false, false]);
  });
});

describe('mergeAppends', () => {
  it('leaves entries of distinct streams as they are, in order', () => {
    const appends = [entry('a', 'no_stream', 1), entry('b', 4, 2), entry('c', 'any', 3)];
    expect(mergeAppends(appends)).toEqual({ appends, unchainable: [] });
  });

  it('merges chained entries of one stream (the member-number sequence of a demo batch) into one, events in order', () => {
    const merged = mergeAppends([
      entry('seq', 'no_stream', 1),
      entry('m1', 'no_stream', 2),
      entry('seq', 0, 3),
      entry('seq', 1, 4, 5),
      entry('seq', 3, 6),
    ]);
    expect(merged.unchainable).toEqual([]);
    expect(merged.appends.map((a) => [a.streamId, a.expected, ns(a)])).toEqual([
      ['seq', 'no_stream', [1, 3, 4, 5, 6]],
      ['m1', 'no_stream', [2]],
    ]);
  });

  it('expects of the stream before the append what the first numbered entry implies', () => {
    expect(mergeAppends([entry('s', 'any', 1, 2), entry('s', 7, 3)]).appends).toEqual([
      { streamId: 's', expected: 5, events: [1, 2, 3].map(event) },
    ]);
    expect(mergeAppends([entry('s', 'any', 1), entry('s', 0, 2)]).appends[0]!.expected).toBe('no_stream');
    expect(mergeAppends([entry('s', 'stream_exists', 1), entry('s', 'any', 2)]).appends[0]!.expected).toBe(
      'stream_exists',
    );
    expect(mergeAppends([entry('s', 'any', 1), entry('s', 'stream_exists', 2)]).appends[0]!.expected).toBe('any');
    expect(mergeAppends([entry('s', 'stream_exists'), entry('s', 4, 1)]).appends[0]!.expected).toBe(4);
    expect(mergeAppends([entry('s', 2), entry('s', 2, 1)]).appends[0]!.expected).toBe(2);
  });

  it('merges entries of 200,000 events without spreading them as arguments (a closure-sized write)', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => event(i));
    const merged = mergeAppends([
      { streamId: 's', expected: 'no_stream', events: many },
      entry('t', 'any', 1),
      { streamId: 's', expected: 199_999, events: many },
    ]);
    expect(merged.unchainable).toEqual([]);
    expect(merged.appends.map((a) => [a.streamId, a.expected, a.events.length])).toEqual([
      ['s', 'no_stream', 400_000],
      ['t', 'any', 1],
    ]);
    expect(merged.appends[0]!.events[200_000]).toBe(many[0]);
  });

  it('keeps an entry without events as a revision check', () => {
    expect(mergeAppends([entry('r', 1), entry('a', 'no_stream', 1)]).appends).toEqual([
      entry('r', 1),
      entry('a', 'no_stream', 1),
    ]);
    expect(mergeAppends([entry('r', 'no_stream'), entry('r', 'no_stream')]).appends).toEqual([entry('r', 'no_stream')]);
  });

  it('names the streams whose entries cannot chain, whatever their revision', () => {
    expect(mergeAppends([entry('s', 'no_stream', 1), entry('s', 'no_stream', 2)]).unchainable).toEqual(['s']);
    expect(mergeAppends([entry('s', 0, 1), entry('s', 0, 2), entry('t', 'any', 3)]).unchainable).toEqual(['s']);
    expect(mergeAppends([entry('s', 'any', 1, 2), entry('s', 0, 3)]).unchainable).toEqual(['s']);
    expect(mergeAppends([entry('s', 'no_stream'), entry('s', 'stream_exists', 1)]).unchainable).toEqual(['s']);
    expect(mergeAppends([entry('s', 'no_stream', 1), entry('s', 'any', 2), entry('s', 5, 3)]).unchainable).toEqual([
      's',
    ]);
    expect(mergeAppends([entry('s', -1, 1)]).unchainable).toEqual(['s']);
  });

  it('succeeds on a stream exactly when appending its entries in order does (every case from -1 to 3)', () => {
    const choices: ExpectedRevision[] = ['any', 'no_stream', 'stream_exists', 0, 1, 2, 3];
    for (const first of choices) {
      for (const firstCount of [0, 1, 2]) {
        for (const second of choices) {
          const appends = [
            entry('s', first, ...Array.from({ length: firstCount }, (_, i) => i)),
            entry('s', second, 9),
          ];
          const merged = mergeAppends(appends);
          for (const revision of [-1, 0, 1, 2, 3]) {
            const mergedSucceeds = merged.unchainable.length === 0 && inOrder(merged.appends, { s: revision });
            expect([first, firstCount, second, revision, mergedSucceeds]).toEqual([
              first,
              firstCount,
              second,
              revision,
              inOrder(appends, { s: revision }),
            ]);
          }
        }
      }
    }
  });
});

describe('conflictsOf', () => {
  it('names every stream that fails, with the revision it has when its entry is checked, each once', () => {
    const appends = [
      entry('a', 'no_stream', 1),
      entry('b', 0, 2),
      entry('c', 'any', 3),
      entry('d', 'stream_exists', 4),
      entry('a', 'no_stream', 5),
    ];
    expect(conflictsOf(appends, (s) => ({ a: 3, b: 2 })[s] ?? -1)).toEqual([
      { streamId: 'a', expected: 'no_stream', actual: 3 },
      { streamId: 'b', expected: 0, actual: 2 },
      { streamId: 'd', expected: 'stream_exists', actual: 'no_stream' },
    ]);
  });

  it('checks a later entry of a stream against the revision the earlier entries leave', () => {
    expect(conflictsOf([entry('s', 'no_stream', 1, 2), entry('s', 1, 3)], () => -1)).toEqual([]);
    expect(conflictsOf([entry('s', 'no_stream', 1, 2), entry('s', 0, 3)], () => -1)).toEqual([
      { streamId: 's', expected: 0, actual: 1 },
    ]);
    expect(conflictsOf([entry('s', 'any'), entry('s', 'no_stream', 1)], () => 4)).toEqual([
      { streamId: 's', expected: 'no_stream', actual: 4 },
    ]);
  });

  it('makes the error that names them all, the first as its stream', () => {
    const error = concurrencyError([
      { streamId: 'a', expected: 'no_stream', actual: 3 },
      { streamId: 'b', expected: 0, actual: 'no_stream' },
    ]);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect([error.streamId, error.expected, error.actual]).toEqual(['a', 'no_stream', 3]);
    expect(error.conflicts.map((c) => c.streamId)).toEqual(['a', 'b']);
    expect(error.message).toBe('Stream a expected no_stream but is at 3; Stream b expected 0 but is at no_stream');
    expect(new ConcurrencyError('x', 1, 2).conflicts).toEqual([{ streamId: 'x', expected: 1, actual: 2 }]);
  });
});

describe('refuseCaseVariants', () => {
  it('lets one name appear several times and refuses names that differ only in case', () => {
    expect(() =>
      refuseCaseVariants([entry('member-A', 0), entry('member-A', 'any'), entry('member-b', 'any')]),
    ).not.toThrow();
    expect(() =>
      refuseCaseVariants([entry('member-A', 0), entry('member-b', 'any'), entry('Member-a', 'any')]),
    ).toThrow(StreamNamesDifferInCaseError);
    expect(() => refuseCaseVariants([entry('straße', 0), entry('STRASSE', 0)])).not.toThrow();
  });

  it('finds a variant after a name repeated many times, and variants beyond ASCII (each name folded once)', () => {
    const repeated = Array.from({ length: 50 }, (_, i) => entry('member-A', i));
    expect(() => refuseCaseVariants([...repeated, entry('MEMBER-a', 'any')])).toThrow(StreamNamesDifferInCaseError);
    expect(() => refuseCaseVariants([entry('mitglied-Ärger', 0), entry('mitglied-ärger', 0)])).toThrow(
      StreamNamesDifferInCaseError,
    );
    expect(() => refuseCaseVariants([...repeated, entry('member-b', 0), entry('member-b', 1)])).not.toThrow();
  });
});
