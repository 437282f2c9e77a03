import type { Collection, SqliteConnection } from '../read-store/sqlite-connection.js';
import type { PlannerStatistics } from '../read-store/sqlite-statistics.js';
import type { BulkLoad } from './bulk-load.port.js';

/**
 * The SQLite read store's BulkLoad: during a rebuild, the indexes over the declared fields (`ix_<collection>_<field>`,
 * made by ensureCollections) are dropped, and made again from the finished table at its end, then analysed. A document
 * inserted into the members' table kept 20 indexes up to date, the postings' 21; a rebuild spent most of its writes
 * there (issue 41). Kept throughout: the primary key (a document by id), the cooperative's index (`ix_<name>_coop`),
 * and for a collection with a text order the index of that field and of the order keys (OrderKeys reads them).
 */
export class SqliteDeferredIndexes implements BulkLoad {
  /** The statements of the indexes dropped, per collection, in the order they were made. */
  private readonly deferred = new Map<string, string[]>();

  constructor(
    private readonly conn: SqliteConnection,
    private readonly statistics: PlannerStatistics,
  ) {}

  async begin(collections: readonly string[]): Promise<void> {
    const { db } = this.conn;
    db.transaction(() => {
      for (const name of collections) {
        const kept = keptIndexes(this.conn.collection(name));
        const indexes = db
          .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid",
          )
          .all(`rm_${name}`) as { name: string; sql: string }[];
        const dropped = indexes.filter((ix) => !kept.has(ix.name));
        for (const ix of dropped) db.exec(`DROP INDEX ${ix.name}`);
        if (dropped.length > 0)
          this.deferred.set(name, [...(this.deferred.get(name) ?? []), ...dropped.map((ix) => ix.sql)]);
      }
    }).immediate();
    // Statements prepared before were planned with the indexes.
    this.conn.forgetStatements();
    this.statistics.loadingBegins(collections);
  }

  async finish(collections: readonly string[]): Promise<void> {
    const { db } = this.conn;
    try {
      db.transaction(() => {
        for (const name of collections) {
          const sqls = this.deferred.get(name);
          if (!sqls) continue;
          for (const sql of sqls) db.exec(sql.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
          this.deferred.delete(name);
        }
      }).immediate();
    } finally {
      this.conn.forgetStatements();
      this.statistics.loadingEnds(collections);
    }
    // The new indexes have no statistics yet, and the tables none since begin (decision 285): the planner would not
    // know which picks few rows. Each is analysed once, from its finished table.
    for (const name of collections) this.statistics.analyse(name);
  }
}

/** The indexes a rebuild reads (or that cost little to keep): the cooperative's, and the text order's two. */
function keptIndexes(collection: Collection): Set<string> {
  const { name, order } = collection;
  return new Set([`ix_${name}_coop`, ...(order ? [`ix_${name}_${order}`, `ix_${name}_sk`] : [])]);
}
