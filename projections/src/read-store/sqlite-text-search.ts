import type { KeptCounts } from './sqlite-counts.js';
import type { CoopKey, KeyedQuery, SqliteConnection } from './sqlite-connection.js';
import { ftsPhrase, type TextIndex, type TextPart } from './sqlite-text-index.js';

/**
 * The trigram index answers searches of at least three characters directly, and searches of two from the
 * trigrams that start or end with them (see TextIndex.twoCharacterPhrase); a single character scans.
 */
export const TRIGRAM = 3;
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

/** A page as stored: the documents' JSON texts in order, and the number of matches. */
export interface StoredPage {
  readonly docs: string[];
  readonly total: number;
}

/** A query's parts as the planner built them: its filters as SQL (`where`, `params`), its ORDER BY terms and its page. */
export interface PlannedQuery {
  readonly where: readonly string[];
  readonly params: readonly unknown[];
  readonly order: readonly string[];
  readonly limit: number;
  readonly offset: number;
}

/**
 * The plans of a search of two or more characters within one cooperative (see SqliteReadStore): counted from the
 * cooperative's part of the text index, and the page read in text order, along the sort field's index (an ordered
 * scan that stops at the page's end), or by fetching the matches and sorting them, whichever is expected to cost least.
 */
export class TextSearch {
  constructor(
    private readonly conn: SqliteConnection,
    private readonly counts: KeptCounts,
    private readonly text: TextIndex,
  ) {}

  /**
   * A search within one cooperative with at least one word of two or more characters: those words are answered from
   * its part of the text index (every one of them: an AND of their phrases), single characters by looking into the
   * matches' search text.
   */
  find(collection: string, query: KeyedQuery, words: readonly string[], planned: PlannedQuery): StoredPage {
    const { order: sortOrder, limit, offset } = planned;
    const cooperativeId = query.cooperativeId!;
    const { order } = this.conn.collection(collection);
    const part = this.text.part(collection, cooperativeId, false);
    if (!part) return { docs: [], total: 0 };
    const indexed = words.filter((w) => [...w].length >= TRIGRAM - 1);
    const phrases: string[] = [];
    for (const word of indexed) {
      const phrase =
        [...word].length >= TRIGRAM ? ftsPhrase(word) : this.text.twoCharacterPhrase(collection, part, word);
      if (phrase === undefined) return { docs: [], total: 0 };
      phrases.push(indexed.length > 1 ? `(${phrase})` : phrase);
    }
    const phrase = phrases.join(' AND ');
    const single = words.filter((w) => [...w].length < TRIGRAM - 1);
    const where = [...planned.where, ...single.map(() => `instr(rm_${collection}.search, ?) > 0`)];
    const params = [...planned.params, ...single];
    const withSingle: PlannedQuery = { ...planned, where, params };
    // The rows a text index entry stands for: by rowid, or by order key within the cooperative.
    const matches = order
      ? `cooperative_id = ? AND sk IN (SELECT rowid FROM ${part.table} WHERE ${part.table} MATCH ?)`
      : `rowid IN (SELECT rowid FROM ${part.table} WHERE ${part.table} MATCH ?)`;
    const matchParams = order ? [cooperativeId, phrase] : [phrase];
    // The part holds only this cooperative's documents, and trigram phrases match exactly the documents whose search
    // text contains every word: without filters (or single characters) the index alone counts.
    const total =
      where.length === 0
        ? this.counts.cachedCount(
            collection,
            `SELECT COUNT(*) AS n FROM ${part.table} WHERE ${part.table} MATCH ?`,
            [phrase],
            [],
          )
        : this.counts.cachedCount(
            collection,
            `SELECT COUNT(*) AS n FROM rm_${collection} WHERE ${[matches, ...where].join(' AND ')}`,
            [...matchParams, ...params],
            query.filters ?? [],
          );
    if (total === 0 || limit === 0) return { docs: [], total };

    const sortField = query.sort?.[0]?.field;
    // Visits an ordered scan is expected to need if the matches were spread evenly along the order.
    const visits = ((offset + limit) * this.counts.docCount(collection, cooperativeId)) / total;
    // Sorted by the text order field, the text index is read in order (inTextOrder), unless it is a two-character
    // search (an OR of every trigram that starts or ends with the two, each list opened) matching so widely that a
    // short walk along the sort index fills the page: that walk is tried first.
    const inTextOrder = order !== undefined && sortField === order;
    const wideTwoCharacters =
      indexed.some((w) => [...w].length < TRIGRAM) && limit > 0 && visits * 10 <= ORDERED_SCAN_MAX;
    if (
      (!inTextOrder || wideTwoCharacters) &&
      sortField &&
      sortField !== 'id' &&
      limit > 0 &&
      visits <= ORDERED_SCAN_EXPECTED &&
      visits <= 2 * total &&
      // With ten times the expected visits in the window it is not worth asking (and a sample of a wide
      // two-character search's OR query costs more than the window).
      (visits * 10 <= ORDERED_SCAN_MAX ||
        this.windowLikelyFills(collection, part, phrase, query, cooperativeId, offset + limit, total))
    ) {
      const page = this.orderedScan(collection, query, cooperativeId, indexed, withSingle);
      if (page) return { docs: page, total };
    }
    if (inTextOrder) {
      return { docs: this.inTextOrder(collection, query, cooperativeId, part, phrase, withSingle), total };
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
    this.conn.traced(pageSql, pageParams);
    const page = this.conn.stmt<unknown[], { r: number }>(pageSql).all(...pageParams);
    return {
      docs: this.conn.docsByRowid(
        collection,
        page.map(({ r }) => r),
      ),
      total,
    };
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
    query: KeyedQuery,
    cooperativeId: CoopKey,
    part: TextPart,
    phrase: string,
    planned: PlannedQuery,
  ): string[] {
    const { where, params, order: sortOrder, limit, offset } = planned;
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
    this.conn.traced(sql, values);
    const wanted = limit < 0 ? Infinity : offset + limit;
    const read: { r: number; k: unknown }[] = [];
    for (const row of this.conn.stmt<unknown[], { r: number; k: unknown }>(sql).iterate(...values)) {
      if (read.length >= wanted && (exact || row.k !== read[wanted - 1]!.k)) break;
      read.push(row);
      if (exact && read.length >= wanted) break;
    }
    let page: number[];
    if (exact) page = read.slice(offset, limit < 0 ? undefined : offset + limit).map(({ r }) => r);
    else {
      const pageSql = `SELECT rowid AS r FROM ${rm} WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY ${sortOrder.join(', ')} LIMIT ? OFFSET ?`;
      const pageValues = [JSON.stringify(read.map(({ r }) => r)), limit, offset];
      this.conn.traced(pageSql, pageValues);
      page = this.conn
        .stmt<unknown[], { r: number }>(pageSql)
        .all(...pageValues)
        .map(({ r }) => r);
    }
    return this.conn.docsByRowid(collection, page);
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
    query: KeyedQuery,
    cooperativeId: CoopKey,
    wanted: number,
    total: number,
  ): boolean {
    const first = query.sort![0]!;
    const column = `f_${first.field}`;
    const desc = first.direction === 'desc';
    const endSql =
      `SELECT ${column} AS k FROM rm_${collection} INDEXED BY ix_${collection}_${first.field} WHERE cooperative_id = ? ` +
      `ORDER BY ${column} ${desc ? 'DESC' : 'ASC'} LIMIT 1 OFFSET ${ORDERED_SCAN_MAX - 1}`;
    this.conn.traced(endSql, [cooperativeId]);
    const end = this.conn.stmt<[CoopKey], { k: unknown }>(endSql).get(cooperativeId);
    if (!end) return true; // the window holds the whole cooperative
    if (end.k === null) return true;
    const sampled = `(SELECT rowid FROM ${part.table} WHERE ${part.table} MATCH ? LIMIT ${WINDOW_SAMPLE})`;
    const ordered = this.conn.collection(collection).order !== undefined;
    const sample = ordered ? `cooperative_id = ? AND sk IN ${sampled}` : `rowid IN ${sampled}`;
    const shareSql = `SELECT COUNT(*) AS n, SUM(${column} ${desc ? '>=' : '<='} ?) AS before FROM rm_${collection} WHERE ${sample}`;
    const shareParams = [end.k, ...(ordered ? [cooperativeId] : []), phrase];
    this.conn.traced(shareSql, shareParams);
    const share = this.conn.stmt<unknown[], { n: number; before: number | null }>(shareSql).get(...shareParams)!;
    if (share.n === 0) return true;
    return ((share.before ?? 0) / share.n) * total >= wanted;
  }

  /**
   * Walks the cooperative's documents along the sort field's index (in SQLite: a window of the first
   * ORDERED_SCAN_MAX documents passing the filters) and keeps the ones whose search text contains every
   * word, until the page is full; then reads only the page's documents. Gives up (undefined) when the
   * window did not fill the page and the cooperative has more documents: the matches sit further along.
   */
  private orderedScan(
    collection: string,
    query: KeyedQuery,
    cooperativeId: CoopKey,
    words: readonly string[],
    planned: PlannedQuery,
  ): string[] | undefined {
    const { where, params, order, limit, offset } = planned;
    const sortField = query.sort![0]!.field;
    // The sort columns pass through the window (keeping their NOCASE collation) for the outer ORDER BY.
    const keys = [...new Set((query.sort ?? []).map((s) => (s.field === 'id' ? 'id' : `f_${s.field}`)).concat('id'))];
    const sql =
      `SELECT r FROM (SELECT rowid AS r, search AS s, ${keys.join(', ')} FROM rm_${collection} INDEXED BY ix_${collection}_${sortField} ` +
      `WHERE ${['cooperative_id = ?', ...where].join(' AND ')} ORDER BY ${order.join(', ')} LIMIT ?) ` +
      `WHERE ${words.map(() => 'instr(s, ?) > 0').join(' AND ')} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    const values = [cooperativeId, ...params, ORDERED_SCAN_MAX, ...words, limit, offset];
    this.conn.traced(sql, values);
    const page = this.conn.stmt<unknown[], { r: number }>(sql).all(...values);
    if (page.length < limit && this.counts.docCount(collection, cooperativeId) > ORDERED_SCAN_MAX) return undefined;
    return this.conn.docsByRowid(
      collection,
      page.map(({ r }) => r),
    );
  }
}
