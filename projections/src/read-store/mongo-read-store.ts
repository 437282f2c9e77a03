import { MongoClient, type Collection, type Db, type Filter as MongoFilter } from 'mongodb';
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
import { compareKey } from './compare-key.js';
import { TRANSACTION_DOCUMENTS } from './mongo-batches.js';
import { KeptCounts } from './mongo-counts.js';
import { assertName, HIDDEN, indexesOf, isArray, KEYS, SEARCH, type Key, type StoredDoc } from './mongo-documents.js';
import { MongoWrites } from './mongo-writes.js';
import { tieDirection } from './tie-direction.js';
import { numberFirst, searchWords, type StoreFilter, type StoreQuery } from './search-text.js';
import { toViewPage, type ViewBuilders } from './view-page.js';

/** What connect() takes beside the server and database. */
export interface MongoReadStoreOptions {
  /** The view builders findView() may use, by name (none: every view name is refused). */
  readonly views?: ViewBuilders;
  /** For tests: a count computed faster than this (ms) is not kept (default 2 ms); 0 keeps every count. */
  readonly cheapCountMs?: number;
}

/**
 * Read models in MongoDB: a collection `rm_<name>` per spec, documents
 * `{ _id: id, ...doc, _search, _k }`, checkpoints in `checkpoints { _id: name, position }`.
 *
 * Behaves like the SQLite adapter: every declared field gets a comparison key in `_k`, the value SQLite
 * stores in its indexed column (`compareKey`: German dictionary order, equality but for case, booleans
 * as 1/0, missing as null), and queries filter and sort on those keys, so order and case-insensitivity
 * are the same on both engines (byte order of UTF-8 = code point order).
 * Each declared field has an index `{ cooperativeId: 1, _k.<field>: 1, _id: 1 }` (array fields: a
 * multikey index on the array itself).
 *
 * Writes (MongoWrites) go in transactions (`session.withTransaction`), which need MongoDB running as a replica set (a
 * single-node one is enough; see docker-compose.yml), of at most TRANSACTION_DOCUMENTS documents each: the projection
 * runner ends its batches there (`maxBatchDocuments`), and a larger batch is written in parts, its checkpoint removed
 * first. A reset drops the collections outside any transaction, its checkpoint removed first.
 *
 * Counts (as the SQLite store's `doc_counts`): each cooperative's number of documents per collection is kept in
 * `doc_counts { _id: "<collection>/<cooperativeId>", collection, cooperativeId, docs }`, written in the transaction of
 * every part that changes it and counted anew at every start, so that a list without filter or search counts nothing.
 * The count of a filtered or searched list is counted through the indexes (countDocuments) and kept until something it
 * depends on changes (KeptCounts, as the SQLite store's decision 36: versions per aspect in `change_versions`).
 */
export class MongoReadStore implements ReadStore {
  readonly maxBatchDocuments = TRANSACTION_DOCUMENTS;
  private readonly specs = new Map<string, CollectionSpec>();
  private readonly writes: MongoWrites;
  private readonly kept: KeptCounts;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly views: ViewBuilders,
    cheapCountMs: number | undefined,
  ) {
    this.kept = new KeptCounts(db, cheapCountMs);
    this.writes = new MongoWrites(
      client,
      db,
      (name) => this.spec(name),
      (spec) => this.ensureCollection(spec),
      this.kept,
    );
  }

  static async connect(url: string, database: string, options: MongoReadStoreOptions = {}): Promise<MongoReadStore> {
    // ignoreUndefined: an undefined field is left out, as JSON.stringify does in the SQLite adapter. Reads from the
    // primary whatever the URL asks: a secondary may lag behind the position the runner reports, and read-your-writes
    // (a write's answer waits for that position) would then show a client the state before its write.
    const client = new MongoClient(url, { ignoreUndefined: true, readPreference: 'primary' });
    await client.connect();
    const store = new MongoReadStore(client, client.db(database), options.views ?? {}, options.cheapCountMs);
    await store.createIfMissing('checkpoints');
    await store.createIfMissing('doc_counts');
    await store.createIfMissing('change_versions');
    await store.db.collection('doc_counts').createIndex({ collection: 1 });
    return store;
  }

  async ensureCollections(specs: readonly CollectionSpec[]): Promise<void> {
    for (const spec of specs) {
      assertName(spec.name);
      for (const f of Object.keys(spec.fields)) assertName(f);
      await this.ensureCollection(spec);
      this.specs.set(spec.name, spec);
      await this.writes.recount(spec.name);
    }
  }

  /** Makes a collection and its indexes where missing (indexesOf). */
  private async ensureCollection(spec: CollectionSpec): Promise<void> {
    await this.createIfMissing(`rm_${spec.name}`);
    const coll = this.collection(spec.name);
    for (const index of indexesOf(spec)) await coll.createIndex(index);
  }

  async get(collection: string, id: string): Promise<ReadDocument | undefined> {
    this.spec(collection);
    const doc = await this.collection(collection).findOne({ _id: id }, { projection: HIDDEN });
    return doc ? (doc as unknown as ReadDocument) : undefined;
  }

  async getMany(collection: string, ids: readonly string[]): Promise<ReadDocument[]> {
    this.spec(collection);
    if (ids.length === 0) return [];
    // One query for all of them; `$in` answers in no particular order, so they are put in the order asked.
    const docs = await this.collection(collection)
      .find({ _id: { $in: [...new Set(ids)] } }, { projection: HIDDEN })
      .toArray();
    const byId = new Map(docs.map((doc) => [doc.id as string, doc as unknown as ReadDocument]));
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc ? [doc] : [];
    });
  }

  async *scan(collection: string, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]> {
    this.spec(collection);
    if (!Number.isSafeInteger(batchSize) || batchSize < 1)
      throw new Error(`A scan's batch size must be a positive whole number, not ${batchSize}`);
    for (let after = ''; ;) {
      // The index { cooperativeId: 1, _id: 1 } serves each batch: a range from the last id read, in id order.
      const batch = (await this.collection(collection)
        .find({ cooperativeId, _id: { $gt: after } }, { projection: HIDDEN })
        .sort({ _id: 1 })
        .limit(batchSize)
        .toArray()) as unknown as ReadDocument[];
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]!.id;
    }
  }

  async find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    const first = numberFirst(this.spec(collection), query);
    if (!first) return this.findWords(collection, query);
    // A member number searched: its documents first, then the other matches (NumberFirst).
    const exact = await this.findWords(collection, first.exact);
    const rest = await this.findWords(collection, first.rest(exact.total, exact.items.length));
    return { items: [...exact.items, ...rest.items], total: exact.total + rest.total };
  }

  private async findWords(collection: string, query: StoreQuery): Promise<ReadPage<ReadDocument>> {
    const spec = this.spec(collection);
    const and: MongoFilter<StoredDoc>[] = [];
    if (query.cooperativeId !== null) and.push({ cooperativeId: query.cooperativeId });
    for (const filter of query.filters ?? []) and.push(this.filter(spec, filter));
    // Every word of the search, anywhere in the search text.
    for (const word of searchWords(query.search)) and.push({ [SEARCH]: { $regex: escapeRegex(word) } });
    const where: MongoFilter<StoredDoc> = and.length ? { $and: and } : {};

    const sort: [string, 1 | -1][] = [];
    for (const s of query.sort ?? []) {
      this.assertField(spec, s.field, true);
      const key = s.field === 'id' ? '_id' : `${KEYS}.${s.field}`;
      // Like SQL ORDER BY, a key listed twice keeps its first direction.
      if (!sort.some(([k]) => k === key)) sort.push([key, s.direction === 'desc' ? -1 : 1]);
    }
    // Ties by id in the direction of the first sort field (decision 37), as the SQLite store.
    if (!sort.some(([k]) => k === '_id')) sort.push(['_id', tieDirection(query) === 'desc' ? -1 : 1]);

    const coll = this.collection(collection);
    // Neither filter nor search: the kept count of the cooperative's documents (of all of them for null).
    const total =
      and.length === (query.cooperativeId === null ? 0 : 1)
        ? await this.writes.docCount(collection, query.cooperativeId)
        : await this.keptCount(collection, query, where);
    const limit = query.limit ?? -1;
    if (limit === 0) return { items: [], total };
    let cursor = coll
      .find(where, { projection: HIDDEN })
      .sort(sort)
      .skip(Math.max(0, query.offset ?? 0));
    if (limit > 0) cursor = cursor.limit(limit);
    const items = (await cursor.toArray()) as unknown as ReadDocument[];
    return { items, total };
  }

  /**
   * The number of matches of a filtered or searched query: kept (KeptCounts) until a document is added, removed or
   * moved, a search text changes (a search) or a field it filters by changes; else counted through the indexes.
   */
  private async keptCount(collection: string, query: StoreQuery, where: MongoFilter<StoredDoc>): Promise<number> {
    const aspects = [
      'rows',
      ...(searchWords(query.search).length > 0 ? ['search'] : []),
      ...(query.filters ?? []).map((f) => f.field).filter((f) => f !== 'id'),
    ];
    return this.kept.count(collection, JSON.stringify(where), aspects, () =>
      this.collection(collection).countDocuments(where),
    );
  }

  async findView(collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
    const { items, total } = await this.find(collection, query);
    return toViewPage(this.views, view, items, total);
  }

  async applyBatch(
    ops: readonly WriteOp[],
    checkpoint: { readonly name: string; readonly position: bigint },
  ): Promise<void> {
    await this.writes.applyBatch(ops, checkpoint, this.maxBatchDocuments);
  }

  async checkpoint(name: string): Promise<bigint> {
    return this.writes.checkpoint(name);
  }

  async reset(collections: readonly string[], checkpointName: string): Promise<void> {
    await this.writes.reset(collections, checkpointName);
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Drops the whole database (tests). */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }

  private async createIfMissing(name: string): Promise<void> {
    const existing = await this.db.listCollections({ name }, { nameOnly: true }).toArray();
    if (existing.length > 0) return;
    try {
      await this.db.createCollection(name);
    } catch (error) {
      // NamespaceExists (48): created concurrently by another process.
      if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 48)) throw error;
    }
  }

  private collection(name: string): Collection<StoredDoc> {
    return this.db.collection<StoredDoc>(`rm_${name}`);
  }

  private spec(collection: string): CollectionSpec {
    const spec = this.specs.get(collection);
    if (!spec) throw new Error(`Unknown read-model collection ${collection}`);
    return spec;
  }

  private assertField(spec: CollectionSpec, field: string, sorting = false): void {
    if (field === 'id') return;
    if (!(field in spec.fields) || (sorting && isArray(spec, field))) {
      throw new Error(`Field ${field} is not declared on ${spec.name}`);
    }
  }

  private filter(spec: CollectionSpec, filter: StoreFilter): MongoFilter<StoredDoc> {
    this.assertField(spec, filter.field);
    if (isArray(spec, filter.field)) {
      if (filter.op === 'ne') throw new Error(`Inequality on array field ${filter.field}`);
      if (filter.op === 'range') throw new Error(`Range filter on array field ${filter.field}`);
      // "Contains one of": plain values only; null never matches an array element (as in SQLite).
      const values = (filter.op === 'eq' ? [filter.value] : filter.values).filter((v) => v !== null);
      return values.length ? { [filter.field]: { $in: values } } : NOTHING;
    }
    const path = filter.field === 'id' ? '_id' : `${KEYS}.${filter.field}`;
    const kind = spec.fields[filter.field];
    const key =
      kind === undefined
        ? (v: unknown): Key => (v === null ? null : String(v))
        : (v: unknown): Key => compareKey(kind, v);
    if (filter.op === 'eq') return { [path]: key(filter.value) };
    // Missing or null is not equal either (as in SQLite).
    if (filter.op === 'ne') return { [path]: { $ne: key(filter.value) } };
    if (filter.op === 'in') return filter.values.length ? { [path]: { $in: filter.values.map(key) } } : NOTHING;
    const range: Record<string, Key> = {};
    if (filter.gte !== undefined) range.$gte = key(filter.gte);
    if (filter.lte !== undefined) range.$lte = key(filter.lte);
    return Object.keys(range).length ? { [path]: range } : {};
  }
}

const NOTHING: MongoFilter<StoredDoc> = { _id: { $in: [] } };

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
