import Database from 'better-sqlite3';
import type {
  CollectionSpec,
  Filter,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  Scalar,
  WriteOp,
} from '@coop/contracts';
import { compareKey } from './compare-key.js';
import { tieDirection } from './tie-direction.js';
import { OrderKeys } from './order-keys.js';
import { escapeLike, normaliseSearch, searchText } from './search-text.js';

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/**
 * The trigram index answers searches of at least three characters directly, and searches of two from the
 * trigrams that start or end with them (see twoCharacterPhrase); a single character scans.
 */
const TRIGRAM = 3;
/** Prepared statements kept per store; the cache is emptied when it grows past this (find builds varying SQL). */
const MAX_STATEMENTS = 500;
/**
 * A search page is read along the sort field's index (stopping at the page's last match) when that is
 * expected to visit at most this many documents; otherwise the matches are fetched and sorted.
 */
const ORDERED_SCAN_EXPECTED = 1500;
/**
 * An ordered scan looks at most this many documents (in SQLite, about 1 µs each); when they do not fill the
 * page (the matches sit further along the order) it gives way to the fetch-and-sort plan (about 2 µs a match).
 */
const ORDERED_SCAN_MAX = 3000;
/** Matches sampled to judge whether the ordered scan's window will hold the page (windowLikelyFills). */
const WINDOW_SAMPLE = 40;
/** Counts of filtered queries kept until the collection next changes (the least recently used go first). */
const MAX_CACHED_COUNTS = 2000;
/** A count computed faster than this is not kept (see cachedCount). */
const CHEAP_COUNT_MS = 0.3;
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
/** Index entries ANALYZE samples per index (PRAGMA analysis_limit, the value SQLite advises): about 150 ms for the 19 indexes of the postings. */
const ANALYSIS_LIMIT = 400;
/** The page cache of a connection that writes (the projections'), in MiB: SQLite's default is 2 MiB. */
export const WRITER_CACHE_MIB = 256;
/**
 * The page cache of a connection that only reads while another one writes (a read thread, the API thread's point
 * reads), in MiB. SQLite empties a connection's page cache whenever another connection has committed, and emptying it
 * costs with its size (walking its hash table): about 0.4 ms a read after a commit at 256 MiB, 0.04 ms at 16 MiB,
 * measured on the read store of 100,000 members; the member list and dashboard ran as fast at 16 MiB without
 * writes, and at half the time with a posting before each query (decision 36).
 */
export const READER_CACHE_MIB = 16;

/**
 * The aspects (see SqliteReadStore) a collection's text index and every kept count depend on: its rows, their search
 * texts and their order keys; a count also depends on the fields it filters by.
 */
const TEXT_ASPECTS = ['rows', 'search', 'sk'] as const;

export interface SqliteReadStoreOptions {
  /** For tests: a smaller key space makes the store renumber order keys often. */
  readonly orderKeyEnd?: number;
  /** This connection's page cache in MiB (default WRITER_CACHE_MIB; READER_CACHE_MIB for a connection that only reads). */
  readonly cacheMiB?: number;
  /** For tests: the size above which a growing collection is no longer analysed while projecting (ANALYZE_LIVE_MAX_DOCS). */
  readonly analyzeLiveMaxDocs?: number;
  /**
   * Pages the write-ahead log may hold before a commit of this connection copies them into the database itself (SQLite's
   * `wal_autocheckpoint`, default 1,000). Set higher where another thread checkpoints the log (the projection thread
   * with its checkpoint thread), so the writer's commits do not stop for the copy and its fsync; the limit stays as a
   * safety net should that thread fall behind.
   */
  readonly walAutocheckpointPages?: number;
}

/** A statement find() runs and SQLite's plan for it (the `detail` lines of EXPLAIN QUERY PLAN). */
export interface QueryPlan {
  readonly sql: string;
  readonly plan: readonly string[];
}

/** What a collection's writes need, worked out once per collection. */
interface Collection {
  readonly spec: CollectionSpec;
  readonly name: string;
  /** Declared fields stored in their own column (all but the array fields). */
  readonly columns: readonly string[];
  /** The row's stored columns in the order a write's values come in: cooperative, document, search text, `f_<field>`s. */
  readonly stored: readonly string[];
  readonly insertSql: string;
  /** The row's rowid and every stored column but the document, to tell which columns a write changes. */
  readonly storedSql: string;
  /** Whether the collection has trigram indexes (one per cooperative) over its search column. */
  readonly textIndex: boolean;
  /**
   * The field (spec.textOrder) the text index keeps its documents in: the index's rowid is then the row's order key
   * (column `sk`) instead of its rowid. Undefined: the text index uses rowids.
   */
  readonly order?: string;
}

/** A page as stored: the documents' JSON texts in order, and the number of matches. */
interface StoredPage {
  readonly docs: string[];
  readonly total: number;
}

/** A stored row without its document: rowid, cooperative, search text, the `f_<field>` columns (and `sk`). */
interface StoredRow {
  readonly rowid: number;
  readonly cooperative_id: string;
  readonly search: string;
  readonly sk?: number | null;
  readonly [column: string]: unknown;
}

/** A cooperative's part of a collection's text index: table `fts_<collection>_<part>`. */
interface TextPart {
  readonly table: string;
  /**
   * The trigrams in the part (for two-character searches): read from the index (fts5vocab) and kept until a batch
   * changes the collection's text index (`textVersions`, the change versions of its rows, search texts and order keys
   * when it was read), like a kept count.
   */
  vocabulary?: { readonly trigrams: Set<string>; textVersions: string };
}

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
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly collections = new Map<string, Collection>();
  private readonly statements = new Map<string, Database.Statement>();
  private readonly parts = new Map<string, TextPart>();
  /** Counts of filtered queries, with the change versions (`versionsOf`) they were counted at. */
  private readonly counts = new Map<string, { versions: string; total: number }>();
  /** The aspects (see the class comment) of each collection the batch being applied changed, per collection. */
  private readonly changes = new Map<string, Set<string>>();
  /** Document count changes of the batch being applied, written with it. */
  private readonly countDeltas = new Map<string, number>();
  /**
   * Text index entries the batch being applied adds, per part table (key -> search text), written at its end in key
   * order: FTS5 writes out its pending entries whenever a rowid is not above the last one of the transaction, and
   * order keys come in any order (at 30,000 users, inserted one by one in key order they cost several times more).
   */
  private readonly textInserts = new Map<string, Map<number, string>>();
  /** Set while explain() runs: the plans of the statements find() executes. */
  private trace: QueryPlan[] | undefined;
  /** Per collection: documents now (all cooperatives), and as many as the planner statistics were taken at. */
  private readonly sizes = new Map<string, { docs: number; analysed: number }>();

  private readonly orderKeys: OrderKeys;
  private readonly analyzeLiveMaxDocs: number;

  constructor(file: string, options: SqliteReadStoreOptions = {}) {
    this.analyzeLiveMaxDocs = options.analyzeLiveMaxDocs ?? ANALYZE_LIVE_MAX_DOCS;
    this.orderKeys = new OrderKeys(
      {
        stmt: (sql) => this.stmt(sql),
        textTable: (collection, cooperativeId) => this.part(collection, cooperativeId, true)!.table,
        textInsert: (table, key, search) => this.textInsert(table, key, search),
        textDelete: (table, key) => this.textDelete(table, key),
      },
      options.orderKeyEnd,
    );
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // A writer's cache outlives its own commits (inserts into the big indexes find their pages there); a reader's is
    // emptied after every commit of another connection, and a small one costs less to empty (READER_CACHE_MIB).
    this.db.pragma(`cache_size = -${Math.trunc((options.cacheMiB ?? WRITER_CACHE_MIB) * 1024)}`);
    this.db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    if (options.walAutocheckpointPages !== undefined) this.db.pragma(`wal_autocheckpoint = ${Math.trunc(options.walAutocheckpointPages)}`);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS text_parts (collection TEXT NOT NULL, cooperative_id TEXT NOT NULL, ' +
        'part INTEGER NOT NULL, PRIMARY KEY (collection, cooperative_id))',
    );
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS doc_counts (collection TEXT NOT NULL, cooperative_id TEXT NOT NULL, ' +
        'docs INTEGER NOT NULL, PRIMARY KEY (collection, cooperative_id))',
    );
    // The field each collection's text index is ordered by (none: no row), to tell when it must be keyed anew.
    this.db.exec('CREATE TABLE IF NOT EXISTS text_orders (collection TEXT PRIMARY KEY, field TEXT NOT NULL)');
    // What each collection's kept counts depend on, moved by every batch that changes it (see the class comment).
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS change_versions (collection TEXT NOT NULL, aspect TEXT NOT NULL, ' +
        'version INTEGER NOT NULL, PRIMARY KEY (collection, aspect))',
    );
  }

  async ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    for (const spec of specs) {
      const collection = this.register(spec);
      const { name, columns, textIndex, order } = collection;
      const cols = columns.map((f) => `f_${f} ${spec.fields[f] === 'string' ? 'TEXT COLLATE NOCASE' : 'NUMERIC'}`);
      this.db.transaction(() => {
        this.db.exec(
          `CREATE TABLE IF NOT EXISTS rm_${name} (id TEXT PRIMARY KEY, cooperative_id TEXT NOT NULL, ` +
            `doc TEXT NOT NULL, search TEXT NOT NULL DEFAULT ''${cols.map((c) => `, ${c}`).join('')})`,
        );
        // A field declared since the table was made gets its column; the stored documents fill it only when they are
        // written again, so a version that declares a new field also changes READ_MODEL_FORMAT (a rebuild) (decision 35).
        const existing = new Set(this.db.prepare(`SELECT name FROM pragma_table_info('rm_${name}')`).pluck().all() as string[]);
        columns.forEach((f, i) => {
          if (!existing.has(`f_${f}`)) this.db.exec(`ALTER TABLE rm_${name} ADD COLUMN ${cols[i]}`);
        });
        this.db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_coop ON rm_${name} (cooperative_id, id)`);
        for (const f of columns) {
          this.db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_${f} ON rm_${name} (cooperative_id, f_${f}, id)`);
        }
        if (order) {
          const keyed = this.db.prepare(`SELECT 1 FROM pragma_table_info('rm_${name}') WHERE name = 'sk'`).get();
          if (!keyed) this.db.exec(`ALTER TABLE rm_${name} ADD COLUMN sk INTEGER`);
          this.db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_sk ON rm_${name} (cooperative_id, sk)`);
        }
        if (textIndex) this.ensureTextIndex(collection);
      })();
      // Recounted at every start: the counts cannot drift from the documents across versions or crashes.
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM doc_counts WHERE collection = ?').run(name);
        this.db
          .prepare(`INSERT INTO doc_counts (collection, cooperative_id, docs) SELECT ?, cooperative_id, COUNT(*) FROM rm_${name} GROUP BY cooperative_id`)
          .run(name);
        // At every start: columns may have been added or the text index made anew, so no connection's kept count holds.
        this.changed(name, 'rows');
        this.writeChanges();
      })();
      const docs = this.db.prepare('SELECT COALESCE(SUM(docs), 0) AS n FROM doc_counts WHERE collection = ?').get(name) as { n: number };
      this.sizes.set(name, { docs: docs.n, analysed: this.analysedRows(name) });
    }
    // SQLite's own upkeep at opening (3.46+): a sampled ANALYZE of every table that may benefit.
    this.db.pragma('optimize = 0x10002');
    for (const spec of specs) {
      this.sizes.get(spec.name)!.analysed = this.analysedRows(spec.name);
      this.keepStatistics(spec.name);
    }
  }

  /**
   * For a connection that only reads (a read thread of the API): learns the collections, which another
   * connection has made with ensureCollections(), without writing anything (no tables, counts or statistics).
   */
  useCollections(specs: readonly CollectionSpec[]): void {
    for (const spec of specs) this.register(spec);
  }

  /** Works out what a collection's writes and reads need and keeps it (no SQL run). */
  private register(spec: CollectionSpec): Collection {
    assertName(spec.name);
    const name = spec.name;
    const columns = Object.keys(spec.fields).filter((f) => !spec.arrays?.includes(f));
    for (const f of columns) assertName(f);
    const textIndex = spec.search.length > 0;
    const order = spec.textOrder;
    if (order !== undefined && (spec.fields[order] !== 'string' || spec.arrays?.includes(order) || !textIndex)) {
      throw new Error(`textOrder ${order} of ${name} must be a declared string field of a collection with search fields`);
    }
    const all = ['cooperative_id', 'doc', 'search', ...columns.map((f) => `f_${f}`), ...(order ? ['sk'] : [])];
    const insertSql = `INSERT INTO rm_${name} (id, ${all.join(', ')}) VALUES (?${all.map(() => ', ?').join('')})`;
    const storedSql = `SELECT rowid, ${all.filter((c) => c !== 'doc').join(', ')} FROM rm_${name} WHERE id = ?`;
    const collection: Collection = { spec, name, columns, stored: all, insertSql, storedSql, textIndex, ...(order ? { order } : {}) };
    this.collections.set(name, collection);
    return collection;
  }

  async get(collection: string, id: string): Promise<ReadDocument | undefined> {
    const text = this.storedDoc(collection, id);
    return text === undefined ? undefined : (JSON.parse(text) as ReadDocument);
  }

  /** The stored JSON texts of the documents of these ids that exist, as one JSON array text, in the order asked. */
  getJson(collection: string, ids: readonly string[]): { readonly json: string; readonly count: number } {
    const docs = ids.map((id) => this.storedDoc(collection, id)).filter((text): text is string => text !== undefined);
    return { json: `[${docs.join(',')}]`, count: docs.length };
  }

  /** A document's stored JSON text, undefined when there is none. */
  private storedDoc(collection: string, id: string): string | undefined {
    this.collection(collection);
    return this.stmt<[string], { doc: string }>(`SELECT doc FROM rm_${collection} WHERE id = ?`).get(id)?.doc;
  }

  async find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    return this.findDocuments(collection, query);
  }

  /** find(), answered synchronously (a read thread answers one query at a time). */
  findDocuments(collection: string, query: ReadQuery): ReadPage<ReadDocument> {
    const { docs, total } = this.findStored(collection, query);
    return { items: docs.map((doc) => JSON.parse(doc) as ReadDocument), total };
  }

  /**
   * As find(), with the page's documents as one JSON array text, as stored: a read thread hands it to the API
   * thread as a string (copied once) instead of parsing every document and cloning the objects across threads.
   */
  findJson(collection: string, query: ReadQuery): { readonly json: string; readonly count: number; readonly total: number } {
    const { docs, total } = this.findStored(collection, query);
    return { json: `[${docs.join(',')}]`, count: docs.length, total };
  }

  /** The page's documents as their stored JSON texts, and the number of matches. */
  private findStored(collection: string, query: ReadQuery): StoredPage {
    const { spec, textIndex } = this.collection(collection);
    const search = query.search ? normaliseSearch(query.search) : '';
    const where: string[] = [];
    const params: unknown[] = [];
    for (const filter of query.filters ?? []) this.addFilter(spec, filter, where, params);
    const order = (query.sort ?? []).map((s) => {
      this.assertField(spec, s.field, true);
      return `${s.field === 'id' ? 'id' : `f_${s.field}`} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`;
    });
    // Ties by id in the direction of the first sort field (decision 37): a sort along one field's index, either way, is
    // that index read in one direction, and the newest of a day's postings (ids in creation order) comes first.
    if (!(query.sort ?? []).some((s) => s.field === 'id')) order.push(`id ${tieDirection(query) === 'desc' ? 'DESC' : 'ASC'}`);
    const limit = query.limit ?? -1;
    const offset = query.offset ?? 0;

    if (search && textIndex && query.cooperativeId !== null && [...search].length >= TRIGRAM - 1) {
      return this.findInTextIndex(collection, query, search, where, params, order, limit, offset);
    }

    if (query.cooperativeId !== null) {
      where.unshift('cooperative_id = ?');
      params.unshift(query.cooperativeId);
    }
    if (search) {
      where.push(`search LIKE ? ESCAPE '\\'`);
      params.push(`%${escapeLike(search)}%`);
    }
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const unfiltered = query.cooperativeId !== null && !search && (query.filters ?? []).length === 0;
    const total = unfiltered
      ? this.docCount(collection, query.cooperativeId!)
      : this.cachedCount(collection, `SELECT COUNT(*) AS n FROM rm_${collection}${whereSql}`, params, query.filters ?? []);
    if (total === 0 || limit === 0) return { docs: [], total };
    const choice = unfiltered || query.cooperativeId === null ? undefined : this.pageIndex(collection, query, total, limit, offset);
    const table = `rm_${collection}${choice ? ` INDEXED BY ${choice.index}` : ''}`;
    if (choice && !choice.ordered) {
      // The matches are few next to the documents along the order: fetched through the filter's index and
      // sorted as rowids (documents in a sorter cost more); only the page's documents are read.
      const pageSql = `SELECT rowid AS r FROM ${table}${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
      this.traced(pageSql, [...params, limit, offset]);
      const page = this.stmt<unknown[], { r: number }>(pageSql).all(...params, limit, offset);
      return { docs: this.docsByRowid(collection, page.map(({ r }) => r)), total };
    }
    const pageSql = `SELECT doc FROM ${table}${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    this.traced(pageSql, [...params, limit, offset]);
    const rows = this.stmt<unknown[], { doc: string }>(pageSql).all(...params, limit, offset);
    return { docs: rows.map((r) => r.doc), total };
  }

  /**
   * The index a filtered page of one cooperative is read along, chosen from exact counts rather than left
   * to SQLite's estimates (the planner does not weigh LIMIT, and without statistics it walks the sort
   * field's index even for `member = ?` among a million postings):
   * - along the sort field's index, the scan stops at the page's end: expected to visit
   *   (offset + limit) x documents / matches entries when the matches are spread along the order;
   * - through a filter's index, it visits every document that filter alone matches (counted, index only,
   *   kept like every count) and sorts the matches.
   * The cheaper is taken. Undefined: no filter index to compare with (SQLite chooses, with its statistics).
   */
  private pageIndex(
    collection: string,
    query: ReadQuery,
    total: number,
    limit: number,
    offset: number,
  ): { index: string; ordered: boolean } | undefined {
    const { spec } = this.collection(collection);
    const cooperativeId = query.cooperativeId!;
    const sortField = query.sort?.[0]?.field ?? 'id';
    const sortIndex = sortField === 'id' ? `ix_${collection}_coop` : `ix_${collection}_${sortField}`;
    const indexed = (query.filters ?? []).filter((f) => f.field !== 'id' && !spec.arrays?.includes(f.field));
    if (indexed.some((f) => f.field === sortField)) return { index: sortIndex, ordered: true };
    const wanted = limit < 0 ? total : Math.min(total, offset + limit);
    const visits = (wanted * this.docCount(collection, cooperativeId)) / total;
    // A filter's index visits at least every match: no need to count what it would visit.
    if (visits <= total) return { index: sortIndex, ordered: true };
    const best = indexed.find((f) => f.op === 'eq') ?? indexed.find((f) => f.op === 'in') ?? indexed[0];
    if (!best) return undefined;
    const where: string[] = ['cooperative_id = ?'];
    const params: unknown[] = [cooperativeId];
    this.addFilter(spec, best, where, params);
    // The same statement as the total's when this is the only condition: then it is already counted.
    const reads = this.cachedCount(collection, `SELECT COUNT(*) AS n FROM rm_${collection} WHERE ${where.join(' AND ')}`, params, [best]);
    return reads < visits ? { index: `ix_${collection}_${best.field}`, ordered: false } : { index: sortIndex, ordered: true };
  }

  /**
   * How find() answers a query: each statement it runs, with SQLite's EXPLAIN QUERY PLAN for the values
   * bound (plans may depend on them: the statistics include samples). Runs the query; for diagnostics
   * and the plan tests, not for the API.
   */
  async explain(collection: string, query: ReadQuery): Promise<QueryPlan[]> {
    const trace: QueryPlan[] = [];
    this.trace = trace;
    try {
      await this.find(collection, query);
    } finally {
      this.trace = undefined;
    }
    return trace;
  }

  /** Records the plan of a statement about to run, while explain() runs. */
  private traced(sql: string, params: readonly unknown[]): void {
    if (!this.trace) return;
    const plan = this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    this.trace.push({ sql, plan: plan.map((r) => r.detail) });
  }

  /** A search of three or more characters within one cooperative, answered from its part of the text index. */
  private findInTextIndex(
    collection: string,
    query: ReadQuery,
    search: string,
    where: readonly string[],
    params: readonly unknown[],
    sortOrder: readonly string[],
    limit: number,
    offset: number,
  ): StoredPage {
    const cooperativeId = query.cooperativeId!;
    const { order } = this.collection(collection);
    const part = this.part(collection, cooperativeId, false);
    if (!part) return { docs: [], total: 0 };
    const phrase = [...search].length >= TRIGRAM ? ftsPhrase(search) : this.twoCharacterPhrase(collection, part, search);
    if (phrase === undefined) return { docs: [], total: 0 };
    // The rows a text index entry stands for: by rowid, or by order key within the cooperative.
    const matches = order
      ? `cooperative_id = ? AND sk IN (SELECT rowid FROM ${part.table} WHERE ${part.table} MATCH ?)`
      : `rowid IN (SELECT rowid FROM ${part.table} WHERE ${part.table} MATCH ?)`;
    const matchParams = order ? [cooperativeId, phrase] : [phrase];
    // The part holds only this cooperative's documents, and a trigram phrase matches exactly the
    // documents whose search text contains the search: without filters the index alone counts.
    const total =
      where.length === 0
        ? this.cachedCount(collection, `SELECT COUNT(*) AS n FROM ${part.table} WHERE ${part.table} MATCH ?`, [phrase], [])
        : this.cachedCount(
            collection,
            `SELECT COUNT(*) AS n FROM rm_${collection} WHERE ${[matches, ...where].join(' AND ')}`,
            [...matchParams, ...params],
            query.filters ?? [],
          );
    if (total === 0 || limit === 0) return { docs: [], total };

    const sortField = query.sort?.[0]?.field;
    // Visits an ordered scan is expected to need if the matches were spread evenly along the order.
    const visits = ((offset + limit) * this.docCount(collection, cooperativeId)) / total;
    // Sorted by the text order field, the text index is read in order (inTextOrder), unless it is a two-character
    // search (an OR of every trigram that starts or ends with the two, each list opened) matching so widely that a
    // short walk along the sort index fills the page: that walk is tried first.
    const inTextOrder = order !== undefined && sortField === order;
    const wideTwoCharacters = [...search].length < TRIGRAM && limit > 0 && visits * 10 <= ORDERED_SCAN_MAX;
    if (
      (!inTextOrder || wideTwoCharacters) &&
      sortField &&
      sortField !== 'id' &&
      limit > 0 &&
      visits <= ORDERED_SCAN_EXPECTED &&
      visits <= 2 * total &&
      // With ten times the expected visits in the window it is not worth asking (and a sample of a wide
      // two-character search's OR query costs more than the window).
      (visits * 10 <= ORDERED_SCAN_MAX || this.windowLikelyFills(collection, part, phrase, query, cooperativeId, offset + limit, total))
    ) {
      const page = this.orderedScan(collection, query, cooperativeId, search, where, params, sortOrder, limit, offset);
      if (page) return { docs: page, total };
    }
    if (inTextOrder) {
      return { docs: this.inTextOrder(collection, query, cooperativeId, part, phrase, where, params, sortOrder, limit, offset), total };
    }
    // Driven by the index: each match is looked up (by rowid or order key) for the filters and sort keys; only
    // the page's rowids are sorted, and only the page's documents are read (documents in a sorter cost more).
    const rm = `rm_${collection}`;
    const join = order
      ? `${rm} INDEXED BY ix_${collection}_sk ON ${rm}.cooperative_id = ? AND ${rm}.sk = ${part.table}.rowid`
      : `${rm} ON ${rm}.rowid = ${part.table}.rowid`;
    const pageSql =
      `SELECT ${rm}.rowid AS r FROM ${part.table} CROSS JOIN ${join} ` +
      `WHERE ${[`${part.table} MATCH ?`, ...where].join(' AND ')} ORDER BY ${sortOrder.join(', ')} LIMIT ? OFFSET ?`;
    const pageParams = [...(order ? [cooperativeId] : []), phrase, ...params, limit, offset];
    this.traced(pageSql, pageParams);
    const page = this.stmt<unknown[], { r: number }>(pageSql).all(...pageParams);
    return { docs: this.docsByRowid(collection, page.map(({ r }) => r)), total };
  }

  /**
   * A search sorted by the collection's textOrder field: reads the matches from the cooperative's text index in
   * key order (the field's order, then id; backwards for a descending sort), each looked up by its key for the
   * filters, and stops once the page is complete. When the query's order is exactly the keys' order or its reverse
   * (ties by id in the field's direction) the matches come in page order. Otherwise (further sort fields) it reads on
   * until the field's value changes after the page's last match: every match it has not read sorts after all it has
   * read, so sorting those gives the page.
   */
  private inTextOrder(
    collection: string,
    query: ReadQuery,
    cooperativeId: string,
    part: TextPart,
    phrase: string,
    where: readonly string[],
    params: readonly unknown[],
    sortOrder: readonly string[],
    limit: number,
    offset: number,
  ): string[] {
    const sort = query.sort ?? [];
    const field = sort[0]!.field;
    const desc = sort[0]!.direction === 'desc';
    const exact = sort.slice(1).every((s) => s.field === 'id' && s.direction === sort[0]!.direction);
    const rm = `rm_${collection}`;
    const sql =
      `SELECT ${rm}.rowid AS r, ${rm}.f_${field} AS k FROM ${part.table} CROSS JOIN ${rm} INDEXED BY ix_${collection}_sk ` +
      `ON ${rm}.cooperative_id = ? AND ${rm}.sk = ${part.table}.rowid WHERE ${[`${part.table} MATCH ?`, ...where].join(' AND ')} ` +
      `ORDER BY ${part.table}.rowid ${desc ? 'DESC' : 'ASC'}`;
    const values = [cooperativeId, phrase, ...params];
    this.traced(sql, values);
    const wanted = limit < 0 ? Infinity : offset + limit;
    const read: { r: number; k: unknown }[] = [];
    for (const row of this.stmt<unknown[], { r: number; k: unknown }>(sql).iterate(...values)) {
      if (read.length >= wanted && (exact || row.k !== read[wanted - 1]!.k)) break;
      read.push(row);
      if (exact && read.length >= wanted) break;
    }
    let page: number[];
    if (exact) page = read.slice(offset, limit < 0 ? undefined : offset + limit).map(({ r }) => r);
    else {
      const pageSql = `SELECT rowid AS r FROM ${rm} WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY ${sortOrder.join(', ')} LIMIT ? OFFSET ?`;
      const pageValues = [JSON.stringify(read.map(({ r }) => r)), limit, offset];
      this.traced(pageSql, pageValues);
      page = this.stmt<unknown[], { r: number }>(pageSql).all(...pageValues).map(({ r }) => r);
    }
    return this.docsByRowid(collection, page);
  }

  /**
   * Whether the ordered scan's window is likely to hold the page. The matches may sit together far along
   * the order (a surname searched in a list sorted by surname: all of them under S), and then the window
   * is read in vain. A sample of the matches, in the text index's rowid order (unrelated to the sort
   * order), is compared with the sort key the window ends at (an index-only walk): the share of the sample
   * before that key, times the matches, estimates the matches in the window.
   */
  private windowLikelyFills(
    collection: string,
    part: TextPart,
    phrase: string,
    query: ReadQuery,
    cooperativeId: string,
    wanted: number,
    total: number,
  ): boolean {
    const first = query.sort![0]!;
    const column = `f_${first.field}`;
    const desc = first.direction === 'desc';
    const endSql =
      `SELECT ${column} AS k FROM rm_${collection} INDEXED BY ix_${collection}_${first.field} WHERE cooperative_id = ? ` +
      `ORDER BY ${column} ${desc ? 'DESC' : 'ASC'} LIMIT 1 OFFSET ${ORDERED_SCAN_MAX - 1}`;
    this.traced(endSql, [cooperativeId]);
    const end = this.stmt<[string], { k: unknown }>(endSql).get(cooperativeId);
    if (!end) return true; // the window holds the whole cooperative
    if (end.k === null) return true;
    const sampled = `(SELECT rowid FROM ${part.table} WHERE ${part.table} MATCH ? LIMIT ${WINDOW_SAMPLE})`;
    const ordered = this.collection(collection).order !== undefined;
    const sample = ordered ? `cooperative_id = ? AND sk IN ${sampled}` : `rowid IN ${sampled}`;
    const shareSql =
      `SELECT COUNT(*) AS n, SUM(${column} ${desc ? '>=' : '<='} ?) AS before FROM rm_${collection} WHERE ${sample}`;
    const shareParams = [end.k, ...(ordered ? [cooperativeId] : []), phrase];
    this.traced(shareSql, shareParams);
    const share = this.stmt<unknown[], { n: number; before: number | null }>(shareSql).get(...shareParams)!;
    if (share.n === 0) return true;
    return ((share.before ?? 0) / share.n) * total >= wanted;
  }

  /**
   * A two-character search as an FTS5 query: every occurrence of the two characters in a text of three or
   * more is the start or the end of one of its trigrams, so the documents containing them are those
   * matching any trigram of the part that starts or ends with them (a text of fewer than three characters
   * has no trigram: such a document is not found by a two-character search). Undefined: no such trigram.
   */
  private twoCharacterPhrase(collection: string, part: TextPart, search: string): string | undefined {
    const textVersions = this.textVersions(collection);
    if (!part.vocabulary || part.vocabulary.textVersions !== textVersions) {
      this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_${part.table} USING fts5vocab(main, ${part.table}, row)`);
      const terms = this.db.prepare(`SELECT term FROM temp.vocab_${part.table}`).pluck().all() as string[];
      part.vocabulary = { trigrams: new Set(terms), textVersions };
    }
    const [first, second] = [...search];
    const phrases: string[] = [];
    for (const trigram of part.vocabulary.trigrams) {
      const [a, b, c] = [...trigram];
      if ((a === first && b === second) || (b === first && c === second)) phrases.push(ftsPhrase(trigram));
    }
    return phrases.length > 0 ? phrases.join(' OR ') : undefined;
  }

  /**
   * Walks the cooperative's documents along the sort field's index (in SQLite: a window of the first
   * ORDERED_SCAN_MAX documents passing the filters) and keeps the ones whose search text contains the
   * search, until the page is full; then reads only the page's documents. Gives up (undefined) when the
   * window did not fill the page and the cooperative has more documents: the matches sit further along.
   */
  private orderedScan(
    collection: string,
    query: ReadQuery,
    cooperativeId: string,
    search: string,
    where: readonly string[],
    params: readonly unknown[],
    order: readonly string[],
    limit: number,
    offset: number,
  ): string[] | undefined {
    const sortField = query.sort![0]!.field;
    // The sort columns pass through the window (keeping their NOCASE collation) for the outer ORDER BY.
    const keys = [...new Set((query.sort ?? []).map((s) => (s.field === 'id' ? 'id' : `f_${s.field}`)).concat('id'))];
    const sql =
      `SELECT r FROM (SELECT rowid AS r, search AS s, ${keys.join(', ')} FROM rm_${collection} INDEXED BY ix_${collection}_${sortField} ` +
      `WHERE ${['cooperative_id = ?', ...where].join(' AND ')} ORDER BY ${order.join(', ')} LIMIT ?) ` +
      `WHERE instr(s, ?) > 0 ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    const values = [cooperativeId, ...params, ORDERED_SCAN_MAX, search, limit, offset];
    this.traced(sql, values);
    const page = this.stmt<unknown[], { r: number }>(sql).all(...values);
    if (page.length < limit && this.docCount(collection, cooperativeId) > ORDERED_SCAN_MAX) return undefined;
    return this.docsByRowid(collection, page.map(({ r }) => r));
  }

  async applyBatch(ops: readonly WriteOp[], checkpoint: { name: string; position: bigint }): Promise<void> {
    this.db.transaction(() => {
      this.countDeltas.clear();
      this.textInserts.clear();
      this.changes.clear();
      for (const op of ops) {
        const collection = this.collection(op.collection);
        if (op.kind === 'delete') this.remove(collection, op.id);
        else this.put(collection, op.doc);
      }
      for (const [table, entries] of this.textInserts) {
        const insert = this.stmt(`INSERT INTO ${table} (rowid, search) VALUES (?, ?)`);
        for (const key of [...entries.keys()].sort((a, b) => a - b)) insert.run(key, entries.get(key)!);
      }
      this.textInserts.clear();
      for (const [key, delta] of this.countDeltas) {
        if (delta === 0) continue;
        const [name, cooperativeId] = key.split('\u0000') as [string, string];
        this.sizes.get(name)!.docs += delta;
        this.stmt(
          'INSERT INTO doc_counts (collection, cooperative_id, docs) VALUES (?, ?, ?) ' +
            'ON CONFLICT (collection, cooperative_id) DO UPDATE SET docs = docs + excluded.docs',
        ).run(name, cooperativeId, delta);
      }
      this.countDeltas.clear();
      this.writeChanges();
      this.stmt('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position').run(
        checkpoint.name,
        checkpoint.position.toString(),
      );
    })();
    for (const name of new Set(ops.map((op) => op.collection))) this.keepStatistics(name);
  }

  async checkpoint(name: string): Promise<bigint> {
    const row = this.stmt<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?').get(name);
    return row ? BigInt(row.position) : -1n;
  }

  async reset(collections: readonly string[], checkpointName: string): Promise<void> {
    this.db.transaction(() => {
      for (const c of collections) {
        const { textIndex } = this.collection(c);
        this.db.exec(`DELETE FROM rm_${c}`);
        this.stmt('DELETE FROM doc_counts WHERE collection = ?').run(c);
        if (textIndex) this.clearTextIndex(c);
        this.changed(c, 'rows');
      }
      this.writeChanges();
      this.stmt('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
    })();
    for (const c of collections) {
      this.sizes.get(c)!.docs = 0;
      this.keepStatistics(c);
    }
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.db.close();
  }

  /**
   * Inserts or replaces a document, its search text in its cooperative's text index when that changed, and the counts.
   * An update keeps the row's rowid (which the text index refers to) and sets only the columns whose value changed:
   * SQLite rewrites the entry of every index over a column named in SET, changed or not, and a posting changes two
   * of the member's seventeen indexed columns (decision 24: twice the postings per second).
   */
  private put(collection: Collection, doc: ReadDocument): void {
    const { spec, name, columns, stored, insertSql, textIndex, order } = collection;
    const search = searchText(spec, doc);
    const before = this.stored(collection, doc.id);
    const values: unknown[] = [doc.cooperativeId, JSON.stringify(doc), search, ...columns.map((f) => compareKey(spec.fields[f]!, doc[f]))];
    const moved = before !== undefined && before.cooperative_id !== doc.cooperativeId;
    /** The text index entry the document had (undefined: none, or already taken out). */
    let indexed = before ? this.textKey(collection, before) : undefined;
    if (order) {
      const value = values[stored.indexOf(`f_${order}`)];
      if (before && !moved && before[`f_${order}`] === value && before.sk != null) values.push(before.sk);
      else {
        // The document leaves its place first: renumbering around the new place may give its old key to another.
        if (textIndex && before && indexed !== undefined) {
          this.textDelete(this.part(name, before.cooperative_id, true)!.table, indexed);
          indexed = undefined;
        }
        values.push(this.orderKeys.place(name, order, doc.cooperativeId, value, doc.id, before?.rowid ?? -1));
        // Placing a key may renumber the neighbours' keys too.
        this.changed(name, 'sk');
      }
    }
    let rowid: number | bigint;
    if (before) {
      const changed = stored.flatMap((column, i) => (column === 'doc' || before[column] !== values[i] ? [i] : []));
      const sql = `UPDATE rm_${name} SET ${changed.map((i) => `${stored[i]} = ?`).join(', ')} WHERE rowid = ?`;
      this.stmt(sql).run(...changed.map((i) => values[i]), before.rowid);
      rowid = before.rowid;
      for (const i of changed) this.changed(name, aspectOf(stored[i]!));
    } else {
      rowid = this.stmt(insertSql).run(doc.id, ...values).lastInsertRowid;
      this.changed(name, 'rows');
    }
    if (!before || moved) this.countDelta(name, doc.cooperativeId, 1);
    if (moved) this.countDelta(name, before.cooperative_id, -1);
    if (!textIndex) return;
    const key = order ? (values.at(-1) as number) : rowid;
    if (before && !moved && before.search === search && indexed === key) return;
    if (before && indexed !== undefined) this.textDelete(this.part(name, before.cooperative_id, true)!.table, indexed);
    const part = this.part(name, doc.cooperativeId, true)!;
    this.textInsert(part.table, Number(key), search);
  }

  private remove(collection: Collection, id: string): void {
    const { name, textIndex } = collection;
    const before = this.stored(collection, id);
    if (!before) return;
    this.stmt(`DELETE FROM rm_${name} WHERE rowid = ?`).run(before.rowid);
    this.changed(name, 'rows');
    this.countDelta(name, before.cooperative_id, -1);
    const indexed = this.textKey(collection, before);
    if (textIndex && indexed !== undefined) this.textDelete(this.part(name, before.cooperative_id, true)!.table, indexed);
  }

  /** Adds a text index entry at the end of the batch (see textInserts). */
  private textInsert(table: string, key: number, search: string): void {
    let entries = this.textInserts.get(table);
    if (!entries) this.textInserts.set(table, (entries = new Map()));
    entries.set(key, search);
  }

  /** Removes a text index entry: one the batch added is only dropped from the batch's additions. */
  private textDelete(table: string, key: number): void {
    if (this.textInserts.get(table)?.delete(key)) return;
    this.stmt(`DELETE FROM ${table} WHERE rowid = ?`).run(key);
  }

  /** The rowid of a stored row's text index entry: its order key in an ordered collection, else its rowid. */
  private textKey(collection: Collection, row: StoredRow): number | undefined {
    if (!collection.order) return row.rowid;
    return row.sk ?? undefined;
  }

  private countDelta(name: string, cooperativeId: string, delta: number): void {
    const key = `${name}\u0000${cooperativeId}`;
    this.countDeltas.set(key, (this.countDeltas.get(key) ?? 0) + delta);
  }

  /**
   * Keeps the planner statistics of a collection in step with its size. Without them SQLite cannot tell
   * that `member = ?` picks ten postings out of a million, and prefers the index that avoids sorting
   * (`ORDER BY date` along the cooperative's whole date index). Re-analysed when the collection has
   * doubled or halved since the last analysis, growing only up to ANALYZE_LIVE_MAX_DOCS: eight sampled
   * analyses on the way there, none after.
   */
  private keepStatistics(name: string): void {
    const size = this.sizes.get(name);
    if (!size) return;
    const { docs, analysed } = size;
    const grown = docs >= ANALYZE_MIN_DOCS && docs >= analysed * ANALYZE_FACTOR && analysed < this.analyzeLiveMaxDocs;
    const shrunk = analysed >= ANALYZE_MIN_DOCS && docs * ANALYZE_FACTOR <= analysed;
    if (!grown && !shrunk) return;
    this.db.exec(`ANALYZE rm_${name}`);
    // The statements prepared before were planned without the new statistics.
    this.statements.clear();
    // The exact count, not the sampled estimate ANALYZE wrote (which may be off and would analyse again).
    size.analysed = docs;
  }

  /** The number of rows the collection's table had at its last analysis (0: never analysed). */
  private analysedRows(name: string): number {
    const stat1 = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'").get();
    if (!stat1) return 0;
    const row = this.db.prepare('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').get(`rm_${name}`) as { stat: string } | undefined;
    return row ? Number.parseInt(row.stat, 10) || 0 : 0;
  }

  /** The number of documents a cooperative has in a collection. */
  private docCount(name: string, cooperativeId: string): number {
    return (
      this.stmt<[string, string], { docs: number }>('SELECT docs FROM doc_counts WHERE collection = ? AND cooperative_id = ?').get(
        name,
        cooperativeId,
      )?.docs ?? 0
    );
  }

  /**
   * A count, computed once per state of what it depends on (see the class comment): the collection's rows, search
   * texts and order keys, and the fields of the query's filters (`filters`).
   */
  private cachedCount(collection: string, sql: string, params: readonly unknown[], filters: readonly Filter[]): number {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const { spec } = this.collection(collection);
    const aspects = new Set<string>(TEXT_ASPECTS);
    for (const { field } of filters) aspects.add(spec.arrays?.includes(field) ? 'doc' : field);
    const versions = this.versionsOf(collection, [...aspects]);
    const hit = this.counts.get(key);
    this.traced(sql, params);
    if (hit && hit.versions === versions) {
      this.counts.delete(key);
      this.counts.set(key, hit);
      return hit.total;
    }
    const started = performance.now();
    const total = this.stmt<unknown[], { n: number }>(sql).get(...params)!.n;
    this.counts.delete(key);
    // A count that costs next to nothing (a member's ten postings) is not kept: thousands of them (every
    // dashboard) would push out the costly ones (a wide search through a filter) that the cache is for.
    if (performance.now() - started < CHEAP_COUNT_MS) return total;
    if (this.counts.size >= MAX_CACHED_COUNTS) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, { versions, total });
    return total;
  }

  /** The change versions of some aspects of a collection, as one comparable text (an aspect never changed is 0). */
  private versionsOf(collection: string, aspects: readonly string[]): string {
    const rows = this.stmt<[string], { aspect: string; version: number }>('SELECT aspect, version FROM change_versions WHERE collection = ?').all(
      collection,
    );
    const version = new Map(rows.map((r) => [r.aspect, r.version]));
    return [...aspects].sort().map((a) => `${a}:${version.get(a) ?? 0}`).join(',');
  }

  /** The versions a collection's text index depends on (what its vocabularies were read at). */
  private textVersions(collection: string): string {
    return this.versionsOf(collection, TEXT_ASPECTS);
  }

  /** Notes that the batch being written changed an aspect of a collection (written by writeChanges). */
  private changed(collection: string, aspect: string): void {
    let aspects = this.changes.get(collection);
    if (!aspects) this.changes.set(collection, (aspects = new Set()));
    aspects.add(aspect);
  }

  /** Moves the version of every aspect the batch changed, inside the batch's transaction. */
  private writeChanges(): void {
    const bump = this.stmt(
      'INSERT INTO change_versions (collection, aspect, version) VALUES (?, ?, 1) ' +
        'ON CONFLICT (collection, aspect) DO UPDATE SET version = version + 1',
    );
    for (const [collection, aspects] of this.changes) for (const aspect of aspects) bump.run(collection, aspect);
    this.changes.clear();
  }

  /**
   * A document's rowid, cooperative, search text (what it is in the text index under) and stored columns, as they
   * are before a write (RETURNING would cost twice the write).
   */
  private stored(collection: Collection, id: string): StoredRow | undefined {
    return this.stmt<[string], StoredRow>(collection.storedSql).get(id);
  }

  /** The cooperative's part of a collection's text index; with `create`, made (empty) when missing. */
  private part(name: string, cooperativeId: string, create: boolean): TextPart | undefined {
    const key = `${name}\u0000${cooperativeId}`;
    const cached = this.parts.get(key);
    if (cached) return cached;
    let row = this.stmt<[string, string], { part: number }>('SELECT part FROM text_parts WHERE collection = ? AND cooperative_id = ?').get(
      name,
      cooperativeId,
    );
    if (!row) {
      if (!create) return undefined;
      const next = this.stmt<[string], { n: number | null }>('SELECT MAX(part) AS n FROM text_parts WHERE collection = ?').get(name)!.n;
      row = { part: (next ?? 0) + 1 };
      this.stmt('INSERT INTO text_parts (collection, cooperative_id, part) VALUES (?, ?, ?)').run(name, cooperativeId, row.part);
      this.createTextTable(`fts_${name}_${row.part}`);
    }
    const part: TextPart = { table: `fts_${name}_${row.part}` };
    this.parts.set(key, part);
    return part;
  }

  private createTextTable(table: string): void {
    this.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING fts5(search, content = '', contentless_delete = 1, ` +
        `tokenize = 'trigram case_sensitive 1')`,
    );
  }

  /**
   * Makes sure each cooperative's documents of the collection are in its part of the text index. A
   * database written before the index was split per cooperative (one `fts_<name>` table) or before
   * it existed is indexed from the table. Contentless: the parts hold only the index, the text stays
   * in the table; put() and remove() keep them in step (statements in code rather than triggers,
   * which cost several times more per row).
   */
  private ensureTextIndex(collection: Collection): void {
    const { name, order } = collection;
    const legacy = this.db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get('table', `fts_${name}`);
    if (legacy) this.db.exec(`DROP TABLE fts_${name}`);
    const indexed = this.db.prepare('SELECT 1 FROM text_parts WHERE collection = ? LIMIT 1').get(name) !== undefined && !legacy;
    const recorded = (this.db.prepare('SELECT field FROM text_orders WHERE collection = ?').pluck().get(name) as string | undefined) ?? '';
    if (indexed && recorded === (order ?? '')) return;
    // Indexed anew: before it existed, or keyed the other way (rowids or order keys, or the order of another field).
    if (indexed) this.clearTextIndex(name);
    const cooperatives = this.db
      .prepare(`SELECT DISTINCT cooperative_id FROM rm_${name}`)
      .all() as { cooperative_id: string }[];
    for (const { cooperative_id: cooperativeId } of cooperatives) {
      if (order) this.orderKeys.spread(name, order, cooperativeId);
      const part = this.part(name, cooperativeId, true)!;
      this.db
        .prepare(
          `INSERT INTO ${part.table} (rowid, search) SELECT ${order ? 'sk' : 'rowid'} AS k, search FROM rm_${name} WHERE cooperative_id = ? ORDER BY k`,
        )
        .run(cooperativeId);
    }
    if (order) this.db.prepare('INSERT OR REPLACE INTO text_orders (collection, field) VALUES (?, ?)').run(name, order);
    else this.db.prepare('DELETE FROM text_orders WHERE collection = ?').run(name);
  }

  /** The stored documents of a page's rowids, in that order (a page is sorted as rowids: documents in a sorter cost more). */
  private docsByRowid(collection: string, rowids: readonly number[]): string[] {
    const byRowid = this.stmt<[number], { doc: string }>(`SELECT doc FROM rm_${collection} WHERE rowid = ?`);
    return rowids.map((r) => byRowid.get(r)!.doc);
  }

  /** Empties every cooperative's part of a collection's text index. */
  private clearTextIndex(name: string): void {
    const parts = this.stmt<[string], { part: number }>('SELECT part FROM text_parts WHERE collection = ?').all(name);
    for (const { part } of parts) this.db.exec(`INSERT INTO fts_${name}_${part} (fts_${name}_${part}) VALUES ('delete-all')`);
  }

  /** A prepared statement, prepared once per SQL text. */
  private stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<P, R>;
  }

  private collection(name: string): Collection {
    const collection = this.collections.get(name);
    if (!collection) throw new Error(`Unknown read-model collection ${name}`);
    return collection;
  }

  private assertField(spec: CollectionSpec, field: string, sorting = false): void {
    if (field === 'id') return;
    if (!(field in spec.fields) || (sorting && spec.arrays?.includes(field))) {
      throw new Error(`Field ${field} is not declared on ${spec.name}`);
    }
  }

  private addFilter(spec: CollectionSpec, filter: Filter, where: string[], params: unknown[]): void {
    this.assertField(spec, filter.field);
    if (spec.arrays?.includes(filter.field)) {
      const values = filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? filter.values : [];
      if (filter.op === 'range') throw new Error(`Range filter on array field ${filter.field}`);
      where.push(
        `EXISTS (SELECT 1 FROM json_each(doc, '$.${filter.field}') WHERE value IN (${values.map(() => '?').join(', ')}))`,
      );
      params.push(...values);
      return;
    }
    const col = filter.field === 'id' ? 'id' : `f_${filter.field}`;
    const kind = spec.fields[filter.field];
    const toColumn = (value: Scalar): string | number | null => (kind === undefined ? String(value) : compareKey(kind, value));
    if (filter.op === 'eq') {
      if (filter.value === null) where.push(`${col} IS NULL`);
      else {
        where.push(`${col} = ?`);
        params.push(toColumn(filter.value));
      }
    } else if (filter.op === 'in') {
      if (filter.values.length === 0) where.push('0');
      else {
        where.push(`${col} IN (${filter.values.map(() => '?').join(', ')})`);
        params.push(...filter.values.map(toColumn));
      }
    } else {
      if (filter.gte !== undefined) {
        where.push(`${col} >= ?`);
        params.push(toColumn(filter.gte));
      }
      if (filter.lte !== undefined) {
        where.push(`${col} <= ?`);
        params.push(toColumn(filter.lte));
      }
    }
  }
}

/** The search text as one FTS5 phrase: every character literal, double quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The aspect (see SqliteReadStore) a stored column stands for. */
function aspectOf(column: string): string {
  if (column === 'cooperative_id') return 'rows';
  return column.startsWith('f_') ? column.slice(2) : column;
}

function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid read-model name ${name}`);
}

