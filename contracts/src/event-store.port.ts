import type { NewEvent, RecordedEvent } from './events.js';

/**
 * What a writer expects of a stream before appending:
 * `no_stream` (must not exist), `stream_exists`, `any`, or the revision of its last event.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface StreamAppend {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly NewEvent[];
}

export interface AppendResult {
  /** Revision of the last event written per stream. */
  readonly revisions: Readonly<Record<string, number>>;
  /** Global position of the last event written. */
  readonly position: bigint;
}

/** One stream that was not at the revision an append expected. */
export interface StreamConflict {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: number | 'no_stream';
}

/**
 * Thrown when a stream is not at the expected revision. `streamId`, `expected` and `actual` name the first such stream
 * of the append; `conflicts` names every one (an `appendMulti` may fail on several streams at once).
 */
export class ConcurrencyError extends Error {
  readonly conflicts: readonly StreamConflict[];

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
    /** Every conflicting stream, the first one included; default: that one alone. */
    conflicts?: readonly StreamConflict[],
  ) {
    const all = conflicts && conflicts.length > 0 ? conflicts : [{ streamId, expected, actual }];
    super(
      all.map((c) => `Stream ${c.streamId} expected ${String(c.expected)} but is at ${String(c.actual)}`).join('; '),
    );
    this.name = 'ConcurrencyError';
    this.conflicts = all;
  }
}

export interface Subscription {
  close(): Promise<void>;
}

/** The append-only event log. One adapter per engine (SQLite, KurrentDB); one contract suite for all. */
export interface EventStore {
  append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult>;
  /**
   * Atomic append to several streams: all or nothing, each with its expected revision. An entry without events writes
   * nothing and only checks its stream's revision (a posting checks the dividend register so: issue 23).
   */
  appendMulti(appends: readonly StreamAppend[]): Promise<AppendResult>;
  /** All events of one stream in order; empty when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * Events of the global log strictly after `after` (use -1n for the start), at most `limit`; fewer only at its end.
   * The log is this installation's: on a shared server, other applications' events are not in it.
   */
  readAll(after: bigint, limit: number): Promise<RecordedEvent[]>;
  /** Position of the last event in the log (this installation's, as readAll), -1n when empty. */
  headPosition(): Promise<bigint>;
  /**
   * Calls `onEvents` with every batch of events after `after`, first catching up and then live.
   * Batches are delivered one at a time, in order.
   */
  subscribeAll(after: bigint, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription;
  close(): Promise<void>;
}
