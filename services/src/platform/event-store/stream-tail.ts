import type { RecordedEvent } from '@coop/contracts';

/**
 * Reading only the end of a stream: the events after a revision the reader already holds. The write
 * path uses it to check a cached fold is still current (no events after its revision) without reading
 * the whole stream. Every adapter of this repository has it; the port stays as it is.
 */
export interface StreamTailReads {
  /** The stream's events with a revision above `revision`, in order; empty when there are none or no stream. */
  readStreamAfter(streamId: string, revision: number): Promise<RecordedEvent[]>;
}

export function hasTailReads(store: object): store is StreamTailReads {
  return typeof (store as Partial<StreamTailReads>).readStreamAfter === 'function';
}
