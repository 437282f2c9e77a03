import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  streamNameFilter,
  type MultiAppendResult,
  type Filter,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamConflict,
  type Subscription,
} from '@coop/contracts';
import { KurrentRecords, fromPosition, positionOf, toActual } from './kurrent-records.js';
import { followAll } from './kurrent-subscription.js';
import { KurrentWriter } from './kurrent-writer.js';
import { conflictOf, identify, type IdentifiedAppend } from './kurrent-writes.js';
import {
  concurrencyError,
  conflictsOf,
  mergeAppends,
  refuseCaseVariants,
  satisfies,
  type Revision,
} from './stream-appends.js';
import { StreamLocks } from './stream-locks.js';
import { StreamPrefix } from './stream-prefix.js';
import type { StreamTailReads } from './stream-tail.js';

export interface KurrentEventStoreOptions {
  /** Pause before a failed subscription (handler error or connection loss) is restarted. Default 1000 ms. */
  readonly retryDelayMs?: number;
  /** Most events handed to the subscriber in one batch. Default 500. */
  readonly maxBatch?: number;
  /** This installation's stream prefix on a shared server (`EVENT_STORE_STREAM_PREFIX`). Default: none. */
  readonly streamPrefix?: string;
  /** Where skipped events are reported (one line each). Default: console.warn. */
  readonly warn?: (line: string) => void;
}

/**
 * The event log on KurrentDB (EventStoreDB's successor), through `@kurrent/kurrentdb-client`.
 *
 * - Our `revision` is the stream revision; our `position` is the `$all` commit position of the event.
 *   Events written by this adapter are implicit transactions, whose commit and prepare positions
 *   are equal, so `{ commit: p, prepare: p }` is a valid place to resume from.
 * - Events are JSON events (kurrent-records.ts): `data` is the event data; `metadata` is our `EventMetadata`, stored as
 *   a flat object of strings (the multi-stream append of server 25.1+ takes string values only).
 * - `appendMulti` uses `multiStreamAppend`, which needs KurrentDB server 25.1 or later. The server refuses a request
 *   naming one stream twice: the entries of one stream are merged first (stream-appends.ts), so that every adapter
 *   behaves as SQLite does.
 * - Writes (kurrent-writer.ts, decision 140) fix their events' ids before the first try and are tried again with them
 *   after an unknown outcome or on the leader a follower names, under a deadline scaled to their size; a write that
 *   fails for good is an EventStoreWriteError naming its streams and counts. Revision checks of streams without events
 *   are atomic with the append on servers with `appendRecords` (26.1+), and held against this process's appends on
 *   25.1 (stream-locks.ts, decision 142).
 * - A shared server (issue 30): every stream name carries the installation's prefix (`streamPrefix`), and `readAll`,
 *   `headPosition` and `subscribeAll` read `$all` through a server-side filter keeping this installation's streams
 *   only (never the server's `$` streams). Events in them that are not this product's are skipped with a warning.
 */
export class KurrentEventStore implements EventStore, StreamTailReads {
  private readonly client: KurrentDBClient;
  private readonly retryDelayMs: number;
  private readonly maxBatch: number;
  private readonly names: StreamPrefix;
  private readonly records: KurrentRecords;
  private readonly subscriptions = new Set<Subscription>();
  private readonly writer: KurrentWriter;
  private readonly locks = new StreamLocks();

  constructor(connectionString: string, options: KurrentEventStoreOptions = {}) {
    this.client = KurrentDBClient.connectionString(connectionString);
    this.writer = new KurrentWriter(connectionString, this.client);
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.maxBatch = options.maxBatch ?? 500;
    this.names = new StreamPrefix(options.streamPrefix ?? '');
    this.records = new KurrentRecords(this.names, options.warn ?? ((line) => console.warn(line)));
  }

  /**
   * The server-side filter of every `$all` read: stream names starting with the prefix, or, without one, every stream
   * but the server's own (`$`-prefixed). A fresh object per read (the client keeps state in a subscription's filter).
   */
  private get filter(): Filter {
    return this.names.prefix === ''
      ? streamNameFilter({ regex: '^[^$]' })
      : streamNameFilter({ prefixes: [this.names.prefix] });
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    // Ids fixed once, before the first try (decision 140).
    const [append] = identify([{ streamId: this.names.toServer(streamId), expected, events }]);
    let result;
    try {
      result = await this.locks.around([], [append!.streamId], () => this.writer.appendOne(append!));
    } catch (error) {
      if (error instanceof WrongExpectedVersionError)
        throw new ConcurrencyError(streamId, expected, toActual(error.actualState));
      throw error;
    }
    if (!result.success) {
      // Only when the connection string sets throwOnAppendFailure=false (not recommended: client 1.3.1's
      // batch append then reports a wrong current revision). By default the client throws instead.
      throw new ConcurrencyError(streamId, expected, toActual(result.nextExpectedRevision));
    }
    if (!result.position && events.length > 0) {
      throw new Error(`KurrentDB returned no log position for the append to ${streamId}`);
    }
    return {
      revisions: { [streamId]: Number(result.nextExpectedRevision) },
      position: result.position?.commit ?? -1n,
    };
  }

  /**
   * As on SQLite (stream-appends.ts): entries of one stream are merged when their expected revisions chain, and refused
   * as a conflict when they cannot; an empty list writes nothing (position -1n); an entry without events checks its
   * stream's revision. A conflict names every stream that failed: the streams' revisions are then read and the entries
   * checked against them in order, after the refusal (which stays atomic; the list may miss a stream that moved on in
   * between).
   */
  async appendMulti(all: readonly StreamAppend[]): Promise<AppendResult> {
    if (all.length === 0) return { revisions: {}, position: -1n };
    refuseCaseVariants(all);
    const merged = mergeAppends(all);
    // Entries that cannot chain fail whatever the streams' revisions are (the error below is never the one thrown).
    if (merged.unchainable.length > 0)
      throw await this.conflictsNow(all, new Error(`The entries of ${merged.unchainable.join(', ')} cannot chain`));
    // Ids fixed once, before the first try (decision 140).
    const serverNamed = (a: StreamAppend): StreamAppend => ({ ...a, streamId: this.names.toServer(a.streamId) });
    const checks = identify(merged.appends.filter((a) => a.events.length === 0).map(serverNamed));
    const appends = identify(merged.appends.filter((a) => a.events.length > 0).map(serverNamed));
    try {
      if (appends.length === 0) return { revisions: await this.checked(checks), position: -1n };
      if (checks.length > 0) return await this.appendChecked(appends, checks);
      return await this.locks.around(
        [],
        appends.map((a) => a.streamId),
        () => this.appendStreams(appends),
      );
    } catch (error) {
      if (error instanceof ConcurrencyError) throw await this.conflictsNow(all, error);
      throw error;
    }
  }

  /**
   * Entries with events and revision checks of streams without (a posting checks the dividend register so), atomically:
   * on a server with `appendRecords` (26.1+) in one write with stream state checks. KurrentDB 25.1 refuses an append
   * request without records, so there the revisions are read right before the append, holding the checked streams
   * against appends of this process until the append is done (StreamLocks, decision 142): an append to a checked stream
   * from another process in between is not seen (SQLite checks it inside the append's transaction).
   */
  private async appendChecked(
    appends: readonly IdentifiedAppend[],
    checks: readonly IdentifiedAppend[],
  ): Promise<AppendResult> {
    let result;
    try {
      result = await this.writer.appendChecked(appends, checks);
    } catch (error) {
      throw conflictOf(error, this.names, [...appends, ...checks]) ?? error;
    }
    if (result) return this.resultOf(result, checks);
    return this.locks.around(
      checks.map((c) => c.streamId),
      appends.map((a) => a.streamId),
      async () => {
        const checked = await this.checked(checks);
        const written = await this.appendStreams(appends);
        return { ...written, revisions: { ...checked, ...written.revisions } };
      },
    );
  }

  /** The revisions of the checked streams (our names), or the conflict of the first that is not as expected. */
  private async checked(checks: readonly IdentifiedAppend[]): Promise<Record<string, number>> {
    const checked: Record<string, number> = {};
    for (const check of checks) {
      const streamId = this.names.fromServer(check.streamId) ?? check.streamId;
      const revision = await this.revisionOf(streamId);
      if (!satisfies(check.expected, revision))
        throw new ConcurrencyError(streamId, check.expected, revision < 0 ? 'no_stream' : revision);
      checked[streamId] = revision;
    }
    return checked;
  }

  /** One atomic append to one or several streams (each named once, with events). */
  private async appendStreams(appends: readonly IdentifiedAppend[]): Promise<AppendResult> {
    if (appends.length === 1) {
      const [only] = appends;
      const streamId = this.names.fromServer(only!.streamId) ?? only!.streamId;
      let result;
      try {
        result = await this.writer.appendOne(only!);
      } catch (error) {
        throw conflictOf(error, this.names, appends) ?? error;
      }
      if (!result.success) throw new ConcurrencyError(streamId, only!.expected, toActual(result.nextExpectedRevision));
      if (!result.position) throw new Error(`KurrentDB returned no log position for the append to ${streamId}`);
      return { revisions: { [streamId]: Number(result.nextExpectedRevision) }, position: result.position.commit };
    }
    let result;
    try {
      result = await this.writer.appendMany(appends);
    } catch (error) {
      throw conflictOf(error, this.names, appends) ?? error;
    }
    return this.resultOf(result, []);
  }

  /** Our result of the client's multi-stream one, with the revisions of the streams checked (as the check passed). */
  private async resultOf(result: MultiAppendResult, checks: readonly IdentifiedAppend[]): Promise<AppendResult> {
    const revisions: Record<string, number> = {};
    for (const response of result.responses)
      revisions[this.names.fromServer(response.streamName) ?? response.streamName] = Number(response.revision);
    for (const check of checks) {
      const streamId = this.names.fromServer(check.streamId) ?? check.streamId;
      revisions[streamId] ??=
        typeof check.expected === 'number'
          ? check.expected
          : check.expected === 'no_stream'
            ? -1
            : await this.revisionOf(streamId);
    }
    return { revisions, position: result.position };
  }

  /**
   * The conflict of a refused `appendMulti`, naming every stream that fails when the entries are checked in order
   * against the streams' revisions now; `refused` (the refusal as first seen) when they no longer fail.
   */
  private async conflictsNow(all: readonly StreamAppend[], refused: Error): Promise<Error> {
    const streams = [...new Set(all.map((a) => a.streamId))];
    const revisions = new Map(
      await Promise.all(streams.map(async (streamId) => [streamId, await this.revisionOf(streamId)] as const)),
    );
    const conflicts: StreamConflict[] = conflictsOf(all, (streamId) => revisions.get(streamId) ?? -1);
    return conflicts.length > 0 ? concurrencyError(conflicts) : refused;
  }

  /** The stream's revision: of its last event, -1 when it does not exist. */
  private async revisionOf(streamId: string): Promise<Revision> {
    let revision = -1;
    try {
      for await (const resolved of this.client.readStream(this.names.toServer(streamId), {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) revision = Number(resolved.event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return revision;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.readStreamFrom(streamId, START);
  }

  async readStreamAfter(streamId: string, revision: number): Promise<RecordedEvent[]> {
    return this.readStreamFrom(streamId, BigInt(revision + 1));
  }

  private async readStreamFrom(streamId: string, fromRevision: typeof START | bigint): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.names.toServer(streamId), {
        direction: FORWARDS,
        fromRevision,
      })) {
        // Stream reads come from the index; servers before 22.6 give no log position there (-1n then).
        const event = this.records.toRecorded(resolved, false);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * This installation's events after `after`, at most `limit`. A page the server fills with events that are skipped
   * (not this product's) is followed by the next one, so that a short answer still means the end of the log.
   */
  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = after;
    while (events.length < limit) {
      // Reading $all forwards from a position includes the event at that position: ask for one more and drop
      // everything at or before `from`.
      const wanted = limit - events.length;
      const reads = this.client.readAll({
        direction: FORWARDS,
        fromPosition: fromPosition(from),
        maxCount: wanted + 1,
        filter: this.filter,
      });
      let received = 0;
      for await (const resolved of reads) {
        const position = positionOf(resolved);
        if (position === undefined || position <= from) continue;
        received += 1;
        from = position;
        const event = this.records.toRecorded(resolved);
        if (event) events.push(event);
        if (events.length === limit) break;
      }
      // Fewer than asked for: the log ends here.
      if (received < wanted) break;
    }
    return events;
  }

  /** The position of this installation's last event (skipped events do not count), -1n when it has none. */
  async headPosition(): Promise<bigint> {
    const reads = this.client.readAll({ direction: BACKWARDS, fromPosition: END, filter: this.filter });
    for await (const resolved of reads) {
      const event = this.records.toRecorded(resolved);
      if (event) return event.position;
    }
    return -1n;
  }

  /** Catches up from `after` and follows the log live, never skipping (kurrent-subscription.ts). */
  subscribeAll(after: bigint, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    const source = {
      client: this.client,
      filter: () => this.filter,
      records: this.records,
      maxBatch: this.maxBatch,
      retryDelayMs: this.retryDelayMs,
    };
    const subscription = followAll(source, after, onEvents, (closed) => this.subscriptions.delete(closed));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.writer.close();
    await this.client.dispose();
  }
}
