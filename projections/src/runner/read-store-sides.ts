import type { ReadStore } from '@coop/contracts';

/**
 * Where a rebuild builds its read models beside the current ones (decision 171): on SQLite a second file, switched to
 * by rewriting the pointer file naming the current one (SqliteReadStoreFiles). Until switchTo() every reader answers
 * from the current read models; an interrupted rebuild leaves only a side store, which the next open() throws away.
 */
export interface ReadStoreSides {
  /** A store beside the current one, with the collections made: empty, or a copy of `copyOf` (the current store). */
  open(copyOf?: ReadStore): Promise<ReadStore>;
  /**
   * Makes `side` the current read models in one step, from now on for every reader (the current store is closed).
   * Returns the store the runner writes to from now on.
   */
  switchTo(side: ReadStore, current: ReadStore): Promise<ReadStore>;
  /** Closes and removes a side store that is not switched to (a rebuild that failed). */
  discard(side: ReadStore): Promise<void>;
}

/**
 * The steps of a rebuild beside the current read models, where a test may stop the process (`COOP_TEST_STOP_AT`):
 * `rebuild:replayed` after the whole log was replayed into the side store, `rebuild:caught-up` when the live
 * projections are paused and the side store has caught up, just before the switch.
 */
export type RebuildStep = 'rebuild:replayed' | 'rebuild:caught-up';

/**
 * The phases of a rebuild, in order: `replaying` the log into the new read models, `catchingUp` with what was appended
 * meanwhile (the live read models answer and follow the log), `switching` to them (the live projections paused).
 */
export const REBUILD_PHASES = ['replaying', 'catchingUp', 'switching'] as const;
export type RebuildPhase = (typeof REBUILD_PHASES)[number];

/** How far a rebuild is: events replayed into the new read models, of the log's length when it began, and its phase. */
export interface RebuildProgress {
  readonly replayed: number;
  readonly of: number;
  readonly phase: RebuildPhase;
}
