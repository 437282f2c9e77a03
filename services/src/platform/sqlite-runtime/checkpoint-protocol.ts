/** What the checkpoint thread is started with: the SQLite file and how often to copy its log. */
export interface CheckpointThreadData {
  readonly file: string;
  readonly everyMs: number;
}

/** Messages to the checkpoint thread. */
export type ToCheckpointThread = { readonly kind: 'close' };

/** The checkpoint thread's only message: it is ready (its connection is open). */
export type FromCheckpointThread = { readonly kind: 'ready' };
