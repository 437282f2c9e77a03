import type { ReadStoreSides, RebuildStep } from './read-store-sides.js';
import type { ParallelReplay } from '../parallel-replay/parallel-replay.port.js';

/** What a runner may be given besides its log, store and projectors. */
export interface RunnerOptions {
  /** Where a rebuild builds beside the current read models (none: a rebuild empties them and replays in place). */
  readonly sides?: ReadStoreSides;
  /** Test-only: called at each step of a rebuild beside, where a test may stop the process (COOP_TEST_STOP_AT). */
  readonly stopAt?: (step: RebuildStep) => void;
  /** A helper replaying some projectors of a rebuild beside on another core (decision 284). */
  readonly parallel?: ParallelReplay;
  /**
   * This runner replays a group of the projectors beside a helper (parallel-replay/): an event naming a document of a
   * collection the group does not write stops it, rather than reading a document the other group is writing.
   */
  readonly group?: boolean;
}

/**
 * Lets the thread's other work run between two batches of a rebuild (decision 202): on SQLite every read and write
 * resolves without waiting for I/O, so a replay awaiting only them never gave the event loop back, and the projection
 * thread's live projections, its messages and its progress reports waited until the whole rebuild had ended.
 */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
