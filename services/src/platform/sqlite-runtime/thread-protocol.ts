import type { RecordedEvent } from '@coop/contracts';
import type { RebuildPhase } from '@coop/projections';
import type { AppConfig } from '../config/config.js';

/** What the projection thread is started with: the configuration, and the URL of the areas' module it imports. */
export interface ProjectionThreadData {
  readonly config: AppConfig;
  readonly areas: string;
}

/** Messages from the API thread to the projection thread. Requests carry an id the answer repeats. */
export type ToProjectionThread =
  | { readonly kind: 'start'; readonly id: number }
  | { readonly kind: 'stop'; readonly id: number }
  | { readonly kind: 'rebuild'; readonly id: number }
  | { readonly kind: 'apply'; readonly id: number; readonly batch: readonly RecordedEvent[] }
  | { readonly kind: 'close'; readonly id: number }
  /**
   * The log has grown (to at least `position`): read it now rather than at the next poll; `waiting: false` when
   * nobody waits for it yet (a write answered before the read models include it, decision 40): read it within
   * APPENDED_GATHER_MS, so that the writes arriving meanwhile are stored in the same transaction.
   */
  | { readonly kind: 'appended'; readonly position: bigint; readonly waiting: boolean };

/** Messages from the projection thread: answers to requests, and the checkpoint after every stored batch. */
export type FromProjectionThread =
  | { readonly kind: 'done'; readonly id: number; readonly processed: bigint; readonly events?: number }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string }
  | { readonly kind: 'processed'; readonly position: bigint }
  /**
   * A rebuild switched the read models to this file (decision 171): the thread writes there from now on, and reports
   * its next checkpoints only after this message, so the API thread switches its readers before it wakes a waiter.
   */
  | { readonly kind: 'switched'; readonly file: string }
  /** How far the rebuild under way is (events replayed of the log's length), at most every REBUILD_PROGRESS_MS. */
  | { readonly kind: 'rebuilding'; readonly replayed: number; readonly of: number; readonly phase: RebuildPhase };
