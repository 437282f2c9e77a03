/** What the checkpoint thread is started with: the SQLite file and how often to copy its log. */
export interface CheckpointThreadData {
  readonly file: string;
  readonly everyMs: number;
}

/** Messages to the checkpoint thread. */
export type ToCheckpointThread = { readonly kind: 'close' };

/** Messages from the checkpoint thread. */
export type FromCheckpointThread = { readonly kind: 'ready' } | { readonly kind: 'closed' };
