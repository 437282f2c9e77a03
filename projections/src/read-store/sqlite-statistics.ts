import type { SqliteConnection } from './sqlite-connection.js';

/**
 * Planner statistics: a collection is analysed again (a sampled ANALYZE of its table and indexes) when its
 * number of documents has grown or shrunk by this factor since its last analysis...
 */
const ANALYZE_FACTOR = 2;
/** ...and has at least this many documents (below it every plan reads few rows)... */
const ANALYZE_MIN_DOCS = 1000;
/**
 * ...and was last analysed at fewer documents than this (growth only; a shrunk one is analysed again whatever its
 * size). ANALYZE reads every page of the collection, sampled or not: at a million postings 2 GB, 23 s from the disk
 * and 1.5 s from memory (measured), in the projections' transaction, so every posting waited for it. Above this size
 * the statistics' proportions hold as the collection grows, and `PRAGMA optimize` at opening analyses a table again
 * once its size has changed tenfold (decision 42).
 */
export const ANALYZE_LIVE_MAX_DOCS = 100_000;

/**
 * Keeps the planner statistics of each collection in step with its size. Without them SQLite cannot tell that
 * `member = ?` picks ten postings out of a million, and prefers the index that avoids sorting (`ORDER BY date`
 * along the cooperative's whole date index).
 */
export class PlannerStatistics {
  /** Per collection: documents now (all cooperatives), and as many as the planner statistics were taken at. */
  private readonly sizes = new Map<string, { docs: number; analysed: number }>();
  /** The collections a rebuild is loading (SqliteDeferredIndexes): analysed once at its end, not as they grow. */
  private readonly loading = new Set<string>();

  constructor(
    private readonly conn: SqliteConnection,
    /** The size above which a growing collection is no longer analysed while projecting. */
    private readonly analyzeLiveMaxDocs: number = ANALYZE_LIVE_MAX_DOCS,
  ) {}

  /** A collection opened with this many documents (counted anew). */
  opened(name: string, docs: number): void {
    this.sizes.set(name, { docs, analysed: this.analysedRows(name) });
  }

  /** A batch added (or, negative, removed) documents of a collection. */
  grew(name: string, delta: number): void {
    this.sizes.get(name)!.docs += delta;
  }

  /** A collection was emptied (a reset). */
  emptied(name: string): void {
    this.sizes.get(name)!.docs = 0;
  }

  /** SQLite's own upkeep at opening (3.46+): a sampled ANALYZE of every table that may benefit; then our own. */
  optimize(names: readonly string[]): void {
    this.conn.db.pragma('optimize = 0x10002');
    for (const name of names) {
      this.sizes.get(name)!.analysed = this.analysedRows(name);
      this.keep(name);
    }
  }

  /**
   * Analyses a collection again when it has doubled or halved since the last analysis, growing only up to
   * ANALYZE_LIVE_MAX_DOCS: eight sampled analyses on the way there, none after.
   */
  keep(name: string): void {
    const size = this.sizes.get(name);
    if (!size || this.loading.has(name)) return;
    const { docs, analysed } = size;
    const grown = docs >= ANALYZE_MIN_DOCS && docs >= analysed * ANALYZE_FACTOR && analysed < this.analyzeLiveMaxDocs;
    const shrunk = analysed >= ANALYZE_MIN_DOCS && docs * ANALYZE_FACTOR <= analysed;
    if (!grown && !shrunk) return;
    this.conn.db.exec(`ANALYZE rm_${name}`);
    // The statements prepared before were planned without the new statistics.
    this.conn.forgetStatements();
    // The exact count, not the sampled estimate ANALYZE wrote (which may be off and would analyse again).
    size.analysed = docs;
  }

  /**
   * A rebuild loads these collections: no analysis while it writes (each one read every page written so far, inside
   * the write lock a replay on two cores shares: 1.4 of the replay thread's 8 s on the demo, issue 41, decision 285).
   */
  loadingBegins(names: readonly string[]): void {
    for (const name of names) this.loading.add(name);
  }

  /** The rebuild's load of these collections ended, made or failed: kept up as they change again (keep()). */
  loadingEnds(names: readonly string[]): void {
    for (const name of names) this.loading.delete(name);
  }

  /**
   * Analyses a collection now, whatever it grew by: its indexes were just made from the finished table (a rebuild's
   * bulk load, SqliteDeferredIndexes) and have no statistics. A small collection never analysed is left as keep() leaves it.
   */
  analyse(name: string): void {
    const size = this.sizes.get(name);
    if (!size || (size.docs < ANALYZE_MIN_DOCS && size.analysed === 0)) return;
    this.conn.db.exec(`ANALYZE rm_${name}`);
    this.conn.forgetStatements();
    size.analysed = size.docs;
  }

  /** The number of rows the collection's table had at its last analysis (0: never analysed). */
  private analysedRows(name: string): number {
    const { db } = this.conn;
    const stat1 = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'").get();
    if (!stat1) return 0;
    const row = db.prepare('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').get(`rm_${name}`) as
      { stat: string } | undefined;
    return row ? Number.parseInt(row.stat, 10) || 0 : 0;
  }
}
