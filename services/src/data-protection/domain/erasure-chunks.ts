/**
 * The clean-up's events in bounded parts (decision 318): a run of thousands of members due at once (a cooperative's
 * first clean-up after years) named them all in one event, larger than KurrentDB takes in one append (`MaxAppendSize`,
 * 1 MiB by default) and blanking every projector's documents of them in one batch. Each part holds at most `maxItems`
 * members and at most `maxBytes` of JSON, but always one member (a member alone is far below the server's limit).
 */
export const ERASURE_CHUNK_BYTES = 256 * 1024;

/** Cuts `items`, in their order, into parts of at most `maxItems` items and `maxBytes` of their JSON each. */
export function* erasureChunks<T>(
  items: Iterable<T>,
  maxItems: number,
  maxBytes = ERASURE_CHUNK_BYTES,
): Generator<T[]> {
  if (!Number.isInteger(maxItems) || maxItems < 1) throw new RangeError('A part holds at least one member');
  let part: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length;
    if (part.length > 0 && (part.length >= maxItems || bytes + size > maxBytes)) {
      yield part;
      part = [];
      bytes = 0;
    }
    part.push(item);
    bytes += size;
  }
  if (part.length > 0) yield part;
}
