import type { CollectionSpec, ReadStore, WriteOp } from '@coop/contracts';

/**
 * Where a rebuild's writes may go so that folding the next events need not wait for them (issue 41, decision 281): a
 * writer on its own core, over the same read models. A rebuild's writes cost about as much as its folds; with a
 * writer behind, the runner folds the next documents while the last ones are written, and at most one write is under
 * way: the runner waits for it before it hands over the next, so the writes land in the log's order, each with its
 * checkpoint (a crash leaves a state the log continues from).
 *
 * Until a write has committed, the runner answers the documents it holds from its own memory, never from the store.
 */
export interface WriteBehind {
  /**
   * A writer over the store's read models for these collections, or undefined when this store cannot be written
   * from elsewhere (the runner then writes itself). The store's collections exist; it is not written otherwise until
   * the writer is closed.
   */
  open(store: ReadStore, collections: readonly CollectionSpec[]): Promise<BehindWriter | undefined>;
}

/** A writer behind the runner (WriteBehind.open). */
export interface BehindWriter {
  /** Writes the batch and its checkpoint in one transaction, as ReadStore.applyBatch; resolves when it has committed. */
  applyBatch(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): Promise<void>;
  /** Ends the writer (after its last write settled); the store is then written by its own connection again. */
  close(): Promise<void>;
}
