import {
  ANY,
  AppendConsistencyViolationError,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type EventData,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from '@coop/contracts';
import type { StreamTailReads } from './stream-tail.js';

export interface KurrentEventStoreOptions {
  /** Pause before a failed subscription (handler error or connection loss) is restarted. Default 1000 ms. */
  readonly retryDelayMs?: number;
  /** Most events handed to the subscriber in one batch. Default 500. */
  readonly maxBatch?: number;
}

/** Metadata keys that hold numbers in `EventMetadata`; KurrentDB multi-stream appends carry strings only. */
const NUMERIC_METADATA = new Set(['schemaVersion']);

/**
 * The event log on KurrentDB (EventStoreDB's successor), through `@kurrent/kurrentdb-client`.
 *
 * - Our `revision` is the stream revision; our `position` is the `$all` commit position of the event.
 *   Events written by this adapter are implicit transactions, whose commit and prepare positions
 *   are equal, so `{ commit: p, prepare: p }` is a valid place to resume from.
 * - Events are JSON events: `data` is the event data; `metadata` is our `EventMetadata`, stored as a
 *   flat object of strings (the multi-stream append of server 25.1+ takes string values only), and
 *   numbers are converted back on read. Keys starting with `$` (added by the server) are dropped.
 * - `appendMulti` uses `multiStreamAppend`, which needs KurrentDB server 25.1 or later.
 * - System events (types starting with `$`) are never returned by `readAll`, `headPosition` or
 *   `subscribeAll`.
 */
export class KurrentEventStore implements EventStore, StreamTailReads {
  private readonly client: KurrentDBClient;
  private readonly retryDelayMs: number;
  private readonly maxBatch: number;
  private readonly subscriptions = new Set<Subscription>();

  constructor(connectionString: string, options: KurrentEventStoreOptions = {}) {
    this.client = KurrentDBClient.connectionString(connectionString);
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.maxBatch = options.maxBatch ?? 500;
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    let result;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), {
        streamState: toStreamState(expected),
      });
    } catch (error) {
      throw mapAppendError(error, streamId, expected);
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

  async appendMulti(all: readonly StreamAppend[]): Promise<AppendResult> {
    // An entry without events only checks its stream's revision (the port's contract; a posting checks the dividend
    // register so). KurrentDB refuses a stream append request without records, so the revision is read right before the
    // append, which is not atomic with it: an event appended to that stream in between is not seen (SQLite checks it
    // inside the append's transaction).
    const checked: Record<string, number> = {};
    for (const check of all.filter((a) => a.events.length === 0)) checked[check.streamId] = await this.checkRevision(check.streamId, check.expected);
    const appends = all.filter((a) => a.events.length > 0);
    if (appends.length === 0) return { revisions: checked, position: -1n };
    if (appends.length === 1) {
      const only = appends[0]!;
      const result = await this.append(only.streamId, only.expected, only.events);
      return { ...result, revisions: { ...checked, ...result.revisions } };
    }
    const byStream = new Map(appends.map((a) => [a.streamId, a.expected] as const));
    let result;
    try {
      result = await this.client.multiStreamAppend(
        appends.map((a) => ({
          streamName: a.streamId,
          expectedState: toStreamState(a.expected),
          events: a.events.map(toEventData),
        })),
      );
    } catch (error) {
      // Server 25.1 reports a conflict as StreamRevisionConflict (WrongExpectedVersionError in the client);
      // later servers may report it as a consistency violation.
      if (error instanceof WrongExpectedVersionError) {
        const streamId = error.streamName;
        throw new ConcurrencyError(streamId, byStream.get(streamId) ?? 'any', toActual(error.actualState));
      }
      const violation = error instanceof AppendConsistencyViolationError ? error.violations[0] : undefined;
      if (violation) {
        const streamId = violation.streamName;
        throw new ConcurrencyError(streamId, byStream.get(streamId) ?? 'any', toActual(violation.actualState));
      }
      throw error;
    }
    const revisions: Record<string, number> = { ...checked };
    for (const response of result.responses) revisions[response.streamName] = Number(response.revision);
    return { revisions, position: result.position };
  }

  /** The stream's revision (-1 when it does not exist), or ConcurrencyError when it is not the expected one. */
  private async checkRevision(streamId: string, expected: ExpectedRevision): Promise<number> {
    let actual: number | 'no_stream' = 'no_stream';
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) actual = Number(resolved.event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const matches =
      expected === 'any' || (expected === 'no_stream' ? actual === 'no_stream' : expected === 'stream_exists' ? actual !== 'no_stream' : actual === expected);
    if (!matches) throw new ConcurrencyError(streamId, expected, actual);
    return actual === 'no_stream' ? -1 : actual;
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
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision })) {
        // Stream reads come from the index; servers before 22.6 give no log position there (-1n then).
        const event = toRecorded(resolved, false);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    // Reading $all forwards from a position includes the event at that position: ask for one more
    // and drop everything at or before `after`.
    const events: RecordedEvent[] = [];
    const reads = this.client.readAll({
      direction: FORWARDS,
      fromPosition: fromPosition(after),
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reads) {
      const event = toRecorded(resolved);
      if (!event || event.position <= after) continue;
      events.push(event);
      if (events.length === limit) break;
    }
    return events;
  }

  async headPosition(): Promise<bigint> {
    const reads = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() });
    for await (const resolved of reads) {
      const position = resolved.event?.position?.commit ?? resolved.commitPosition;
      if (position !== undefined) return position;
    }
    return -1n;
  }

  /**
   * Catches up from `after` and then follows the log live, through a `$all` catch-up subscription
   * (system events excluded). Batches are what has arrived and is waiting, at most `maxBatch` events,
   * handed over one at a time and in order.
   *
   * Never skips: when `onEvents` throws (or the connection drops), the subscription is cancelled,
   * and after `retryDelayMs` a new one starts right after the last position `onEvents` accepted, so
   * the failed batch is delivered again.
   */
  subscribeAll(after: bigint, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    let closed = false;
    let delivered = after;
    let current: AllStreamSubscription | undefined;
    let wake: (() => void) | undefined;
    const wakeUp = (): void => {
      const w = wake;
      wake = undefined;
      w?.();
    };

    const runOnce = async (): Promise<void> => {
      const sub = this.client.subscribeToAll(
        { fromPosition: fromPosition(delivered), filter: excludeSystemEvents() },
        // Let up to one batch wait in the stream's buffer, so catching up goes in large batches.
        { highWaterMark: this.maxBatch },
      );
      current = sub;
      let failure: unknown;
      let ended = false;
      sub.on('readable', wakeUp);
      sub.on('end', () => {
        ended = true;
        wakeUp();
      });
      sub.on('error', (error: Error) => {
        failure = error;
        wakeUp();
      });
      try {
        while (!closed && failure === undefined && !ended) {
          const batch: RecordedEvent[] = [];
          let item: AllStreamResolvedEvent | null;
          while (batch.length < this.maxBatch && (item = sub.read() as AllStreamResolvedEvent | null) !== null) {
            const event = toRecorded(item);
            if (event && event.position > delivered) batch.push(event);
          }
          if (batch.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            continue;
          }
          await onEvents(batch);
          delivered = batch[batch.length - 1]!.position;
        }
        if (failure !== undefined) throw failure;
        if (ended && !closed) throw new Error('KurrentDB subscription ended');
      } finally {
        current = undefined;
        sub.removeAllListeners('readable');
        await sub.unsubscribe().catch(() => undefined);
      }
    };

    const loop = (async () => {
      while (!closed) {
        try {
          await runOnce();
        } catch (error) {
          if (closed) break;
          console.error(`Event subscription failed; restarting after position ${delivered} in ${this.retryDelayMs} ms`, error);
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, this.retryDelayMs).unref();
          });
          wake = undefined;
        }
      }
    })();

    const subscription: Subscription = {
      close: async () => {
        closed = true;
        this.subscriptions.delete(subscription);
        wakeUp();
        await current?.unsubscribe().catch(() => undefined);
        await loop.catch(() => undefined);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

function toActual(state: bigint | 'no_stream'): number | 'no_stream' {
  return state === 'no_stream' || state < 0n ? 'no_stream' : Number(state);
}

function mapAppendError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    return new ConcurrencyError(streamId, expected, toActual(error.actualState));
  }
  return error;
}

function fromPosition(after: bigint): ReadPosition {
  return after < 0n ? START : { commit: after, prepare: after };
}

function toEventData(event: NewEvent): EventData {
  return jsonEvent({ type: event.type, data: { ...event.data }, metadata: encodeMetadata(event.metadata) });
}

function encodeMetadata(metadata: EventMetadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

function decodeMetadata(raw: unknown): EventMetadata {
  const source = typeof raw === 'object' && raw !== null && !(raw instanceof Uint8Array) ? raw : parseBytes(raw);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (key.startsWith('$')) continue;
    out[key] = NUMERIC_METADATA.has(key) && typeof value === 'string' ? Number(value) : value;
  }
  return out as unknown as EventMetadata;
}

function parseBytes(raw: unknown): object {
  if (raw instanceof Uint8Array) {
    const parsed: unknown = JSON.parse(Buffer.from(raw).toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  }
  return {};
}

/** Positions at or above 2^63 are the "unknown" marker (u64 max) some servers send on stream reads. */
const NO_POSITION = 1n << 63n;

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent, requirePosition = true): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$')) return undefined;
  let position = event.position?.commit ?? resolved.commitPosition;
  if (position === undefined || position < 0n || position >= NO_POSITION) {
    if (requirePosition) throw new Error(`KurrentDB returned event ${event.id} without a log position`);
    position = -1n;
  }
  const data: unknown = event.data instanceof Uint8Array ? parseBytes(event.data) : event.data;
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    position,
    type: event.type,
    data: data as object,
    metadata: decodeMetadata(event.metadata),
  } as RecordedEvent;
}
