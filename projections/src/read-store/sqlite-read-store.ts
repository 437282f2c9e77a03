import type {
  CollectionSpec,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  ViewPage,
  ViewRequest,
  WriteOp,
} from '@coop/contracts';
import { KeptCounts } from './sqlite-counts.js';
import { SqliteConnection, type ConnectionOptions, type CoopKey, type QueryPlan } from './sqlite-connection.js';
import { QueryPlanner } from './sqlite-query-plan.js';
import { ANALYZE_LIVE_MAX_DOCS, PlannerStatistics } from './sqlite-statistics.js';
import { TextIndex } from './sqlite-text-index.js';
import { Writes } from './sqlite-writes.js';
import { toViewPage, type ViewBuilders } from './view-page.js';
import type { BulkLoad, WithBulkLoad } from '../bulk-load/bulk-load.port.js';
import { SqliteDeferredIndexes } from '../bulk-load/sqlite-deferred-indexes.js';

export { READER_CACHE_MIB, WRITER_CACHE_MIB, type QueryPlan } from './sqlite-connection.js';
export { ANALYZE_LIVE_MAX_DOCS } from './sqlite-statistics.js';

export interface SqliteReadStoreOptions extends ConnectionOptions {
  /** For tests: a smaller key space makes the store renumber order keys often. */
  readonly orderKeyEnd?: number;
  /** For tests: the size above which a growing collection is no longer analysed while projecting (ANALYZE_LIVE_MAX_DOCS). */
  readonly analyzeLiveMaxDocs?: number;
  /**
   * For tests: a count computed faster than this (in ms) is not kept (default 0.3 ms); 0 keeps every count, so that a
   * test of kept counts does not depend on the machine's speed.
   */
  readonly cheapCountMs?: number;
  /** The view builders findView() may use, by name (none: every view name is refused). */
  readonly views?: ViewBuilders;
}

/** Ids from which getMany looks documents up in one statement (measured faster from 16 ids on; fewer: a look-up each). */
const MANY_IDS = 16;

/**
 * Read models in SQLite: a table per collection holding the JSON document, with one indexed
 * column per declared field (strings compare case-insensitively) and a lower-cased search column.
 * A collection with search fields also gets FTS5 trigram indexes over the search column, one per
 * cooperative, so that a search of three or more characters is answered from the cooperative's own
 * index: a phrase of trigrams matches exactly where the literal substring occurs, so the count of a
 * search without filters needs no document at all. A wide match reads its page along the sort
 * field's index and stops at the page's end; a narrow one fetches its matches and sorts them.
 *
 * Ordered text index (spec.textOrder, decision 29): each document of such a collection gets an order key (`sk`),
 * an integer that follows the order of `(f_<textOrder>, id)` within its cooperative, and its text index entry uses
 * that key as rowid. FTS5 returns matches in rowid order, so a search sorted by that field reads the matches in
 * order and stops at the page's end: no look-up and no sort of every match. A new place takes the key halfway
 * between its neighbours; when they leave no room, a window of neighbours is renumbered evenly (doubled until
 * the keys it spans leave room), as in an order-maintenance list.
 *
 * Counts: the documents of each cooperative per collection are counted as they are written
 * (`doc_counts`), so an unfiltered list counts nothing. The count of a filtered query is kept until
 * something it depends on changes (decision 36): each batch moves, in the same transaction, the version
 * (`change_versions`) of every aspect of a collection it changed: `rows` (a document added, removed or moved to
 * another cooperative), `search` (a search text), `sk` (order keys), `doc` (any document) and each declared field
 * whose column it changed. A count depends on `rows`, `search`, `sk` and its filters' fields (`doc` for an array
 * field); every connection reads the versions, so a posting, which changes a member's `shareAmount` and `doc`
 * only, leaves the counts of the member list valid in every thread.
 *
 * The parts, each in its file: the connection and its prepared statements (SqliteConnection), query planning
 * (QueryPlanner, with TextSearch for searches in the text index), the text index (TextIndex, with OrderKeys), the
 * kept counts (KeptCounts) and planner statistics (PlannerStatistics), and the writes (Writes). This class ties them
 * together behind the port, and makes the collections' tables and indexes.
 */
export class SqliteReadStore implements ReadStore, WithBulkLoad {
  private readonly conn: SqliteConnection;
  private readonly counts: KeptCounts;
  private readonly statistics: PlannerStatistics;
  private readonly text: TextIndex;
  private readonly planner: QueryPlanner;
  private readonly writes: Writes;
  private readonly views: ViewBuilders;
  /** A rebuild's writes without the field indexes, made once at its end (issue 41, bulk-load/). */
  readonly bulkLoad: BulkLoad;

  constructor(file: string, options: SqliteReadStoreOptions = {}) {
    this.conn = new SqliteConnection(file, options);
    this.statistics = new PlannerStatistics(this.conn, options.analyzeLiveMaxDocs ?? ANALYZE_LIVE_MAX_DOCS);
    this.counts = new KeptCounts(this.conn, this.statistics, options.cheapCountMs);
    this.text = new TextIndex(this.conn, this.counts, options.orderKeyEnd);
    this.planner = new QueryPlanner(this.conn, this.counts, this.text);
    this.writes = new Writes(this.conn, this.counts, this.statistics, this.text);
    this.views = options.views ?? {};
    this.bulkLoad = new SqliteDeferredIndexes(this.conn, this.statistics);
  }

  async ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    const { db } = this.conn;
    for (const spec of specs) {
      const collection = this.conn.register(spec);
      const { name, columns, textIndex, order } = collection;
      const cols = columns.map((f) => `f_${f} ${spec.fields[f] === 'string' ? 'TEXT COLLATE NOCASE' : 'NUMERIC'}`);
      db.transaction(() => {
        db.exec(
          `CREATE TABLE IF NOT EXISTS rm_${name} (id TEXT PRIMARY KEY, cooperative_id ${this.conn.coopColumn} NOT NULL, ` +
            `doc TEXT NOT NULL, search TEXT NOT NULL DEFAULT ''${cols.map((c) => `, ${c}`).join('')})`,
        );
        // A field declared since the table was made gets its column; the stored documents fill it only when they are
        // written again, so a version that declares a new field also changes READ_MODEL_FORMAT (a rebuild) (decision 35).
        const existing = new Set(
          db.prepare(`SELECT name FROM pragma_table_info('rm_${name}')`).pluck().all() as string[],
        );
        columns.forEach((f, i) => {
          if (!existing.has(`f_${f}`)) db.exec(`ALTER TABLE rm_${name} ADD COLUMN ${cols[i]}`);
        });
        db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_coop ON rm_${name} (cooperative_id, id)`);
        for (const f of columns) {
          db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_${f} ON rm_${name} (cooperative_id, f_${f}, id)`);
        }
        if (order) {
          const keyed = db.prepare(`SELECT 1 FROM pragma_table_info('rm_${name}') WHERE name = 'sk'`).get();
          if (!keyed) db.exec(`ALTER TABLE rm_${name} ADD COLUMN sk INTEGER`);
          db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_sk ON rm_${name} (cooperative_id, sk)`);
        }
        if (textIndex) this.text.ensure(collection);
      }).immediate();
      this.counts.recount(name);
    }
    this.statistics.optimize(specs.map((spec) => spec.name));
  }

  /**
   * For a connection that only reads (a read thread of the API): learns the collections, which another
   * connection has made with ensureCollections(), without writing anything (no tables, counts or statistics).
   */
  useCollections(specs: readonly CollectionSpec[]): void {
    for (const spec of specs) this.conn.register(spec);
  }

  async get(collection: string, id: string): Promise<ReadDocument | undefined> {
    const text = this.storedDoc(collection, id);
    return text === undefined ? undefined : (JSON.parse(text) as ReadDocument);
  }

  async getMany(collection: string, ids: readonly string[]): Promise<ReadDocument[]> {
    return this.storedDocs(collection, ids).map((text) => JSON.parse(text) as ReadDocument);
  }

  /** As getMany(), as one JSON array text of the documents as stored (what a read thread hands the API thread). */
  getJson(collection: string, ids: readonly string[]): { readonly json: string; readonly count: number } {
    const docs = this.storedDocs(collection, ids);
    return { json: `[${docs.join(',')}]`, count: docs.length };
  }

  async find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    return this.findDocuments(collection, query);
  }

  /** find(), answered synchronously (a read thread answers one query at a time). */
  findDocuments(collection: string, query: ReadQuery): ReadPage<ReadDocument> {
    const { docs, total } = this.planner.find(collection, query);
    return { items: docs.map((doc) => JSON.parse(doc) as ReadDocument), total };
  }

  /**
   * As find(), with the page's documents as one JSON array text, as stored: a read thread hands it to the API
   * thread as a string (copied once) instead of parsing every document and cloning the objects across threads.
   */
  findJson(
    collection: string,
    query: ReadQuery,
  ): { readonly json: string; readonly count: number; readonly total: number } {
    const { docs, total } = this.planner.find(collection, query);
    return { json: `[${docs.join(',')}]`, count: docs.length, total };
  }

  async findView(collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
    const { items, total } = this.findDocuments(collection, query);
    return toViewPage(this.views, view, items, total);
  }

  async *scan(collection: string, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]> {
    for (let after = ''; ;) {
      const { docs, last } = this.scanPage(collection, cooperativeId, after, batchSize);
      if (last === null) return;
      yield docs.map((text) => JSON.parse(text) as ReadDocument);
      if (docs.length < batchSize) return;
      after = last;
    }
  }

  /**
   * One batch of scan() as the documents' stored JSON texts: those of the cooperative with an id after `after`, in id
   * order; with the last one's id (null when none), so that a caller can ask for the next batch before it parses this one.
   */
  scanPage(
    collection: string,
    cooperativeId: string,
    after: string,
    limit: number,
  ): { readonly docs: string[]; readonly last: string | null } {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new Error(`A scan's batch size must be a positive whole number, not ${limit}`);
    this.conn.collection(collection);
    const coop = this.conn.coopKey(cooperativeId);
    if (coop === undefined) return { docs: [], last: null };
    // The index (cooperative_id, id) serves it: a range read from `after`, stopping after `limit` rows.
    const rows = this.conn
      .stmt<[CoopKey, string, number], { id: string; doc: string }>(
        `SELECT id, doc FROM rm_${collection} WHERE cooperative_id = ? AND id > ? ORDER BY id LIMIT ?`,
      )
      .all(coop, after, limit);
    return { docs: rows.map((row) => row.doc), last: rows.at(-1)?.id ?? null };
  }

  /**
   * How find() answers a query: each statement it runs, with SQLite's EXPLAIN QUERY PLAN for the values
   * bound (plans may depend on them: the statistics include samples). Runs the query; for diagnostics
   * and the plan tests, not for the API.
   */
  async explain(collection: string, query: ReadQuery): Promise<QueryPlan[]> {
    const trace: QueryPlan[] = [];
    this.conn.trace = trace;
    try {
      await this.find(collection, query);
    } finally {
      this.conn.trace = undefined;
    }
    return trace;
  }

  async applyBatch(
    ops: readonly WriteOp[],
    checkpoint: { readonly name: string; readonly position: bigint },
  ): Promise<void> {
    this.writes.applyBatch(ops, checkpoint);
  }

  async checkpoint(name: string): Promise<bigint> {
    return this.writes.checkpoint(name);
  }

  async reset(collections: readonly string[], checkpointName: string): Promise<void> {
    this.writes.reset(collections, checkpointName);
  }

  async close(): Promise<void> {
    this.conn.close();
  }

  /** Copies the whole store, consistent as of one moment, into a new file (SQLite's online backup; writers go on meanwhile). */
  async copyTo(file: string): Promise<void> {
    await this.conn.db.backup(file);
  }

  /** The stored JSON texts of the documents of these ids that exist, in the order asked. */
  private storedDocs(collection: string, ids: readonly string[]): string[] {
    if (ids.length < MANY_IDS)
      return ids.map((id) => this.storedDoc(collection, id)).filter((text): text is string => text !== undefined);
    // Many ids (a rebuild's batch reads back the documents its events touch): one statement looks them all up in
    // SQLite, instead of a call per id from JavaScript (issue 41).
    this.conn.collection(collection);
    const found = new Map<string, string>();
    const rows = this.conn
      .stmt<[string], [string, string]>(
        `SELECT id, doc FROM rm_${collection} WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .raw()
      .all(JSON.stringify(ids));
    for (const [id, doc] of rows) found.set(id, doc);
    const docs: string[] = [];
    for (const id of ids) {
      const doc = found.get(id);
      if (doc !== undefined) docs.push(doc);
    }
    return docs;
  }

  /** A document's stored JSON text, undefined when there is none. */
  private storedDoc(collection: string, id: string): string | undefined {
    this.conn.collection(collection);
    return this.conn.stmt<[string], { doc: string }>(`SELECT doc FROM rm_${collection} WHERE id = ?`).get(id)?.doc;
  }
}
