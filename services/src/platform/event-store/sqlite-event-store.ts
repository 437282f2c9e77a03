import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type Subscription,
} from '@coop/contracts';
import { concurrencyError, conflictsOf, refuseCaseVariants } from './stream-appends.js';
import type { StreamTailReads } from './stream-tail.js';

/** An event row as an array (raw mode: no object per row): position, stream_id, revision, type, data, metadata. */
type EventRow = [position: number, streamId: string, revision: number, type: string, data: string, metadata: string];

const COLUMNS = 'position, stream_id, revision, type, data, metadata';

const POLL_MS = 250;

/**
 * The most events a subscription hands its subscriber at once (decision 274). A subscriber that follows the log gets
 * what was appended since its last batch, a few events; one that is behind (a backlog after an import, a start after
 * a pause) gets its backlog in large batches, and the projection runner stores each batch in one transaction, a
 * document once per batch: with 1,000 events a batch, BEGIN/COMMIT took 39 % of the projection thread catching up
 * the import's 1.3 M events (52 % for 130,000 demo events: docs/performance.md section 35).
 */
export const SUBSCRIPTION_BATCH = 20_000;

/** No metadata seen yet in an append (a value no event carries). */
const NOT_YET = Symbol('no metadata yet');

/**
 * Bytes of the log file read through a memory map: the most this build of SQLite maps (`SQLITE_MAX_MMAP_SIZE`,
 * 0x7fff0000), so that a log of up to 2 GiB is mapped whole and can be kept in memory (`prewarmEventLog`, decision 41).
 */
export const MMAP_BYTES = 0x7fff0000;

/** An append waiting for the next group commit, with the promise its caller awaits. */
interface QueuedAppend {
  readonly appends: readonly StreamAppend[];
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The embedded event log: one SQLite table, appends in transactions, the global position is the row id.
 *
 * Durable when acknowledged (issue 28): `synchronous = FULL`, so every commit syncs the write-ahead log to the disk
 * before its append resolves, and an answered posting survives a power loss, not only a crash of the process. A sync
 * costs about a millisecond on this machine's disk, taken on the calling thread; the appends made during one turn of
 * the event loop are therefore committed together (group commit): each in a savepoint of its own, so that one
 * append's concurrency conflict undoes only that append, and one transaction, so one sync, for all of them.
 */
export class SqliteEventStore implements EventStore, StreamTailReads {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly stmts;
  private readonly appendOne: (appends: readonly StreamAppend[]) => AppendResult;
  private readonly commitGroup: (
    queued: readonly QueuedAppend[],
  ) => Array<{ result: AppendResult } | { error: unknown }>;
  private queue: QueuedAppend[] = [];

  constructor(
    private readonly file: string,
    /** How much of the file SQLite maps (tests set less). */
    private readonly mmapBytes = MMAP_BYTES,
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // A command reads its streams' events, scattered over the log's pages (rows are in log order): 64 MiB of
    // page cache (the default is 2 MiB) and reads through a memory map instead of a read call per page.
    this.db.pragma('cache_size = -65536');
    this.db.pragma(`mmap_size = ${mmapBytes}`);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      )`);
    this.appended.setMaxListeners(0);
    this.stmts = {
      // one value, no row object: an import's chunk looks up thousands of streams (issue 39)
      head: this.db.prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck(),
      insert: this.db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)'),
      stream: this.db
        .prepare<[string], EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`)
        .raw(),
      streamAfter: this.db
        .prepare<[string, number], EventRow>(
          `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision > ? ORDER BY revision`,
        )
        .raw(),
      all: this.db
        .prepare<[number, number], EventRow>(
          `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
        )
        .raw(),
      last: this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
    };
    // Inside commitGroup's transaction, better-sqlite3 runs appendOne as a savepoint: a conflict rolls back to it only.
    this.appendOne = this.db.transaction((appends: readonly StreamAppend[]) => this.insertAppends(appends));
    this.commitGroup = this.db.transaction((queued: readonly QueuedAppend[]) =>
      queued.map(({ appends }) => {
        try {
          return { result: this.appendOne(appends) };
        } catch (error) {
          return { error };
        }
      }),
    );
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    return this.appendMulti([{ streamId, expected, events }]);
  }

  appendMulti(appends: readonly StreamAppend[]): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ appends, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Commits every queued append in one transaction (one sync), then answers each. */
  private flush(): void {
    const queued = this.queue;
    if (queued.length === 0) return;
    this.queue = [];
    let outcomes;
    try {
      outcomes = this.commitGroup(queued);
    } catch (error) {
      // The commit itself failed (disk full, I/O error): none of the appends is stored.
      for (const { reject } of queued) reject(error);
      return;
    }
    this.appended.emit('appended');
    outcomes.forEach((outcome, i) => {
      if ('result' in outcome) queued[i]!.resolve(outcome.result);
      else queued[i]!.reject(outcome.error);
    });
  }

  private insertAppends(appends: readonly StreamAppend[]): AppendResult {
    // Checked before anything is written, entry by entry as if appended in order (stream-appends.ts): a conflict names
    // every stream that failed, not only the first.
    refuseCaseVariants(appends);
    const revisions: Record<string, number> = {};
    const current = (streamId: string): number => (revisions[streamId] ??= this.stmts.head.get(streamId) ?? -1);
    const conflicts = conflictsOf(appends, current);
    if (conflicts.length > 0) throw concurrencyError(conflicts);
    let position = -1n;
    // The events of one command share their metadata object (StreamWriter.stamp; an import's chunk shares one): its
    // text is made once per object, not once per event.
    let metadata: unknown = NOT_YET;
    let metadataText: string | undefined;
    for (const { streamId, events } of appends) {
      let revision = current(streamId);
      for (const event of events) {
        revision += 1;
        if (event.metadata !== metadata) {
          metadata = event.metadata;
          metadataText = JSON.stringify(metadata);
        }
        const info = this.stmts.insert.run(
          streamId,
          revision,
          event.type,
          JSON.stringify(event.data),
          metadataText as string,
        );
        position = BigInt(info.lastInsertRowid);
      }
      revisions[streamId] = revision;
    }
    return { revisions, position };
  }

  /**
   * The connection, the size of its file and how much of it the connection maps: for the SQLite runtime's prewarm
   * (sqlite-runtime/event-log-prewarm.ts, decision 41), which reads the log through this connection's own memory map.
   */
  memoryMap(): { readonly db: Database.Database; readonly fileBytes: number; readonly mmapBytes: number } {
    return { db: this.db, fileBytes: statSync(this.file).size, mmapBytes: this.mmapBytes };
  }

  /**
   * Another connection to the same file (the API thread, when projections run in their own thread)
   * appended: subscriptions read at once instead of at their next poll.
   */
  notifyAppended(): void {
    this.appended.emit('appended');
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.stmts.stream.all(streamId).map(toRecorded);
  }

  async readStreamAfter(streamId: string, revision: number): Promise<RecordedEvent[]> {
    return this.stmts.streamAfter.all(streamId, revision).map(toRecorded);
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    return this.stmts.all.all(Number(after), limit).map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    const p = this.stmts.last.get()?.p ?? null;
    return p === null ? -1n : BigInt(p);
  }

  subscribeAll(after: bigint, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    let closed = false;
    let position = after;
    let wake: (() => void) | undefined;
    const onAppend = (): void => wake?.();
    this.appended.on('appended', onAppend);
    const loop = (async () => {
      while (!closed) {
        const batch = await this.readAll(position, SUBSCRIPTION_BATCH);
        if (batch.length > 0) {
          try {
            await onEvents(batch);
            position = batch[batch.length - 1]!.position;
            // The thread's other work between two batches (as a rebuild's, decision 202): a subscriber on SQLite
            // resolves without I/O, so going straight on would hold the thread for a whole backlog.
            await new Promise<void>((resolve) => setImmediate(resolve));
            continue;
          } catch (error) {
            // The handler did not take the batch: deliver it again after a pause, never skip it.
            console.error('Event subscriber failed; retrying the same batch', error);
          }
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, POLL_MS);
        });
        wake = undefined;
      }
    })();
    return {
      close: async () => {
        closed = true;
        this.appended.off('appended', onAppend);
        wake?.();
        await loop.catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    this.flush();
    this.db.close();
  }
}

function toRecorded([position, streamId, revision, type, data, metadata]: EventRow): RecordedEvent {
  return {
    streamId,
    revision,
    position: BigInt(position),
    type,
    data: JSON.parse(data) as object,
    metadata: JSON.parse(metadata) as EventMetadata,
  };
}
