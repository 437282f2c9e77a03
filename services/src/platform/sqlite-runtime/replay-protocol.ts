import type { SqliteReadStoreOptions } from '@coop/projections';
import type { AppConfig } from '../config/config.js';

/** What the replay helper's thread is started with (replay-thread.ts). */
export interface ReplayThreadData {
  readonly config: AppConfig;
  /** The business areas' module (Areas.module), whose projectors `projectors` indexes. */
  readonly areas: string;
  /** The side read-model file. */
  readonly file: string;
  /** The connection's options (cache, busy timeout, the log's checkpoints; no views: the thread answers no queries). */
  readonly sqlite: Pick<SqliteReadStoreOptions, 'cacheMiB' | 'busyTimeoutMs' | 'walAutocheckpointPages'>;
  /** The projectors to replay, by their index in the areas' projectors. */
  readonly projectors: readonly number[];
  /** The position to replay up to (a bigint as text). */
  readonly upTo: string;
}

/** The replay helper's one answer. */
export type FromReplayThread =
  { readonly kind: 'done'; readonly events: number } | { readonly kind: 'failed'; readonly message: string };
