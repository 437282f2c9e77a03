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
  /**
   * The version of this projector's documents (default 1). Raise it when a change to the projector changes what its
   * documents hold: at the next start the runner rebuilds this projector's collections alone, beside the current read
   * models, and switches over when they have caught up (decision 170). A change to how every read model is stored
   * raises READ_MODEL_FORMAT instead (everything is rebuilt).
   */
  readonly version?: number;
  keys(event: RecordedEvent): readonly DocKey[];
  project(event: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): readonly WriteOp[];
}

export const keyOf = (k: DocKey): string => `${k.collection}\u0000${k.id}`;

/** Builds a document stamped with the position of the event that wrote it. */
export function stamp<T extends object>(event: RecordedEvent, doc: T & { id: string; cooperativeId: string }): ReadDocument {
  return { ...doc, position: event.position.toString() };
}
