import type { CollectionSpec, Scalar } from '@coop/contracts';
import { compareKey } from './compare-key.js';
import { escapeLike, numberFirst, searchWords, type StoreFilter, type StoreQuery } from './search-text.js';
import type { KeptCounts } from './sqlite-counts.js';
import type { KeyedQuery, SqliteConnection } from './sqlite-connection.js';
import type { TextIndex } from './sqlite-text-index.js';
import { TextSearch, TRIGRAM, type StoredPage } from './sqlite-text-search.js';
import { tieDirection } from './tie-direction.js';

/**
 * How the SQLite read store answers find(): the query's filters and sort as SQL over the collection's indexed columns,
 * its total from the kept counts, and the index its page is read along, chosen from exact counts (pageIndex). A
 * search of two or more characters within a cooperative goes to its text index (TextSearch); shorter ones, and
 * searches across cooperatives, scan the search column.
 */
export class QueryPlanner {
  private readonly textSearch: TextSearch;

  constructor(
    private readonly conn: SqliteConnection,
    private readonly counts: KeptCounts,
    text: TextIndex,
  ) {
    this.textSearch = new TextSearch(conn, counts, text);
  }

  /**
   * The page's documents as their stored JSON texts, and the number of matches. A search that is a number in a
   * collection with a searchNumber field: the number's documents first, then the rest (see NumberFirst).
   */
  find(collection: string, query: StoreQuery): StoredPage {
    const first = numberFirst(this.conn.collection(collection).spec, query);
    if (!first) return this.findWords(collection, query);
    const exact = this.findWords(collection, first.exact);
    const rest = this.findWords(collection, first.rest(exact.total, exact.docs.length));
    return { docs: [...exact.docs, ...rest.docs], total: exact.total + rest.total };
  }

  private findWords(collection: string, asked: StoreQuery): StoredPage {
    const { spec, textIndex } = this.conn.collection(collection);
    // The cooperative as the store keys it (decision 282); one without a key has no document here.
    const coop = asked.cooperativeId === null ? null : this.conn.coopKey(asked.cooperativeId);
    if (coop === undefined) return { docs: [], total: 0 };
    const query: KeyedQuery = { ...asked, cooperativeId: coop };
    const words = searchWords(query.search);
    const where: string[] = [];
    const params: unknown[] = [];
    for (const filter of query.filters ?? []) this.addFilter(spec, filter, where, params);
    const order = (query.sort ?? []).map((s) => {
      this.assertField(spec, s.field, true);
      return `${s.field === 'id' ? 'id' : `f_${s.field}`} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`;
    });
    // Ties by id in the direction of the first sort field (decision 37): a sort along one field's index, either way, is
    // that index read in one direction, and the newest of a day's postings (ids in creation order) comes first.
    if (!(query.sort ?? []).some((s) => s.field === 'id'))
      order.push(`id ${tieDirection(query) === 'desc' ? 'DESC' : 'ASC'}`);
    const limit = query.limit ?? -1;
    const offset = query.offset ?? 0;

    // Words of two or more characters are looked up in the text index; a single character is looked for in the text.
    if (textIndex && query.cooperativeId !== null && words.some((w) => [...w].length >= TRIGRAM - 1)) {
      return this.textSearch.find(collection, query, words, { where, params, order, limit, offset });
    }

    if (query.cooperativeId !== null) {
      where.unshift('cooperative_id = ?');
      params.unshift(query.cooperativeId);
    }
    for (const word of words) {
      where.push(`search LIKE ? ESCAPE '\\'`);
      params.push(`%${escapeLike(word)}%`);
    }
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const unfiltered = query.cooperativeId !== null && words.length === 0 && (query.filters ?? []).length === 0;
    const total = unfiltered
      ? this.counts.docCount(collection, query.cooperativeId!)
      : this.counts.cachedCount(
          collection,
          `SELECT COUNT(*) AS n FROM rm_${collection}${whereSql}`,
          params,
          query.filters ?? [],
        );
    if (total === 0 || limit === 0) return { docs: [], total };
    const choice =
      unfiltered || query.cooperativeId === null ? undefined : this.pageIndex(collection, query, total, limit, offset);
    const table = `rm_${collection}${choice ? ` INDEXED BY ${choice.index}` : ''}`;
    if (choice && !choice.ordered) {
      // The matches are few next to the documents along the order: fetched through the filter's index and
      // sorted as rowids (documents in a sorter cost more); only the page's documents are read.
      const pageSql = `SELECT rowid AS r FROM ${table}${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
      this.conn.traced(pageSql, [...params, limit, offset]);
      const page = this.conn.stmt<unknown[], { r: number }>(pageSql).all(...params, limit, offset);
      return {
        docs: this.conn.docsByRowid(
          collection,
          page.map(({ r }) => r),
        ),
        total,
      };
    }
    const pageSql = `SELECT doc FROM ${table}${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    this.conn.traced(pageSql, [...params, limit, offset]);
    const rows = this.conn.stmt<unknown[], { doc: string }>(pageSql).all(...params, limit, offset);
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
    query: KeyedQuery,
    total: number,
    limit: number,
    offset: number,
  ): { index: string; ordered: boolean } | undefined {
    const { spec } = this.conn.collection(collection);
    const cooperativeId = query.cooperativeId!;
    const sortField = query.sort?.[0]?.field ?? 'id';
    const sortIndex = sortField === 'id' ? `ix_${collection}_coop` : `ix_${collection}_${sortField}`;
    // Not an inequality (the other documents than a member number's): nearly every document passes it.
    const indexed = (query.filters ?? []).filter(
      (f) => f.op !== 'ne' && f.field !== 'id' && !spec.arrays?.includes(f.field),
    );
    if (indexed.some((f) => f.field === sortField)) return { index: sortIndex, ordered: true };
    const wanted = limit < 0 ? total : Math.min(total, offset + limit);
    const visits = (wanted * this.counts.docCount(collection, cooperativeId)) / total;
    // A filter's index visits at least every match: no need to count what it would visit.
    if (visits <= total) return { index: sortIndex, ordered: true };
    const best = indexed.find((f) => f.op === 'eq') ?? indexed.find((f) => f.op === 'in') ?? indexed[0];
    if (!best) return undefined;
    const where: string[] = ['cooperative_id = ?'];
    const params: unknown[] = [cooperativeId];
    this.addFilter(spec, best, where, params);
    // The same statement as the total's when this is the only condition: then it is already counted.
    const reads = this.counts.cachedCount(
      collection,
      `SELECT COUNT(*) AS n FROM rm_${collection} WHERE ${where.join(' AND ')}`,
      params,
      [best],
    );
    return reads < visits
      ? { index: `ix_${collection}_${best.field}`, ordered: false }
      : { index: sortIndex, ordered: true };
  }

  private assertField(spec: CollectionSpec, field: string, sorting = false): void {
    if (field === 'id') return;
    if (!(field in spec.fields) || (sorting && spec.arrays?.includes(field))) {
      throw new Error(`Field ${field} is not declared on ${spec.name}`);
    }
  }

  /** A filter as an SQL condition on the field's column (or, for an array field, on the document's array). */
  private addFilter(spec: CollectionSpec, filter: StoreFilter, where: string[], params: unknown[]): void {
    this.assertField(spec, filter.field);
    if (spec.arrays?.includes(filter.field)) {
      if (filter.op === 'ne') throw new Error(`Inequality on array field ${filter.field}`);
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
    const toColumn = (value: Scalar): string | number | null =>
      kind === undefined ? String(value) : compareKey(kind, value);
    if (filter.op === 'ne') {
      where.push(`(${col} IS NULL OR ${col} <> ?)`);
      params.push(toColumn(filter.value));
    } else if (filter.op === 'eq') {
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
