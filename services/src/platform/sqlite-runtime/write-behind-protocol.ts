import type { CollectionSpec, WriteOp } from '@coop/contracts';
import type { SqliteWriterSetup } from '@coop/projections';

/** What the write-behind thread is started with: the read store's file and options, and the collections it writes. */
export interface WriteBehindThreadData {
  readonly setup: SqliteWriterSetup;
  readonly collections: readonly CollectionSpec[];
}

/** Messages to the write-behind thread: a batch to write with its checkpoint, or the end. */
export type ToWriteBehindThread =
  | {
      readonly kind: 'write';
      readonly ops: readonly WriteOp[];
      readonly checkpoint: { readonly name: string; readonly position: bigint };
    }
  | { readonly kind: 'close' };

/** Messages from the write-behind thread: ready (its connection is open), a batch committed or failed. */
export type FromWriteBehindThread =
  { readonly kind: 'ready' } | { readonly kind: 'written' } | { readonly kind: 'failed'; readonly message: string };
