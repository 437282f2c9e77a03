import type { DocKey } from './projector.js';

/** A map keyed by document (collection and id), without building a combined key string per look-up. */
export class DocMap<V> {
  private readonly byCollection = new Map<string, Map<string, V>>();
  size = 0;

  has(key: DocKey): boolean {
    return this.byCollection.get(key.collection)?.has(key.id) ?? false;
  }

  get(key: DocKey): V | undefined {
    return this.byCollection.get(key.collection)?.get(key.id);
  }

  set(key: DocKey, value: V): void {
    let ids = this.byCollection.get(key.collection);
    if (!ids) this.byCollection.set(key.collection, (ids = new Map()));
    if (!ids.has(key.id)) this.size += 1;
    ids.set(key.id, value);
  }

  *values(): IterableIterator<V> {
    for (const ids of this.byCollection.values()) yield* ids.values();
  }
}
