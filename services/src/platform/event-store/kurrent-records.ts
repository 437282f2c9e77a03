import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type EventData,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, ExpectedRevision, NewEvent, RecordedEvent } from '@coop/contracts';
import { recognizeProductEvent } from './product-event.js';
import type { StreamPrefix } from './stream-prefix.js';

/** How the KurrentDB adapter turns our events into the client's and back. */

/** Positions at or above 2^63 are the "unknown" marker (u64 max) some servers send on stream reads. */
const NO_POSITION = 1n << 63n;

/** Most skipped events remembered so that each is warned about once (a batch delivered again warns no more). */
const WARNED_MAX = 10_000;

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
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

export function toActual(state: bigint | 'no_stream'): number | 'no_stream' {
  return state === 'no_stream' || state < 0n ? 'no_stream' : Number(state);
}

export function fromPosition(after: bigint): ReadPosition {
  return after < 0n ? START : { commit: after, prepare: after };
}

/**
 * A JSON event with the id given (a write fixes its events' ids once, for every try: kurrent-writes.ts). Its metadata is stored as a flat object of strings (the multi-stream append of server 25.1+ takes
 * string values only); numbers are converted back on read (product-event.ts).
 */
export function toEventData(event: NewEvent, id?: string): EventData {
  return jsonEvent({
    ...(id === undefined ? {} : { id }),
    type: event.type,
    data: { ...event.data },
    metadata: encodeMetadata(event.metadata),
  });
}

function encodeMetadata(metadata: EventMetadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** The position of a resolved event in `$all`, or undefined when the server gave none. */
export function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): bigint | undefined {
  const position = resolved.event?.position?.commit ?? resolved.commitPosition;
  return position === undefined || position < 0n || position >= NO_POSITION ? undefined : position;
}

/**
 * Turns the server's events into ours: strips this installation's stream prefix, leaves out system events quietly and
 * skips events that are not this product's (another application's, bytes that are not JSON) with one warning each,
 * naming the event's position, so that the projections pass them instead of failing on them again and again.
 */
export class KurrentRecords {
  private readonly warned = new Set<string>();

  constructor(
    private readonly names: StreamPrefix,
    private readonly warn: (line: string) => void,
  ) {}

  /**
   * Our event, or undefined for one to leave out. `requirePosition`: reads of `$all` must give the log position
   * (stream reads come from the index; servers before 22.6 give none there, -1n then).
   */
  toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent, requirePosition = true): RecordedEvent | undefined {
    const event = resolved.event;
    if (!event || event.type.startsWith('$')) return undefined;
    const streamId = this.names.fromServer(event.streamId);
    if (streamId === undefined) return undefined;
    let position = positionOf(resolved);
    if (position === undefined) {
      if (requirePosition) throw new Error(`KurrentDB returned event ${event.id} without a log position`);
      position = -1n;
    }
    const recognized = recognizeProductEvent(event.data, event.metadata);
    if ('reason' in recognized) {
      this.skipped(
        `${event.streamId}@${event.revision}`,
        () =>
          `Event log: skipped the event at position ${position} (stream ${event.streamId}, revision ${event.revision}, type ${event.type}, id ${event.id}): not an event of this product, ${recognized.reason}`,
      );
      return undefined;
    }
    return {
      streamId,
      revision: Number(event.revision),
      position,
      type: event.type,
      data: recognized.data,
      metadata: recognized.metadata,
    } as RecordedEvent;
  }

  private skipped(key: string, line: () => string): void {
    if (this.warned.has(key)) return;
    if (this.warned.size >= WARNED_MAX) this.warned.clear();
    this.warned.add(key);
    this.warn(line());
  }
}
