/**
 * What a read store may do to take a rebuild's writes faster (issue 41). A rebuild first empties the collections
 * (ReadStore.reset), then writes every document from the log; upkeep that only the reads need (an index per declared
 * field) can be set aside meanwhile and done once, over all the documents, at the end: building an index from the
 * finished table sorts it once, where keeping it up to date inserts into it once per document.
 *
 * The rebuild's reads (the documents by id, the order keys' neighbours) must keep working in between. A store that
 * stops between begin and finish (a crash) makes everything up again when it is opened (ensureCollections), and its
 * read models have no checkpoint then, so they are rebuilt anyway.
 */
export interface BulkLoad {
  /** The collections were just emptied for a rebuild: set aside what only the reads need. */
  begin(collections: readonly string[]): Promise<void>;
  /** The rebuild has written everything (or failed): restore what begin set aside, before the reads need it. */
  finish(collections: readonly string[]): Promise<void>;
}

/** A read store that offers a BulkLoad. */
export interface WithBulkLoad {
  readonly bulkLoad: BulkLoad;
}

/** The store's BulkLoad, when it has one (the SQLite read store; MongoDB's takes the writes as they come). */
export function bulkLoadOf(store: object): BulkLoad | undefined {
  const candidate = (store as Partial<WithBulkLoad>).bulkLoad;
  return candidate !== undefined && typeof candidate.begin === 'function' && typeof candidate.finish === 'function'
    ? candidate
    : undefined;
}
