import Database from 'better-sqlite3';
import type {
  CollectionSpec,
  Filter,
  ReadDocument,
  ReadPage,
  ReadQuery,
  ReadStore,
  WriteOp,
} from '@coop/contracts';
import { escapeLike, normaliseSearch, searchText } from './search-text.js';

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** The trigram index only answers queries of at least three characters; shorter ones scan. */
const TRIGRAM = 3;
/** Prepared statements kept per store; the cache is emptied when it grows past this (find builds varying SQL). */
const MAX_STATEMENTS = 500;

/** What a collection's writes need, worked out once per collection. */
interface Collection {
  readonly spec: CollectionSpec;
  readonly name: string;
  /** Declared fields stored in their own column (all but the array fields). */
  readonly columns: readonly string[];
  readonly putSql: string;
  /** Whether the collection has the trigram index `fts_<name>` over its search column. */
  readonly textIndex: boolean;
}

/**
 * Read models in SQLite: a table per collection holding the JSON document, with one indexed
 * column per declared field (strings compare case-insensitively) and a lower-cased search column.
 * A collection with search fields also gets an FTS5 trigram index over the search column: it only
 * narrows the candidates of a search of three or more characters, the literal LIKE still decides.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly collections = new Map<string, Collection>();
  private readonly statements = new Map<string, Database.Statement>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Up to 64 MiB of page cache (the default is 2 MiB): searches and rebuilds touch many pages.
    this.db.pragma('cache_size = -65536');
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
  }

  async ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    for (const spec of specs) {
      assertName(spec.name);
      const name = spec.name;
      const columns = Object.keys(spec.fields).filter((f) => !spec.arrays?.includes(f));
      const cols = columns.map((f) => {
        assertName(f);
        return `f_${f} ${spec.fields[f] === 'string' ? 'TEXT COLLATE NOCASE' : 'NUMERIC'}`;
      });
      const textIndex = spec.search.length > 0;
      this.db.transaction(() => {
        this.db.exec(
          `CREATE TABLE IF NOT EXISTS rm_${name} (id TEXT PRIMARY KEY, cooperative_id TEXT NOT NULL, ` +
            `doc TEXT NOT NULL, search TEXT NOT NULL DEFAULT ''${cols.map((c) => `, ${c}`).join('')})`,
        );
        this.db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_coop ON rm_${name} (cooperative_id, id)`);
        for (const f of columns) {
          this.db.exec(`CREATE INDEX IF NOT EXISTS ix_${name}_${f} ON rm_${name} (cooperative_id, f_${f}, id)`);
        }
        if (textIndex) this.ensureTextIndex(name);
      })();
      // An upsert, not INSERT OR REPLACE: the row keeps its rowid, which the text index refers to.
      const putSql =
        `INSERT INTO rm_${name} (id, cooperative_id, doc, search${columns.map((f) => `, f_${f}`).join('')}) ` +
        `VALUES (?, ?, ?, ?${columns.map(() => ', ?').join('')}) ON CONFLICT (id) DO UPDATE SET ` +
        ['cooperative_id', 'doc', 'search', ...columns.map((f) => `f_${f}`)].map((c) => `${c} = excluded.${c}`).join(', ');
      this.collections.set(name, { spec, name, columns, putSql, textIndex });
    }
  }

  async get(collection: string, id: string): Promise<ReadDocument | undefined> {
    this.collection(collection);
    const row = this.stmt<[string], { doc: string }>(`SELECT doc FROM rm_${collection} WHERE id = ?`).get(id);
    return row ? (JSON.parse(row.doc) as ReadDocument) : undefined;
  }

  async find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    const { spec, textIndex } = this.collection(collection);
    const where: string[] = [];
    const params: unknown[] = [];
    const search = query.search ? normaliseSearch(query.search) : '';
    // With a text index the search drives the query; `+` keeps the planner off the cooperative's
    // index, which would make it visit every document of the cooperative.
    const useTextIndex = textIndex && [...search].length >= TRIGRAM;
    if (query.cooperativeId !== null) {
      where.push(useTextIndex ? '+cooperative_id = ?' : 'cooperative_id = ?');
      params.push(query.cooperativeId);
    }
    for (const filter of query.filters ?? []) this.addFilter(spec, filter, where, params);
    if (search) {
      if (useTextIndex) {
        where.push(`rowid IN (SELECT rowid FROM fts_${collection} WHERE fts_${collection} MATCH ?)`);
        params.push(ftsPhrase(search));
      }
      where.push(`search LIKE ? ESCAPE '\\'`);
      params.push(`%${escapeLike(search)}%`);
    }
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const order = (query.sort ?? []).map((s) => {
      this.assertField(spec, s.field, true);
      return `${s.field === 'id' ? 'id' : `f_${s.field}`} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`;
    });
    order.push('id ASC');
    const total = this.stmt<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM rm_${collection}${whereSql}`).get(...params)!.n;
    const rows = this.stmt<unknown[], { doc: string }>(
      `SELECT doc FROM rm_${collection}${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`,
    ).all(...params, query.limit ?? -1, query.offset ?? 0);
    return { items: rows.map((r) => JSON.parse(r.doc) as ReadDocument), total };
  }

  async applyBatch(ops: readonly WriteOp[], checkpoint: { name: string; position: bigint }): Promise<void> {
    this.db.transaction(() => {
      for (const op of ops) {
        const collection = this.collection(op.collection);
        if (op.kind === 'delete') this.remove(collection, op.id);
        else this.put(collection, op.doc);
      }
      this.stmt('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position').run(
        checkpoint.name,
        checkpoint.position.toString(),
      );
    })();
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
        if (textIndex) this.db.exec(`INSERT INTO fts_${c} (fts_${c}) VALUES ('delete-all')`);
      }
      this.stmt('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
    })();
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.db.close();
  }

  /** Inserts or replaces a document, and its search text in the text index when that changed. */
  private put({ spec, name, columns, putSql, textIndex }: Collection, doc: ReadDocument): void {
    const search = searchText(spec, doc);
    const before = textIndex ? this.indexed(name, doc.id) : undefined;
    const values = columns.map((f) => toColumn(doc[f]));
    const info = this.stmt(putSql).run(doc.id, doc.cooperativeId, JSON.stringify(doc), search, ...values);
    if (!textIndex || before?.search === search) return;
    if (before) this.stmt(`DELETE FROM fts_${name} WHERE rowid = ?`).run(before.rowid);
    // An update keeps the row's rowid; only a new row has the last insert's.
    this.stmt(`INSERT INTO fts_${name} (rowid, search) VALUES (?, ?)`).run(before ? before.rowid : info.lastInsertRowid, search);
  }

  private remove({ name, textIndex }: Collection, id: string): void {
    const before = textIndex ? this.indexed(name, id) : undefined;
    this.stmt(`DELETE FROM rm_${name} WHERE id = ?`).run(id);
    if (before) this.stmt(`DELETE FROM fts_${name} WHERE rowid = ?`).run(before.rowid);
  }

  /** The rowid and search text a document is in the text index under (RETURNING would cost twice the write). */
  private indexed(name: string, id: string): { rowid: number; search: string } | undefined {
    return this.stmt<[string], { rowid: number; search: string }>(`SELECT rowid, search FROM rm_${name} WHERE id = ?`).get(id);
  }

  /**
   * Creates the trigram index over `rm_<name>.search`, filled from the table when it is new (a
   * database written before the index existed). Contentless: it holds only the index, the text
   * stays in the table; put() and remove() keep it in step (statements in code rather than
   * triggers, which cost several times more per row).
   */
  private ensureTextIndex(name: string): void {
    const exists = this.db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get('table', `fts_${name}`);
    if (exists) return;
    this.db.exec(
      `CREATE VIRTUAL TABLE fts_${name} USING fts5(search, content = '', contentless_delete = 1, ` +
        `tokenize = 'trigram case_sensitive 1')`,
    );
    this.db.exec(`INSERT INTO fts_${name} (rowid, search) SELECT rowid, search FROM rm_${name}`);
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

function toColumn(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The search text as one FTS5 phrase: every character literal, double quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function assertName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid read-model name ${name}`);
}

