import { coopText, type CoopKey, type SqliteConnection } from './sqlite-connection.js';
import type { PlannerStatistics } from './sqlite-statistics.js';

/** Counts of filtered queries kept until the collection next changes (the least recently used go first). */
const MAX_CACHED_COUNTS = 2000;
/** A count computed faster than this is not kept (see cachedCount). */
const CHEAP_COUNT_MS = 0.3;
/**
 * The aspects (see SqliteReadStore) a collection's text index and every kept count depend on: its rows, their search
 * texts and their order keys; a count also depends on the fields it filters by.
 */
const TEXT_ASPECTS = ['rows', 'search', 'sk'] as const;

/**
 * The SQLite read store's counts (see SqliteReadStore, "Counts"): the documents of each cooperative per collection,
 * written with every batch (`doc_counts`); the change versions of each collection's aspects (`change_versions`),
 * moved by every batch that changes them; and the counts of filtered queries, kept in this connection until an
 * aspect they depend on changes.
 */
export class KeptCounts {
  /** Counts of filtered queries, with the change versions (`versionsOf`) they were counted at. */
  private readonly counts = new Map<string, { versions: string; total: number }>();
  /** The aspects of each collection the batch being applied changed, per collection. */
  private readonly changes = new Map<string, Set<string>>();
  /** Document count changes of the batch being applied, written with it. */
  private readonly countDeltas = new Map<string, number>();

  constructor(
    private readonly conn: SqliteConnection,
    private readonly statistics: PlannerStatistics,
    /** A count computed faster than this is not kept (tests: 0 keeps every count). */
    private readonly cheapCountMs: number = CHEAP_COUNT_MS,
  ) {}

  /**
   * Counts a collection's documents anew (at every start: the counts cannot drift from the documents across versions
   * or crashes) and moves its `rows` version, so that no connection's kept count holds; tells the statistics its size.
   */
  recount(name: string): void {
    const { db } = this.conn;
    db.transaction(() => {
      db.prepare('DELETE FROM doc_counts WHERE collection = ?').run(name);
      db.prepare(
        `INSERT INTO doc_counts (collection, cooperative_id, docs) SELECT ?, cooperative_id, COUNT(*) FROM rm_${name} GROUP BY cooperative_id`,
      ).run(name);
      // At every start: columns may have been added or the text index made anew, so no connection's kept count holds.
      this.changed(name, 'rows');
      this.writeChanges();
    }).immediate();
    const docs = db.prepare('SELECT COALESCE(SUM(docs), 0) AS n FROM doc_counts WHERE collection = ?').get(name) as {
      n: number;
    };
    this.statistics.opened(name, docs.n);
  }

  /** The number of documents a cooperative has in a collection. */
  docCount(name: string, cooperativeId: CoopKey): number {
    return (
      this.conn
        .stmt<[string, string], { docs: number }>(
          'SELECT docs FROM doc_counts WHERE collection = ? AND cooperative_id = ?',
        )
        .get(name, coopText(cooperativeId))?.docs ?? 0
    );
  }

  /**
   * A count, computed once per state of what it depends on (see SqliteReadStore): the collection's rows, search
   * texts and order keys, and the fields of the query's filters (`filters`).
   */
  cachedCount(
    collection: string,
    sql: string,
    params: readonly unknown[],
    filters: readonly { readonly field: string }[],
  ): number {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const { spec } = this.conn.collection(collection);
    const aspects = new Set<string>(TEXT_ASPECTS);
    for (const { field } of filters) aspects.add(spec.arrays?.includes(field) ? 'doc' : field);
    const versions = this.versionsOf(collection, [...aspects]);
    const hit = this.counts.get(key);
    this.conn.traced(sql, params);
    if (hit && hit.versions === versions) {
      this.counts.delete(key);
      this.counts.set(key, hit);
      return hit.total;
    }
    const started = performance.now();
    const total = this.conn.stmt<unknown[], { n: number }>(sql).get(...params)!.n;
    this.counts.delete(key);
    // A count that costs next to nothing (a member's ten postings) is not kept: thousands of them (every
    // dashboard) would push out the costly ones (a wide search through a filter) that the cache is for.
    if (performance.now() - started < this.cheapCountMs) return total;
    if (this.counts.size >= MAX_CACHED_COUNTS) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, { versions, total });
    return total;
  }

  /** The versions a collection's text index depends on (what its vocabularies were read at). */
  textVersions(collection: string): string {
    return this.versionsOf(collection, TEXT_ASPECTS);
  }

  /** Starts a batch: nothing noted yet. */
  beginBatch(): void {
    this.countDeltas.clear();
    this.changes.clear();
  }

  /** Notes that the batch being written changed an aspect of a collection (written by writeChanges). */
  changed(collection: string, aspect: string): void {
    let aspects = this.changes.get(collection);
    if (!aspects) this.changes.set(collection, (aspects = new Set()));
    aspects.add(aspect);
  }

  /** Notes a change of a cooperative's number of documents in a collection (written by writeCounts). */
  countDelta(name: string, cooperativeId: CoopKey, delta: number): void {
    const key = `${name}\u0000${cooperativeId}`;
    this.countDeltas.set(key, (this.countDeltas.get(key) ?? 0) + delta);
  }

  /** Writes the batch's document count changes and moves the versions of what it changed (inside its transaction). */
  writeCounts(): void {
    for (const [key, delta] of this.countDeltas) {
      if (delta === 0) continue;
      const [name, cooperativeId] = key.split('\u0000') as [string, string];
      this.statistics.grew(name, delta);
      this.conn
        .stmt(
          'INSERT INTO doc_counts (collection, cooperative_id, docs) VALUES (?, ?, ?) ' +
            'ON CONFLICT (collection, cooperative_id) DO UPDATE SET docs = docs + excluded.docs',
        )
        .run(name, cooperativeId, delta);
    }
    this.countDeltas.clear();
    this.writeChanges();
  }

  /** Forgets a collection's documents (a reset, inside its transaction; the version moves with writeChanges). */
  emptied(name: string): void {
    this.conn.stmt('DELETE FROM doc_counts WHERE collection = ?').run(name);
    this.changed(name, 'rows');
  }

  /** Moves the version of every aspect the batch changed, inside the batch's transaction. */
  writeChanges(): void {
    const bump = this.conn.stmt(
      'INSERT INTO change_versions (collection, aspect, version) VALUES (?, ?, 1) ' +
        'ON CONFLICT (collection, aspect) DO UPDATE SET version = version + 1',
    );
    for (const [collection, aspects] of this.changes) for (const aspect of aspects) bump.run(collection, aspect);
    this.changes.clear();
  }

  /** The change versions of some aspects of a collection, as one comparable text (an aspect never changed is 0). */
  private versionsOf(collection: string, aspects: readonly string[]): string {
    const rows = this.conn
      .stmt<[string], { aspect: string; version: number }>(
        'SELECT aspect, version FROM change_versions WHERE collection = ?',
      )
      .all(collection);
    const version = new Map(rows.map((r) => [r.aspect, r.version]));
    return [...aspects]
      .sort()
      .map((a) => `${a}:${version.get(a) ?? 0}`)
      .join(',');
  }
}
