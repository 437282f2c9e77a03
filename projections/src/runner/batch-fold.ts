import type { ReadDocument, ReadStore, RecordedEvent } from '@coop/contracts';
import { DocMap } from './doc-map.js';
import type { Overlaid, Pending } from './pending.js';
import { keyOf, type DocKey, type Projector } from './projector.js';

/*
 * Folding events into pending work (ProjectionRunner): the documents a batch touches are loaded once, the projectors
 * project in order over the overlay, and only each document's last write is kept. Nothing is stored here.
 */

/**
 * Projects the events after position `after` into `pending`, loading each touched document once from `store`.
 * An event at or below the position that last wrote a document is ignored for it (the same event twice).
 */
export async function fold(
  projectors: readonly Projector[],
  store: ReadStore,
  batch: readonly RecordedEvent[],
  pending: Pending,
  after: bigint,
  within?: ReadonlySet<string>,
): Promise<void> {
  const { overlay } = pending;
  const fresh = batch.filter((e) => e.position > after);
  const touched = touchedBy(projectors, fresh, within);
  await preload((collection, ids) => store.getMany(collection, ids), touched, overlay);
  const current = (key: DocKey): ReadDocument | undefined => overlay.get(key)?.doc ?? undefined;
  fresh.forEach((event, e) => {
    projectors.forEach((projector, p) => {
      const keys = touched[e]![p]!;
      if (keys.length === 0) return;
      if (keys.some((k) => isAtOrAfter(current(k), event.position))) return;
      projectOver(projector, event, overlay, current);
    });
    pending.last = event.position;
  });
}

/**
 * The documents each projector touches, per event (asked once, used to preload and to project). With `within` (a group
 * of projectors replayed beside another, parallel-replay/): a document of a collection outside it stops the replay.
 */
export function touchedBy(
  projectors: readonly Projector[],
  events: readonly RecordedEvent[],
  within?: ReadonlySet<string>,
): (readonly DocKey[])[][] {
  return events.map((event) =>
    projectors.map((projector) => {
      const keys = projector.keys(event);
      const outside = within && keys.find((key) => !within.has(key.collection));
      if (outside)
        throw new Error(
          `A projector of ${projector.collections.map((c) => c.name).join(', ')} reads ${outside.collection} at ` +
            `position ${event.position}, which its group of a parallel replay does not write (Projector.reads)`,
        );
      return keys;
    }),
  );
}

/**
 * Projects `event` with `projector` over the documents `overlay` holds (`current` reads them) and keeps its writes
 * there (a document's later write supersedes its earlier one): the one step of the runner's fold, and of a preview
 * (preview.ts).
 */
export function projectOver(
  projector: Projector,
  event: RecordedEvent,
  overlay: DocMap<Overlaid>,
  current: (key: DocKey) => ReadDocument | undefined,
): void {
  for (const op of projector.project(event, current)) {
    const key = { collection: op.collection, id: op.kind === 'put' ? op.doc.id : op.id };
    overlay.set(key, { doc: op.kind === 'put' ? op.doc : null, write: op });
  }
}

/**
 * The end of the longest run of events from `start` whose documents not yet in `pending` fit beside those it holds
 * within `bound`; at least one event when it holds none.
 */
export function fitting(
  projectors: readonly Projector[],
  batch: readonly RecordedEvent[],
  start: number,
  pending: Pending,
  bound: number,
): number {
  const added = new Set<string>();
  let end = start;
  for (; end < batch.length; end++) {
    const before = added.size;
    for (const projector of projectors) {
      for (const key of projector.keys(batch[end]!)) if (!pending.overlay.has(key)) added.add(keyOf(key));
    }
    const first = end === start && pending.overlay.size === 0;
    if (pending.overlay.size + added.size > bound && !first) {
      if (before === added.size) continue;
      break;
    }
  }
  return end;
}

/** The stored documents of `ids` in `collection` that exist (ReadStore.getMany, or a caller's reader of it). */
export type LoadDocuments = (collection: string, ids: readonly string[]) => Promise<readonly ReadDocument[]>;

/** Loads, all at once, every touched document the overlay does not hold yet (`null` for one not stored). */
export async function preload(
  load: LoadDocuments,
  touched: readonly (readonly (readonly DocKey[])[])[],
  overlay: DocMap<Overlaid>,
): Promise<void> {
  const missing = new DocMap<DocKey>();
  for (const perProjector of touched) {
    for (const keys of perProjector) {
      for (const key of keys) if (!overlay.has(key)) missing.set(key, key);
    }
  }
  // One read per collection (getMany: one `$in` query on MongoDB), not a round trip per document.
  const ids = new Map<string, string[]>();
  for (const key of missing.values()) {
    const list = ids.get(key.collection);
    if (list) list.push(key.id);
    else ids.set(key.collection, [key.id]);
  }
  await Promise.all(
    [...ids].map(async ([collection, list]) => {
      const found = new Map((await load(collection, list)).map((doc) => [doc.id, doc]));
      for (const id of list) overlay.set({ collection, id }, { doc: found.get(id) ?? null });
    }),
  );
}

function isAtOrAfter(doc: ReadDocument | undefined, position: bigint): boolean {
  return doc !== undefined && BigInt(doc.position) >= position;
}
