import type { EventStore, ExpectedRevision, NewEvent, RecordedEvent, StreamConflict } from '@coop/contracts';

/** What the cases borrow from the contract around them (`event-store.contract.ts`): its store, stream names, events, conflict check. */
export interface AppendMultiKit {
  readonly store: () => EventStore;
  readonly stream: (label: string) => string;
  readonly events: (from: number, count: number) => NewEvent[];
  readonly expectConflict: (
    promise: Promise<unknown>,
    streamId: string,
    expected: ExpectedRevision,
    actual: number | 'no_stream',
    others?: readonly StreamConflict[],
  ) => Promise<void>;
}

/** appendMulti's one behaviour on every adapter (issue 30, decision 110), part of the EventStore contract. */
export function appendMultiCases(kit: AppendMultiKit): void {
  const { stream, events, expectConflict } = kit;
  // One behaviour on every adapter (issue 30): the entries are appended as if one after the other, atomically.
  describe('appendMulti: several entries of one stream, empty lists, every conflict', () => {
    const ns = (read: RecordedEvent[]): number[] => read.map((e) => (e.data as { n: number }).n);

    it('writes nothing for an empty list and answers no position', async () => {
      const head = await kit.store().headPosition();
      expect(await kit.store().appendMulti([])).toEqual({ revisions: {}, position: -1n });
      expect(await kit.store().headPosition()).toBe(head);
    });

    it('answers the revisions of a list of revision checks only, writing nothing', async () => {
      const register = stream('checks-register');
      const missing = stream('checks-missing');
      await kit.store().append(register, 'no_stream', events(1, 2));
      const head = await kit.store().headPosition();
      expect(
        await kit.store().appendMulti([
          { streamId: register, expected: 1, events: [] },
          { streamId: missing, expected: 'no_stream', events: [] },
        ]),
      ).toEqual({
        revisions: { [register]: 1, [missing]: -1 },
        position: -1n,
      });
      expect(await kit.store().headPosition()).toBe(head);
    });

    it('appends entries of one stream whose expected revisions chain, in order (a demo batch of admissions)', async () => {
      const sequence = stream('chain-seq');
      const m1 = stream('chain-m1');
      const m2 = stream('chain-m2');
      const result = await kit.store().appendMulti([
        { streamId: m1, expected: 'no_stream', events: events(1, 1) },
        { streamId: sequence, expected: 'no_stream', events: events(2, 1) },
        { streamId: m2, expected: 'no_stream', events: events(3, 1) },
        { streamId: sequence, expected: 0, events: events(4, 2) },
        { streamId: m1, expected: 0, events: events(6, 1) },
        { streamId: sequence, expected: 2, events: events(8, 1) },
        { streamId: sequence, expected: 'any', events: events(9, 1) },
      ]);
      expect(result.revisions).toEqual({ [m1]: 1, [sequence]: 4, [m2]: 0 });
      const read = await kit.store().readStream(sequence);
      expect(ns(read)).toEqual([2, 4, 5, 8, 9]);
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      expect(ns(await kit.store().readStream(m1))).toEqual([1, 6]);
      expect(read[4]!.position <= result.position).toBe(true);
      // The next batch continues the chain from the revision the first left.
      await kit.store().appendMulti([
        { streamId: sequence, expected: 4, events: events(10, 1) },
        { streamId: m2, expected: 0, events: events(11, 1) },
        { streamId: sequence, expected: 5, events: events(12, 1) },
      ]);
      expect(ns(await kit.store().readStream(sequence))).toEqual([2, 4, 5, 8, 9, 10, 12]);
    });

    it('checks a stream given without events against what the entries before it leave', async () => {
      const a = stream('chain-check');
      const result = await kit.store().appendMulti([
        { streamId: a, expected: 'no_stream', events: events(1, 2) },
        { streamId: a, expected: 1, events: [] },
        { streamId: a, expected: 1, events: events(3, 1) },
      ]);
      expect(result.revisions).toEqual({ [a]: 2 });
      expect(ns(await kit.store().readStream(a))).toEqual([1, 2, 3]);
    });

    it('refuses entries of one stream that do not chain, writing nothing anywhere', async () => {
      const sequence = stream('unchained-seq');
      const other = stream('unchained-other');
      await kit.store().append(sequence, 'no_stream', events(1, 1));
      const head = await kit.store().headPosition();
      await expectConflict(
        kit.store().appendMulti([
          { streamId: other, expected: 'no_stream', events: events(2, 1) },
          { streamId: sequence, expected: 0, events: events(3, 1) },
          { streamId: sequence, expected: 0, events: events(4, 1) },
        ]),
        sequence,
        0,
        1,
      );
      await expectConflict(
        kit.store().appendMulti([
          { streamId: other, expected: 'no_stream', events: events(2, 1) },
          { streamId: other, expected: 'no_stream', events: events(3, 1) },
        ]),
        other,
        'no_stream',
        0,
      );
      expect(await kit.store().readStream(other)).toEqual([]);
      expect(await kit.store().readStream(sequence)).toHaveLength(1);
      expect(await kit.store().headPosition()).toBe(head);
    });

    it('names every stream that failed, each with its expected and actual revision', async () => {
      const a = stream('every-a');
      const b = stream('every-b');
      const c = stream('every-c');
      const d = stream('every-d');
      await kit.store().append(a, 'no_stream', events(1, 2));
      await kit.store().append(c, 'no_stream', events(3, 1));
      await expectConflict(
        kit.store().appendMulti([
          { streamId: a, expected: 0, events: events(10, 1) },
          { streamId: b, expected: 'any', events: events(11, 1) },
          { streamId: c, expected: 'no_stream', events: [] },
          { streamId: d, expected: 'stream_exists', events: events(12, 1) },
        ]),
        a,
        0,
        1,
        [
          { streamId: c, expected: 'no_stream', actual: 0 },
          { streamId: d, expected: 'stream_exists', actual: 'no_stream' },
        ],
      );
      expect(await kit.store().readStream(b)).toEqual([]);
      expect(await kit.store().readStream(a)).toHaveLength(2);
    });

    it('refuses, writing nothing, streams whose names differ only in case (KurrentDB cannot append them together)', async () => {
      const a = stream('case');
      await expect(
        kit.store().appendMulti([
          { streamId: a, expected: 'no_stream', events: events(1, 1) },
          { streamId: a.toUpperCase(), expected: 'no_stream', events: events(2, 1) },
        ]),
      ).rejects.toThrow('differ only in case');
      expect(await kit.store().readStream(a)).toEqual([]);
      expect(await kit.store().readStream(a.toUpperCase())).toEqual([]);
    });
  });
}
