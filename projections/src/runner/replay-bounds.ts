/* How much a replay reads, folds and holds at a time (ProjectionRunner). */

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
/** The same bound for each of a replay's two groups on two cores (decision 284): together they hold what one would. */
export const GROUP_FLUSH_DOCUMENTS = REBUILD_FLUSH_DOCUMENTS / 2;
/**
 * Events a side store following the log reads and stores at a time (catchUp): as the SQLite log's subscription hands a
 * runner that is behind (decision 274), one transaction and one write per document for many events.
 */
export const CATCH_UP_BATCH = 20_000;
