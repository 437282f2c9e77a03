import { randomUUID } from 'node:crypto';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamConflict,
  type Subscription,
} from '@coop/contracts';
import { appendMultiCases } from './event-store.append-multi.contract.js';

/**
 * The contract every EventStore adapter keeps. Works on a store that already holds events (a shared
 * server): every test writes to streams of its own and reads the global log relative to the head.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    const stream = (label: string): string => `contract_${label}-${run}x${++counter}`;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      // undefined when open() failed (server unreachable): let that error be the one reported.
      await (store as EventStore | undefined)?.close();
    });

    const metadata = (n: number): EventMetadata => ({
      cooperativeId: 'coop-1',
      user: 'clerk@example.org',
      timestamp: `2025-01-0${(n % 9) + 1}T10:00:00.000Z`,
      correlationId: `corr-${n}`,
      causationId: `cause-${n}`,
      schemaVersion: 2,
    });
    const event = (n: number, type = 'TestHappened'): NewEvent => ({
      type,
      data: { n, text: `Müller & Söhne ${n}`, nested: { cents: 123456, list: [1, 'two', null], flag: true } },
      metadata: metadata(n),
    });
    const events = (from: number, count: number): NewEvent[] =>
      Array.from({ length: count }, (_, i) => event(from + i));

    /** Expects a ConcurrencyError for `streamId` (its first conflict) naming exactly `others` besides. */
    async function expectConflict(
      promise: Promise<unknown>,
      streamId: string,
      expected: ExpectedRevision,
      actual: number | 'no_stream',
      others: readonly StreamConflict[] = [],
    ): Promise<void> {
      const error: unknown = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConcurrencyError);
      const conflict = error as ConcurrencyError;
      expect({ streamId: conflict.streamId, expected: conflict.expected, actual: conflict.actual }).toEqual({
        streamId,
        expected,
        actual,
      });
      expect(conflict.conflicts).toEqual([{ streamId, expected, actual }, ...others]);
    }

    describe('append and readStream', () => {
      it('reads a missing stream as empty', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('appends to a new stream with no_stream and reads events back in order with revisions', async () => {
        const id = stream('new');
        const result = await store.append(id, 'no_stream', events(1, 3));
        expect(result.revisions).toEqual({ [id]: 2 });
        const read = await store.readStream(id);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read.map((e) => e.streamId)).toEqual([id, id, id]);
        expect(read.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata }))).toEqual(events(1, 3));
        expect(read[2]!.position).toBe(result.position);
        expect(read[0]!.position < read[1]!.position && read[1]!.position < read[2]!.position).toBe(true);
      });

      it('keeps metadata types (schemaVersion stays a number)', async () => {
        const id = stream('meta');
        await store.append(id, 'no_stream', [event(7)]);
        const [read] = await store.readStream(id);
        expect(read!.metadata).toEqual(metadata(7));
        expect(typeof read!.metadata.schemaVersion).toBe('number');
      });

      it('appends with the expected revision number', async () => {
        const id = stream('rev');
        await store.append(id, 'no_stream', events(1, 2));
        const result = await store.append(id, 1, events(3, 2));
        expect(result.revisions[id]).toBe(3);
        expect((await store.readStream(id)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      });

      it('appends with stream_exists to an existing stream', async () => {
        const id = stream('exists');
        await store.append(id, 'no_stream', events(1, 1));
        const result = await store.append(id, 'stream_exists', events(2, 1));
        expect(result.revisions[id]).toBe(1);
      });

      it('appends with any, whether the stream exists or not', async () => {
        const id = stream('any');
        expect((await store.append(id, 'any', events(1, 1))).revisions[id]).toBe(0);
        expect((await store.append(id, 'any', events(2, 2))).revisions[id]).toBe(2);
        expect(await store.readStream(id)).toHaveLength(3);
      });

      it('rejects no_stream on an existing stream with the actual revision', async () => {
        const id = stream('conflict-no-stream');
        await store.append(id, 'no_stream', events(1, 2));
        await expectConflict(store.append(id, 'no_stream', events(3, 1)), id, 'no_stream', 1);
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it('rejects stream_exists on a missing stream', async () => {
        const id = stream('conflict-exists');
        await expectConflict(store.append(id, 'stream_exists', events(1, 1)), id, 'stream_exists', 'no_stream');
        expect(await store.readStream(id)).toEqual([]);
      });

      it('rejects a stale revision number with the actual revision', async () => {
        const id = stream('conflict-rev');
        await store.append(id, 'no_stream', events(1, 3));
        await expectConflict(store.append(id, 1, events(4, 1)), id, 1, 2);
        await expectConflict(store.append(id, 5, events(4, 1)), id, 5, 2);
        expect(await store.readStream(id)).toHaveLength(3);
      });

      it('rejects a revision number on a missing stream', async () => {
        const id = stream('conflict-missing');
        await expectConflict(store.append(id, 0, events(1, 1)), id, 0, 'no_stream');
      });

      it('lets exactly one of two concurrent writers with the same expected revision win', async () => {
        const id = stream('race');
        await store.append(id, 'no_stream', events(1, 1));
        const results = await Promise.allSettled([
          store.append(id, 0, events(2, 1)),
          store.append(id, 0, events(3, 1)),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(ConcurrencyError);
        expect(await store.readStream(id)).toHaveLength(2);
      });
    });

    describe('appendMulti', () => {
      it('appends to several streams at once', async () => {
        const a = stream('multi-a');
        const b = stream('multi-b');
        await store.append(b, 'no_stream', events(1, 2));
        const result = await store.appendMulti([
          { streamId: a, expected: 'no_stream', events: events(10, 2) },
          { streamId: b, expected: 1, events: events(20, 1) },
        ]);
        expect(result.revisions).toEqual({ [a]: 1, [b]: 2 });
        const readA = await store.readStream(a);
        const readB = await store.readStream(b);
        expect(readA.map((e) => (e.data as { n: number }).n)).toEqual([10, 11]);
        expect(readB.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 20]);
        expect(readA[1]!.metadata).toEqual(metadata(11));
        const positions = [...readA, readB[2]!].map((e) => e.position);
        expect(positions.every((p) => p <= result.position)).toBe(true);
        expect(positions).toContain(result.position);
      });

      it('is all or nothing: one conflicting stream writes nothing anywhere', async () => {
        const a = stream('atomic-a');
        const b = stream('atomic-b');
        const c = stream('atomic-c');
        await store.append(b, 'no_stream', events(1, 3));
        const head = await store.headPosition();
        await expectConflict(
          store.appendMulti([
            { streamId: a, expected: 'no_stream', events: events(10, 2) },
            { streamId: b, expected: 0, events: events(20, 1) },
            { streamId: c, expected: 'any', events: events(30, 1) },
          ]),
          b,
          0,
          2,
        );
        expect(await store.readStream(a)).toEqual([]);
        expect(await store.readStream(b)).toHaveLength(3);
        expect(await store.readStream(c)).toEqual([]);
        expect(await store.headPosition()).toBe(head);
      });

      it('reports a conflict on a stream expected to be missing', async () => {
        const a = stream('atomic2-a');
        const b = stream('atomic2-b');
        await store.append(a, 'no_stream', events(1, 1));
        await expectConflict(
          store.appendMulti([
            { streamId: a, expected: 'no_stream', events: events(2, 1) },
            { streamId: b, expected: 'no_stream', events: events(3, 1) },
          ]),
          a,
          'no_stream',
          0,
        );
        expect(await store.readStream(b)).toEqual([]);
      });

      // A posting checks the cooperative's dividend register so (issue 23): a closure appended meanwhile refuses it.
      it('checks the revision of a stream given without events and writes nothing to it', async () => {
        const a = stream('check-a');
        const register = stream('check-register');
        const missing = stream('check-missing');
        await store.append(register, 'no_stream', events(1, 2));
        const result = await store.appendMulti([
          { streamId: a, expected: 'no_stream', events: events(10, 1) },
          { streamId: register, expected: 1, events: [] },
          { streamId: missing, expected: 'no_stream', events: [] },
        ]);
        expect(result.revisions[a]).toBe(0);
        expect(await store.readStream(register)).toHaveLength(2);
        expect(await store.readStream(missing)).toEqual([]);
        expect((await store.readStream(a))[0]!.position).toBe(result.position);
      });

      it('refuses the whole append when a stream given without events has moved on', async () => {
        const a = stream('check2-a');
        const register = stream('check2-register');
        await store.append(register, 'no_stream', events(1, 1));
        await expectConflict(
          store.appendMulti([
            { streamId: a, expected: 'no_stream', events: events(10, 1) },
            { streamId: register, expected: 'no_stream', events: [] },
          ]),
          register,
          'no_stream',
          0,
        );
        await store.append(register, 0, events(2, 1));
        await expectConflict(
          store.appendMulti([
            { streamId: a, expected: 'no_stream', events: events(10, 1) },
            { streamId: register, expected: 0, events: [] },
          ]),
          register,
          0,
          1,
        );
        expect(await store.readStream(a)).toEqual([]);
      });
    });

    appendMultiCases({ store: () => store, stream, events, expectConflict });

    describe('global log', () => {
      it('reports the head position as the position of the last append', async () => {
        const result = await store.append(stream('head'), 'no_stream', events(1, 2));
        expect(await store.headPosition()).toBe(result.position);
      });

      it('reads the log after a position, page by page, in strictly increasing positions', async () => {
        const before = await store.headPosition();
        const a = stream('log-a');
        const b = stream('log-b');
        await store.append(a, 'no_stream', events(1, 3));
        await store.append(b, 'no_stream', events(4, 2));
        await store.append(a, 2, events(6, 2));

        const pages: RecordedEvent[][] = [];
        let after = before;
        for (;;) {
          const page = await store.readAll(after, 3);
          if (page.length === 0) break;
          expect(page.length).toBeLessThanOrEqual(3);
          pages.push(page);
          after = page[page.length - 1]!.position;
        }
        expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
        const all = pages.flat();
        expect(all.map((e) => [e.streamId, e.revision, (e.data as { n: number }).n])).toEqual([
          [a, 0, 1],
          [a, 1, 2],
          [a, 2, 3],
          [b, 0, 4],
          [b, 1, 5],
          [a, 3, 6],
          [a, 4, 7],
        ]);
        for (let i = 1; i < all.length; i++) expect(all[i]!.position > all[i - 1]!.position).toBe(true);
        expect(all[0]!.position > before).toBe(true);
        expect(all.every((e) => !e.type.startsWith('$'))).toBe(true);
        expect(all[0]!.metadata).toEqual(metadata(1));

        // Reading from the middle starts strictly after the given position.
        const fromMiddle = await store.readAll(all[2]!.position, 2);
        expect(fromMiddle.map((e) => e.position)).toEqual([all[3]!.position, all[4]!.position]);
        // The positions of readStream are the positions in the global log.
        const streamA = await store.readStream(a);
        expect(streamA.map((e) => e.position)).toEqual(all.filter((e) => e.streamId === a).map((e) => e.position));
        expect(await store.readAll(await store.headPosition(), 10)).toEqual([]);
      });
    });

    describe('subscribeAll', () => {
      const mine = (prefix: string, batch: RecordedEvent[]): RecordedEvent[] =>
        batch.filter((e) => e.streamId.startsWith(prefix));

      async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
        const start = Date.now();
        while (!check()) {
          if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting for the subscription');
          await new Promise((r) => setTimeout(r, 20));
        }
      }

      it('catches up from a position, then delivers live appends in order, one batch at a time', async () => {
        const before = await store.headPosition();
        const id = stream('sub');
        const prefix = id;
        await store.append(id, 'no_stream', events(1, 3));

        const received: RecordedEvent[] = [];
        const allPositions: bigint[] = [];
        let inFlight = 0;
        let overlapped = false;
        const sub: Subscription = store.subscribeAll(before, async (batch) => {
          inFlight += 1;
          if (inFlight > 1) overlapped = true;
          allPositions.push(...batch.map((e) => e.position));
          received.push(...mine(prefix, batch));
          await new Promise((r) => setTimeout(r, 5));
          inFlight -= 1;
        });
        try {
          await waitFor(() => received.length >= 3);
          await store.append(id, 2, events(4, 1));
          await store.append(id, 3, events(5, 2));
          await waitFor(() => received.length >= 6);
          expect(received.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6]);
          expect(received.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
          expect(overlapped).toBe(false);
          expect(allPositions.every((p) => p > before)).toBe(true);
          for (let i = 1; i < allPositions.length; i++) expect(allPositions[i]! > allPositions[i - 1]!).toBe(true);
        } finally {
          await sub.close();
        }
      });

      it('delivers a batch again when the handler fails, never skipping it', async () => {
        const before = await store.headPosition();
        const id = stream('retry');
        await store.append(id, 'no_stream', events(1, 2));
        const received: number[] = [];
        let failures = 0;
        // The adapters log the failed delivery; keep the test output quiet.
        const consoleError = console.error;
        console.error = (): void => undefined;
        const sub = store.subscribeAll(before, async (batch) => {
          const ours = mine(id, batch);
          if (ours.length > 0 && failures === 0) {
            failures += 1;
            throw new Error('handler failed on purpose');
          }
          received.push(...ours.map((e) => (e.data as { n: number }).n));
        });
        try {
          await waitFor(() => received.length >= 2, 15_000);
          expect(failures).toBe(1);
          expect(received).toEqual([1, 2]);
        } finally {
          await sub.close();
          console.error = consoleError;
        }
      });

      it('stops delivering after close', async () => {
        const before = await store.headPosition();
        const id = stream('closed');
        const received: RecordedEvent[] = [];
        const sub = store.subscribeAll(before, async (batch) => {
          received.push(...mine(id, batch));
        });
        await store.append(id, 'no_stream', events(1, 1));
        await waitFor(() => received.length >= 1);
        await sub.close();
        await store.append(id, 0, events(2, 1));
        await new Promise((r) => setTimeout(r, 500));
        expect(received).toHaveLength(1);
      });
    });
  });
}
