import Database from 'better-sqlite3';
import type { CollectionSpec } from '@coop/contracts';
import type { StoreQuery } from './search-text.js';

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Prepared statements kept per store; the cache is emptied when it grows past this (find builds varying SQL). */
const MAX_STATEMENTS = 500;
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
 * Bytes of the store's file a connection reads through a memory map (SQLite's `mmap_size`; the build's maximum, as the
 * event log's, decision 41): a page read from the map costs no system call and no copy into the connection's cache.
 */
export const READ_STORE_MMAP_BYTES = 0x7fff0000;

/** What opening the connection takes (a part of SqliteReadStoreOptions). */
export interface ConnectionOptions {
  /** This connection's page cache in MiB (default WRITER_CACHE_MIB; READER_CACHE_MIB for a connection that only reads). */
  readonly cacheMiB?: number;
  /**
   * Pages the write-ahead log may hold before a commit of this connection copies them into the database itself (SQLite's
   * `wal_autocheckpoint`, default 1,000). Set higher where another thread checkpoints the log (the projection thread
   * with its checkpoint thread), so the writer's commits do not stop for the copy and its fsync; the limit stays as a
   * safety net should that thread fall behind.
   */
  readonly walAutocheckpointPages?: number;
  /**
   * How long a write waits for another connection's write to end (default 5 s, better-sqlite3's): longer for the
   * connections of a replay on two cores, where one group's commit or its indexes made at the end take longer.
   */
  readonly busyTimeoutMs?: number;
}

/** A statement find() runs and SQLite's plan for it (the `detail` lines of EXPLAIN QUERY PLAN). */
export interface QueryPlan {
  readonly sql: string;
  readonly plan: readonly string[];
}

/** What a collection's writes and reads need, worked out once per collection. */
export interface Collection {
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

/**
 * How a cooperative is keyed in the store's rows, indexes, counts and text index parts (decision 282): its number in
 * this store (`coop_numbers`), or, in a store written before cooperatives were numbered, its id.
 */
export type CoopKey = number | string;

/**
 * A cooperative's key as the bookkeeping tables hold it (`doc_counts`, `text_parts`: text columns): a number is kept
 * as its digits there, and a bound number would not equal them.
 */
export function coopText(key: CoopKey): string {
  return String(key);
}

/** A query with its cooperative given by its key in the store (QueryPlanner), as the planner's parts take it. */
export type KeyedQuery = Omit<StoreQuery, 'cooperativeId'> & { readonly cooperativeId: CoopKey | null };

/** A stored row without its document: rowid, cooperative, search text, the `f_<field>` columns (and `sk`). */
export interface StoredRow {
  readonly rowid: number;
  readonly cooperative_id: CoopKey;
  readonly search: string;
  readonly sk?: number | null;
  readonly [column: string]: unknown;
}

/**
 * The SQLite read store's connection, shared by its parts (query planning, text index, kept counts, writes): the
 * database with its bookkeeping tables, the statements prepared once per SQL text, the collections it knows, and
 * the plans explain() records.
 */
export class SqliteConnection {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly collections = new Map<string, Collection>();
  /** Set while explain() runs: the plans of the statements find() executes. */
  trace: QueryPlan[] | undefined;
  /**
   * Whether the store numbers its cooperatives (decision 282): every store made since; one written before keys them by
   * their ids (36 characters in every row and index entry) until it is rebuilt into a new file.
   */
  readonly numbered: boolean;
  /** The cooperatives' numbers known to this connection (they never change; a rolled back batch's are forgotten). */
  private readonly coopNumbers = new Map<string, number>();

  constructor(file: string, options: ConnectionOptions = {}) {
    this.db = new Database(file, options.busyTimeoutMs === undefined ? {} : { timeout: options.busyTimeoutMs });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // A value written over or removed is overwritten with zeros in the file, also on pages set free (a document's
    // overflow): the values the clean-up blanks (issue 27) do not stay readable in the file (decision 395's rule).
    this.db.pragma('secure_delete = ON');
    this.numbered = this.numbersCooperatives();
    // A writer's cache outlives its own commits (inserts into the big indexes find their pages there); a reader's is
    // emptied after every commit of another connection, and a small one costs less to empty (READER_CACHE_MIB).
    this.db.pragma(`cache_size = -${Math.trunc((options.cacheMiB ?? WRITER_CACHE_MIB) * 1024)}`);
    this.db.pragma(`mmap_size = ${READ_STORE_MMAP_BYTES}`);
    this.db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    if (options.walAutocheckpointPages !== undefined)
      this.db.pragma(`wal_autocheckpoint = ${Math.trunc(options.walAutocheckpointPages)}`);
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
    // What each collection's kept counts depend on, moved by every batch that changes it (see SqliteReadStore).
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS change_versions (collection TEXT NOT NULL, aspect TEXT NOT NULL, ' +
        'version INTEGER NOT NULL, PRIMARY KEY (collection, aspect))',
    );
  }

  /** A prepared statement, prepared once per SQL text. */
  stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<P, R>;
  }

  /** Drops the prepared statements (they were planned without statistics taken since), to be prepared anew. */
  /**
   * Whether this file numbers its cooperatives: a new file does; one made before (it has its checkpoints but no
   * numbers) goes on as it was. Only a new file is written here, in one write transaction that looks again, so that two
   * connections opening it at once agree; an existing file is only read (a reader opening beside a long write waits not).
   */
  private numbersCooperatives(): boolean {
    const exists = (table: string): boolean =>
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    if (exists('coop_numbers')) return true;
    if (exists('checkpoints')) return false;
    return this.db
      .transaction(() => {
        if (exists('checkpoints') && !exists('coop_numbers')) return false;
        this.db.exec(
          'CREATE TABLE IF NOT EXISTS coop_numbers (cooperative_id TEXT PRIMARY KEY, no INTEGER NOT NULL UNIQUE)',
        );
        this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
        return true;
      })
      .immediate();
  }

  /**
   * The key of a cooperative's rows for a read: its number, or undefined when it has none (it has no document here);
   * in a store written before cooperatives were numbered, its id.
   */
  coopKey(cooperativeId: string): CoopKey | undefined {
    if (!this.numbered) return cooperativeId;
    const known = this.coopNumbers.get(cooperativeId);
    if (known !== undefined) return known;
    const row = this.stmt<[string], { no: number }>('SELECT no FROM coop_numbers WHERE cooperative_id = ?').get(
      cooperativeId,
    );
    if (row) this.coopNumbers.set(cooperativeId, row.no);
    return row?.no;
  }

  /** The key of a cooperative's rows for a write, numbering it when it has none yet (inside the write's transaction). */
  coopKeyToWrite(cooperativeId: string): CoopKey {
    const known = this.coopKey(cooperativeId);
    if (known !== undefined) return known;
    const last = this.stmt<[], { n: number | null }>('SELECT MAX(no) AS n FROM coop_numbers').get()!.n;
    const no = (last ?? 0) + 1;
    this.stmt('INSERT INTO coop_numbers (cooperative_id, no) VALUES (?, ?)').run(cooperativeId, no);
    this.coopNumbers.set(cooperativeId, no);
    return no;
  }

  /** A write was rolled back: the numbers it gave are gone again. */
  forgetCoopNumbers(): void {
    this.coopNumbers.clear();
  }

  /** The declared type of the rows' cooperative column in new tables. */
  get coopColumn(): string {
    return this.numbered ? 'INTEGER' : 'TEXT';
  }

  forgetStatements(): void {
    this.statements.clear();
  }

  /** Works out what a collection's writes and reads need and keeps it (no SQL run). */
  register(spec: CollectionSpec): Collection {
    assertName(spec.name);
    const name = spec.name;
    const columns = Object.keys(spec.fields).filter((f) => !spec.arrays?.includes(f));
    for (const f of columns) assertName(f);
    const textIndex = spec.search.length > 0;
    const order = spec.textOrder;
    if (order !== undefined && (spec.fields[order] !== 'string' || spec.arrays?.includes(order) || !textIndex)) {
      throw new Error(
        `textOrder ${order} of ${name} must be a declared string field of a collection with search fields`,
      );
    }
    const all = ['cooperative_id', 'doc', 'search', ...columns.map((f) => `f_${f}`), ...(order ? ['sk'] : [])];
    const insertSql = `INSERT INTO rm_${name} (id, ${all.join(', ')}) VALUES (?${all.map(() => ', ?').join('')})`;
    const storedSql = `SELECT rowid, ${all.filter((c) => c !== 'doc').join(', ')} FROM rm_${name} WHERE id = ?`;
    const collection: Collection = {
      spec,
      name,
      columns,
      stored: all,
      insertSql,
      storedSql,
      textIndex,
      ...(order ? { order } : {}),
    };
    this.collections.set(name, collection);
    return collection;
  }

  collection(name: string): Collection {
    const collection = this.collections.get(name);
    if (!collection) throw new Error(`Unknown read-model collection ${name}`);
    return collection;
  }

  /** Records the plan of a statement about to run, while explain() runs. */
  traced(sql: string, params: readonly unknown[]): void {
    if (!this.trace) return;
    const plan = this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    this.trace.push({ sql, plan: plan.map((r) => r.detail) });
  }

  /** The stored documents of a page's rowids, in that order (a page is sorted as rowids: documents in a sorter cost more). */
  docsByRowid(collection: string, rowids: readonly number[]): string[] {
    const byRowid = this.stmt<[number], { doc: string }>(`SELECT doc FROM rm_${collection} WHERE rowid = ?`);
    return rowids.map((r) => byRowid.get(r)!.doc);
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid read-model name ${name}`);
}
