import type { KeptCounts } from './sqlite-counts.js';
import { coopText, type Collection, type CoopKey, type SqliteConnection, type StoredRow } from './sqlite-connection.js';
import { OrderKeys } from './order-keys.js';

/** A cooperative's part of a collection's text index: table `fts_<collection>_<part>`. */
export interface TextPart {
  readonly table: string;
  /**
   * The trigrams in the part (for two-character searches): read from the index (fts5vocab) and kept until a batch
   * changes the collection's text index (`textVersions`, the change versions of its rows, search texts and order keys
   * when it was read), like a kept count.
   */
  vocabulary?: { readonly trigrams: Set<string>; textVersions: string };
}

/**
 * The SQLite read store's text index (see SqliteReadStore): FTS5 trigram tables over the search column, one per
 * cooperative and collection (its "part"), contentless: the parts hold only the index, the text stays in the
 * collection's table. Keyed by the row's rowid, or by its order key (OrderKeys) in a collection with a textOrder.
 */
export class TextIndex {
  readonly orderKeys: OrderKeys;
  private readonly parts = new Map<string, TextPart>();
  /**
   * Text index entries the batch being applied adds, per part table (key -> search text), written at its end in key
   * order: FTS5 writes out its pending entries whenever a rowid is not above the last one of the transaction, and
   * order keys come in any order (at 30,000 users, inserted one by one in key order they cost several times more).
   */
  private readonly inserts = new Map<string, Map<number, string>>();

  constructor(
    private readonly conn: SqliteConnection,
    private readonly counts: KeptCounts,
    orderKeyEnd?: number,
  ) {
    this.orderKeys = new OrderKeys(
      {
        stmt: (sql) => conn.stmt(sql),
        textTable: (collection, cooperativeId) => this.part(collection, cooperativeId, true)!.table,
        textInsert: (table, key, search) => this.insert(table, key, search),
        textDelete: (table, key) => this.delete(table, key),
      },
      orderKeyEnd,
    );
  }

  /** The cooperative's part of a collection's text index; with `create`, made (empty) when missing. */
  part(name: string, cooperativeId: CoopKey, create: boolean): TextPart | undefined {
    const key = `${name}\u0000${cooperativeId}`;
    const cached = this.parts.get(key);
    if (cached) return cached;
    let row = this.conn
      .stmt<[string, string], { part: number }>(
        'SELECT part FROM text_parts WHERE collection = ? AND cooperative_id = ?',
      )
      .get(name, coopText(cooperativeId));
    if (!row) {
      if (!create) return undefined;
      const next = this.conn
        .stmt<[string], { n: number | null }>('SELECT MAX(part) AS n FROM text_parts WHERE collection = ?')
        .get(name)!.n;
      row = { part: (next ?? 0) + 1 };
      this.conn
        .stmt('INSERT INTO text_parts (collection, cooperative_id, part) VALUES (?, ?, ?)')
        .run(name, coopText(cooperativeId), row.part);
      this.createTable(`fts_${name}_${row.part}`);
    }
    const part: TextPart = { table: `fts_${name}_${row.part}` };
    this.parts.set(key, part);
    return part;
  }

  /**
   * Makes sure each cooperative's documents of the collection are in its part of the text index. A
   * database written before the index was split per cooperative (one `fts_<name>` table) or before
   * it existed is indexed from the table. put() and remove() keep the parts in step (statements in code
   * rather than triggers, which cost several times more per row).
   */
  ensure(collection: Collection): void {
    const { db } = this.conn;
    const { name, order } = collection;
    const legacy = db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get('table', `fts_${name}`);
    if (legacy) db.exec(`DROP TABLE fts_${name}`);
    const indexed =
      db.prepare('SELECT 1 FROM text_parts WHERE collection = ? LIMIT 1').get(name) !== undefined && !legacy;
    const recorded =
      (db.prepare('SELECT field FROM text_orders WHERE collection = ?').pluck().get(name) as string | undefined) ?? '';
    if (indexed && recorded === (order ?? '')) return;
    // Indexed anew: before it existed, or keyed the other way (rowids or order keys, or the order of another field).
    if (indexed) this.clear(name);
    const cooperatives = db.prepare(`SELECT DISTINCT cooperative_id FROM rm_${name}`).all() as {
      cooperative_id: CoopKey;
    }[];
    for (const { cooperative_id: cooperativeId } of cooperatives) {
      if (order) this.orderKeys.spread(name, order, cooperativeId);
      const part = this.part(name, cooperativeId, true)!;
      db.prepare(
        `INSERT INTO ${part.table} (rowid, search) SELECT ${order ? 'sk' : 'rowid'} AS k, search FROM rm_${name} WHERE cooperative_id = ? ORDER BY k`,
      ).run(cooperativeId);
    }
    if (order) db.prepare('INSERT OR REPLACE INTO text_orders (collection, field) VALUES (?, ?)').run(name, order);
    else db.prepare('DELETE FROM text_orders WHERE collection = ?').run(name);
  }

  /** Forgets the parts known (a batch that made one was rolled back): they are read again from text_parts. */
  forgetParts(): void {
    this.parts.clear();
  }

  /** Empties every cooperative's part of a collection's text index. */
  clear(name: string): void {
    const parts = this.conn
      .stmt<[string], { part: number }>('SELECT part FROM text_parts WHERE collection = ?')
      .all(name);
    for (const { part } of parts)
      this.conn.db.exec(`INSERT INTO fts_${name}_${part} (fts_${name}_${part}) VALUES ('delete-all')`);
  }

  /** Starts a batch: no entries to add yet. */
  beginBatch(): void {
    this.inserts.clear();
  }

  /** Adds a text index entry at the end of the batch (see inserts). */
  insert(table: string, key: number, search: string): void {
    let entries = this.inserts.get(table);
    if (!entries) this.inserts.set(table, (entries = new Map()));
    entries.set(key, search);
  }

  /** Removes a text index entry: one the batch added is only dropped from the batch's additions. */
  delete(table: string, key: number): void {
    if (this.inserts.get(table)?.delete(key)) return;
    this.conn.stmt(`DELETE FROM ${table} WHERE rowid = ?`).run(key);
  }

  /** Writes the entries the batch added, in key order per part (inside the batch's transaction). */
  flush(): void {
    for (const [table, entries] of this.inserts) {
      const insert = this.conn.stmt(`INSERT INTO ${table} (rowid, search) VALUES (?, ?)`);
      for (const key of [...entries.keys()].sort((a, b) => a - b)) insert.run(key, entries.get(key)!);
    }
    this.inserts.clear();
  }

  /** The rowid of a stored row's text index entry: its order key in an ordered collection, else its rowid. */
  key(collection: Collection, row: StoredRow): number | undefined {
    if (!collection.order) return row.rowid;
    return row.sk ?? undefined;
  }

  /**
   * A two-character search as an FTS5 query: every occurrence of the two characters in a text of three or
   * more is the start or the end of one of its trigrams, so the documents containing them are those
   * matching any trigram of the part that starts or ends with them (a text of fewer than three characters
   * has no trigram: such a document is not found by a two-character search). Undefined: no such trigram.
   */
  twoCharacterPhrase(collection: string, part: TextPart, search: string): string | undefined {
    const textVersions = this.counts.textVersions(collection);
    if (!part.vocabulary || part.vocabulary.textVersions !== textVersions) {
      this.conn.db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_${part.table} USING fts5vocab(main, ${part.table}, row)`,
      );
      const terms = this.conn.db.prepare(`SELECT term FROM temp.vocab_${part.table}`).pluck().all() as string[];
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

  private createTable(table: string): void {
    this.conn.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING fts5(search, content = '', contentless_delete = 1, ` +
        `tokenize = 'trigram case_sensitive 1')`,
    );
  }
}

/** The search text as one FTS5 phrase: every character literal, double quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
