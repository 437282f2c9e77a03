/**
 * The demo's appends: each command's decisions (already decided) go into large `appendMulti` batches, in
 * order, with the metadata a command handler would give them; no read-your-writes wait.
 */

/**
 * Most bytes (events' data and metadata as JSON, before personal data is sealed) in one batch: KurrentDB refuses an
 * append larger than its `MaxAppendSize` (1 MiB by default), and sealing makes personal fields longer. A batch of the
 * demo's 4,000 events holds about 2 MB.
 */
export const DEMO_BATCH_BYTES = 256 * 1024;
import type { DomainEvent, EventStore, NewEvent, StreamAppend } from '@coop/contracts';
import { contextFor, metadataFor, type Actor } from '../platform/commands/command-context.js';
import { uuid, type Random } from './demo-random.js';

/** What one decider decided on one stream: the events to append after revision `expected` (-1: a new stream). */
export interface Decision {
  readonly streamId: string;
  readonly expected: number;
  readonly events: readonly DomainEvent[];
}

export class DemoWriter {
  private batch: StreamAppend[] = [];
  private batchEvents = 0;
  private batchBytes = 0;
  private total = 0;
  private last = -1n;

  constructor(
    private readonly events: EventStore,
    private readonly r: Random,
    private readonly actor: Actor,
    /** Events per `appendMulti` call (at most). */
    private readonly batchSize: number,
    /** Bytes per `appendMulti` call (at most, but for one command larger than this alone). */
    private readonly maxBatchBytes = DEMO_BATCH_BYTES,
  ) {}

  /** Events written so far (the ones still in the batch included). */
  get written(): number {
    return this.total;
  }

  /** The log position of the last batch appended; -1 before the first. */
  get head(): bigint {
    return this.last;
  }

  /** Appends one command's decisions in order; flushes between commands only. */
  async write(decided: readonly Decision[]): Promise<void> {
    const metadata = metadataFor(contextFor(this.actor, uuid(this.r)), this.actor.cooperativeId);
    const metadataBytes = JSON.stringify(metadata).length;
    let bytes = 0;
    for (const d of decided) {
      for (const e of d.events) bytes += JSON.stringify(e.data).length + metadataBytes;
    }
    // The command goes whole into one batch: the batch so far first when it would grow too large.
    if (this.batchBytes > 0 && this.batchBytes + bytes > this.maxBatchBytes) await this.flush();
    for (const d of decided) {
      if (d.events.length === 0) continue;
      this.batch.push({
        streamId: d.streamId,
        expected: d.expected < 0 ? 'no_stream' : d.expected,
        events: stamp(d.events, metadata),
      });
      this.batchEvents += d.events.length;
      this.total += d.events.length;
    }
    this.batchBytes += bytes;
    if (this.batchEvents >= this.batchSize || this.batchBytes >= this.maxBatchBytes) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    this.last = (await this.events.appendMulti(this.batch)).position;
    this.batch = [];
    this.batchEvents = 0;
    this.batchBytes = 0;
  }
}

const stamp = (events: readonly DomainEvent[], metadata: NewEvent['metadata']): NewEvent[] =>
  events.map((e) => ({ type: e.type, data: e.data, metadata }) as NewEvent);
