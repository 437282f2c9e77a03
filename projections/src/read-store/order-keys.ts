import type Database from 'better-sqlite3';
import type { CoopKey } from './sqlite-connection.js';

/**
 * Order keys lie between 0 and this, exclusive: the largest integer a JavaScript number holds exactly, so keys pass
 * between SQLite and JavaScript unchanged.
 */
export const ORDER_KEY_END = Number.MAX_SAFE_INTEGER;
/** The distance a document placed after (or before) every other one keeps from it: room for 2^20 such additions. */
const ORDER_KEY_STEP = 2 ** 32;
/** Neighbours on each side renumbered first when two keys leave no room between them (doubled until there is room). */
const RELABEL_WINDOW = 8;

/** A document next to a place in a collection's order: its rowid, order key and search text. */
interface Neighbour {
  readonly r: number;
  readonly sk: number;
  readonly search: string;
}

/** What the order keys need from the read store: its statements and its text index entries. */
export interface OrderKeyStore {
  stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R>;
  /** The cooperative's part of the collection's text index (made when missing). */
  textTable(collection: string, cooperativeId: CoopKey): string;
  textInsert(table: string, key: number, search: string): void;
  textDelete(table: string, key: number): void;
}

/**
 * The order keys of a collection with a textOrder field (SqliteReadStore, decision 29): an integer per document (column
 * `sk`) that follows the order of `(f_<field>, id)` within its cooperative (the order of the field's index, nulls
 * first), so that the document's text index entry, keyed by it, comes in list order. Kept as an order-maintenance
 * list: a new place takes the key halfway between its neighbours; when they leave no room, a window around it is
 * renumbered evenly.
 */
export class OrderKeys {
  /** The smallest distance between neighbouring keys a renumbered window leaves. */
  private readonly minGap: number;

  constructor(
    private readonly store: OrderKeyStore,
    /** The key space's end (tests make it small, so that renumbering happens often). */
    private readonly end: number = ORDER_KEY_END,
  ) {
    this.minGap = Math.max(2, Math.floor(end / 2 ** 40));
  }

  /**
   * A free key for a document placed at `(value, id)` (`exclude`: the rowid of the document itself, when it moves, or
   * -1): halfway between its neighbours' keys, a step past the last (or before the first), or, when the neighbours
   * leave no room, after renumbering a window around the place.
   */
  place(
    collection: string,
    field: string,
    cooperativeId: CoopKey,
    value: unknown,
    id: string,
    exclude: number,
  ): number {
    const at: Place = { collection, field, cooperativeId, value, id, exclude };
    const [before] = this.neighbours(at, 'before', 1);
    const [after] = this.neighbours(at, 'after', 1);
    if (!before && !after) return Math.floor(this.end / 2);
    const lo = before?.sk ?? 0;
    const hi = after?.sk ?? this.end;
    const step = Math.max(1, Math.min(ORDER_KEY_STEP, Math.floor(this.end / 2 ** 20)));
    if (!after && hi - lo > 2 * step) return lo + step;
    if (!before && hi - lo > 2 * step) return hi - step;
    if (hi - lo >= 2) return lo + Math.floor((hi - lo) / 2);
    return this.renumber(at);
  }

  /** Gives a cooperative's documents keys spread evenly over the key space, in order (a store keyed anew). */
  spread(collection: string, field: string, cooperativeId: CoopKey): void {
    const rowids = this.store
      .stmt<[CoopKey], number>(
        `SELECT rowid FROM rm_${collection} INDEXED BY ix_${collection}_${field} WHERE cooperative_id = ? ORDER BY f_${field}, id`,
      )
      .pluck()
      .all(cooperativeId);
    const gap = Math.floor(this.end / (rowids.length + 1));
    const update = this.store.stmt(`UPDATE rm_${collection} SET sk = ? WHERE rowid = ?`);
    rowids.forEach((rowid, i) => update.run(gap * (i + 1), rowid));
  }

  /**
   * Renumbers the documents around a place evenly and returns the key left for the place: first the window of
   * RELABEL_WINDOW documents on each side, doubled until the keys of the documents just outside it leave at
   * least the minimum gap for each (the whole cooperative at most). Their text index entries move with them.
   */
  private renumber(at: Place): number {
    for (let width = RELABEL_WINDOW; ; width *= 2) {
      const before = this.neighbours(at, 'before', width + 1);
      const after = this.neighbours(at, 'after', width + 1);
      const lo = before.length > width ? before[width]!.sk : 0;
      const hi = after.length > width ? after[width]!.sk : this.end;
      const window: (Neighbour | undefined)[] = [
        ...before.slice(0, width).reverse(),
        undefined,
        ...after.slice(0, width),
      ];
      const gap = Math.floor((hi - lo) / (window.length + 1));
      const whole = before.length <= width && after.length <= width;
      if (gap < this.minGap && !whole) continue;
      if (gap < 1) throw new Error(`No order key left in ${at.collection}: more documents than keys`);
      const table = this.store.textTable(at.collection, at.cooperativeId);
      // Every old entry goes before any new one is added: a new key may be another document's old one.
      for (const n of window) if (n) this.store.textDelete(table, n.sk);
      let placed = 0;
      window.forEach((n, i) => {
        const key = lo + gap * (i + 1);
        if (!n) {
          placed = key;
          return;
        }
        this.store.stmt(`UPDATE rm_${at.collection} SET sk = ? WHERE rowid = ?`).run(key, n.r);
        this.store.textInsert(table, key, n.search);
      });
      return placed;
    }
  }

  /** Up to `count` documents next to the place, on one side, nearest first, without the document `exclude`. */
  private neighbours(at: Place, side: 'before' | 'after', count: number): Neighbour[] {
    const { collection, field, cooperativeId, value, id, exclude } = at;
    const f = `f_${field}`;
    const direction = side === 'before' ? 'DESC' : 'ASC';
    // A row value comparison walks the index from the place on; rows whose field is null (first in the order) are
    // not compared by it and come last when reading backwards from a value.
    const ranges: Array<[string, unknown[]]> =
      value === null
        ? side === 'before'
          ? [[`${f} IS NULL AND id < ?`, [id]]]
          : [
              [`${f} IS NULL AND id > ?`, [id]],
              [`${f} IS NOT NULL`, []],
            ]
        : side === 'before'
          ? [
              [`(${f}, id) < (?, ?)`, [value, id]],
              [`${f} IS NULL`, []],
            ]
          : [[`(${f}, id) > (?, ?)`, [value, id]]];
    const out: Neighbour[] = [];
    for (const [condition, values] of ranges) {
      if (out.length >= count) break;
      // The limit written out: as a parameter it made the statement several times slower (SQLite 3.53, measured:
      // 10 against 2.5 us).
      const sql =
        `SELECT rowid AS r, sk, search FROM rm_${collection} INDEXED BY ix_${collection}_${field} WHERE cooperative_id = ? AND ${condition} ` +
        `AND rowid <> ? ORDER BY ${f} ${direction}, id ${direction} LIMIT ${count - out.length}`;
      out.push(...this.store.stmt<unknown[], Neighbour>(sql).all(cooperativeId, ...values, exclude));
    }
    return out;
  }
}

/** A place in a cooperative's order: where `(value, id)` goes, leaving out the document `exclude` itself. */
interface Place {
  readonly collection: string;
  readonly field: string;
  readonly cooperativeId: CoopKey;
  readonly value: unknown;
  readonly id: string;
  readonly exclude: number;
}
