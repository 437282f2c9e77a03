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
  /**
   * The collections of other projectors whose documents `keys` names and `project` reads (none: only its own). A
   * rebuild on two cores keeps such projectors in one group (parallel-replay/); a replay of a group stops at a key
   * outside it.
   */
  readonly reads?: readonly string[];
  keys(event: RecordedEvent): readonly DocKey[];
  project(event: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): readonly WriteOp[];
}

export const keyOf = (k: DocKey): string => `${k.collection}\u0000${k.id}`;

/** Builds a document stamped with the position of the event that wrote it. */
export function stamp<T extends object>(
  event: RecordedEvent,
  doc: T & { id: string; cooperativeId: string },
): ReadDocument {
  return { ...doc, position: event.position.toString() };
}

/**
 * The record's own fields but those named, in their order: what `const { a, b, ...rest } = record` gives. Copied key by
 * key, since V8's rest destructuring of an event's data (parsed JSON with personal fields added) took several times as
 * long (issue 41; measured in docs/performance.md section 12).
 */
export function without<T extends object>(record: T, ...keys: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in source) if (Object.hasOwn(source, k) && !keys.includes(k)) out[k] = source[k];
  return out;
}
