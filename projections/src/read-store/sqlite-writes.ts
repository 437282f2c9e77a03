import type { ReadDocument, WriteOp } from '@coop/contracts';
import { compareKey } from './compare-key.js';
import { searchText } from './search-text.js';
import type { KeptCounts } from './sqlite-counts.js';
import type { Collection, SqliteConnection, StoredRow } from './sqlite-connection.js';
import type { PlannerStatistics } from './sqlite-statistics.js';
import type { TextIndex } from './sqlite-text-index.js';

/**
 * The SQLite read store's writes: a batch of documents put and deleted with its checkpoint in one transaction,
 * keeping each document's indexed columns, its text index entry (and order key), the document counts and the change
 * versions in step; the checkpoints; a reset for a rebuild.
 */
export class Writes {
  constructor(
    private readonly conn: SqliteConnection,
    private readonly counts: KeptCounts,
    private readonly statistics: PlannerStatistics,
    private readonly text: TextIndex,
  ) {}

  applyBatch(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): void {
    try {
      this.write(ops, checkpoint);
    } catch (error) {
      // Rolled back: a text index part or a cooperative's number the batch made is gone again; the next must not use it.
      this.text.forgetParts();
      this.conn.forgetCoopNumbers();
      throw error;
    }
    for (const name of new Set(ops.map((op) => op.collection))) this.statistics.keep(name);
  }

  private write(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): void {
    this.conn.db
      .transaction(() => {
        this.counts.beginBatch();
        this.text.beginBatch();
        for (const op of ops) {
          const collection = this.conn.collection(op.collection);
          if (op.kind === 'delete') this.remove(collection, op.id);
          else this.put(collection, op.doc);
        }
        this.text.flush();
        this.counts.writeCounts();
        this.conn
          .stmt(
            'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
          )
          .run(checkpoint.name, checkpoint.position.toString());
        // Immediate: the write lock is taken before the first read, so a second writer (a replay on two cores, decision
        // 284) waits for it instead of failing when the batch's first write finds the other's commit after its reads.
      })
      .immediate();
  }

  checkpoint(name: string): bigint {
    const row = this.conn
      .stmt<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?')
      .get(name);
    return row ? BigInt(row.position) : -1n;
  }

  reset(collections: readonly string[], checkpointName: string): void {
    this.conn.db
      .transaction(() => {
        for (const c of collections) {
          const { textIndex } = this.conn.collection(c);
          this.conn.db.exec(`DELETE FROM rm_${c}`);
          this.counts.emptied(c);
          if (textIndex) this.text.clear(c);
        }
        this.counts.writeChanges();
        this.conn.stmt('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
      })
      .immediate();
    for (const c of collections) {
      this.statistics.emptied(c);
      this.statistics.keep(c);
    }
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
    const coop = this.conn.coopKeyToWrite(doc.cooperativeId);
    const values: unknown[] = [
      coop,
      JSON.stringify(doc),
      search,
      ...columns.map((f) => compareKey(spec.fields[f]!, doc[f])),
    ];
    const moved = before !== undefined && before.cooperative_id !== coop;
    /** The text index entry the document had (undefined: none, or already taken out). */
    let indexed = before ? this.text.key(collection, before) : undefined;
    if (order) {
      const value = values[stored.indexOf(`f_${order}`)];
      if (before && !moved && before[`f_${order}`] === value && before.sk != null) values.push(before.sk);
      else {
        // The document leaves its place first: renumbering around the new place may give its old key to another.
        if (textIndex && before && indexed !== undefined) {
          this.text.delete(this.text.part(name, before.cooperative_id, true)!.table, indexed);
          indexed = undefined;
        }
        values.push(this.text.orderKeys.place(name, order, coop, value, doc.id, before?.rowid ?? -1));
        // Placing a key may renumber the neighbours' keys too.
        this.counts.changed(name, 'sk');
      }
    }
    let rowid: number | bigint;
    if (before) {
      const changed = stored.flatMap((column, i) => (column === 'doc' || before[column] !== values[i] ? [i] : []));
      const sql = `UPDATE rm_${name} SET ${changed.map((i) => `${stored[i]} = ?`).join(', ')} WHERE rowid = ?`;
      this.conn.stmt(sql).run(...changed.map((i) => values[i]), before.rowid);
      rowid = before.rowid;
      for (const i of changed) this.counts.changed(name, aspectOf(stored[i]!));
    } else {
      rowid = this.conn.stmt(insertSql).run(doc.id, ...values).lastInsertRowid;
      this.counts.changed(name, 'rows');
    }
    if (!before || moved) this.counts.countDelta(name, coop, 1);
    if (moved) this.counts.countDelta(name, before.cooperative_id, -1);
    if (!textIndex) return;
    const key = order ? (values.at(-1) as number) : rowid;
    if (before && !moved && before.search === search && indexed === key) return;
    if (before && indexed !== undefined)
      this.text.delete(this.text.part(name, before.cooperative_id, true)!.table, indexed);
    const part = this.text.part(name, coop, true)!;
    this.text.insert(part.table, Number(key), search);
  }

  private remove(collection: Collection, id: string): void {
    const { name, textIndex } = collection;
    const before = this.stored(collection, id);
    if (!before) return;
    this.conn.stmt(`DELETE FROM rm_${name} WHERE rowid = ?`).run(before.rowid);
    this.counts.changed(name, 'rows');
    this.counts.countDelta(name, before.cooperative_id, -1);
    const indexed = this.text.key(collection, before);
    if (textIndex && indexed !== undefined)
      this.text.delete(this.text.part(name, before.cooperative_id, true)!.table, indexed);
  }

  /**
   * A document's rowid, cooperative, search text (what it is in the text index under) and stored columns, as they
   * are before a write (RETURNING would cost twice the write).
   */
  private stored(collection: Collection, id: string): StoredRow | undefined {
    return this.conn.stmt<[string], StoredRow>(collection.storedSql).get(id);
  }
}

/** The aspect (see SqliteReadStore) a stored column stands for. */
function aspectOf(column: string): string {
  if (column === 'cooperative_id') return 'rows';
  return column.startsWith('f_') ? column.slice(2) : column;
}
