import type { CollectionSpec, ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';

export interface DocKey {
  readonly collection: string;
  readonly id: string;
}

/**
 * A projector is pure: `keys` names the documents an event touches; the runner loads them;
 * `project` returns the writes. No I/O inside, so the same code serves every read store.
 */
export interface Projector {
  readonly collections: readonly CollectionSpec[];
  keys(event: RecordedEvent): readonly DocKey[];
  project(event: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): readonly WriteOp[];
}

export const keyOf = (k: DocKey): string => `${k.collection}\u0000${k.id}`;

/** Builds a document stamped with the position of the event that wrote it. */
export function stamp<T extends object>(event: RecordedEvent, doc: T & { id: string; cooperativeId: string }): ReadDocument {
  return { ...doc, position: event.position.toString() };
}
