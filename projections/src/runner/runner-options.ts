import type { ReadStoreSides, RebuildStep } from './read-store-sides.js';
import type { WriteBehind } from '../write-behind/write-behind.port.js';

/**
 * Events read from the log at a time during a rebuild: small enough that a batch's event objects
 * die young (larger reads cost more in garbage collection than they save in round trips).
 */
export const REBUILD_BATCH = 1000;
/**
 * A rebuild folds many read batches into memory and writes once this many documents are touched
 * (or the log ends): a document changed by many events is written once, not once per event.
 * Bounds the memory a rebuild holds.
 */
export const REBUILD_FLUSH_DOCUMENTS = 100_000;
/**
 * Events a side store following the log reads and stores at a time (catchUp): as the SQLite log's subscription hands a
 * runner that is behind (decision 274), one transaction and one write per document for many events.
 */
export const CATCH_UP_BATCH = 20_000;
/** A batch of the live projections this large (a backlog) is written behind while the next is folded (decision 281). */
export const WRITE_BEHIND_MIN_EVENTS = 5_000;

/** What a runner may be given besides its log, store and projectors. */
export interface RunnerOptions {
  /** Where a rebuild builds beside the current read models (none: a rebuild empties them and replays in place). */
  readonly sides?: ReadStoreSides;
  /** Test-only: called at each step of a rebuild beside, where a test may stop the process (COOP_TEST_STOP_AT). */
  readonly stopAt?: (step: RebuildStep) => void;
  /** A writer on another core for the writes of a backlog (decision 281; none: the runner writes everything itself). */
  readonly writeBehind?: WriteBehind;
  /** Test-only: a batch of this many events is written behind (default WRITE_BEHIND_MIN_EVENTS). */
  readonly writeBehindMinEvents?: number;
}
