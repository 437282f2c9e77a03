import { Inject, Injectable } from '@nestjs/common';
import {
  NotFoundError,
  type CollectionSpec,
  type ReadDocument,
  type ReadPage,
  type ReadQuery,
  type ReadStore,
  type Sort,
  type ViewPage,
  type ViewRequest,
} from '@coop/contracts';
import { READ_STORE } from '../tokens.js';
import { MAX_LIMIT, parseListQuery, type ListParams } from './list-query.js';

/**
 * Every query of the API goes through here: it reads read models only, always within the
 * caller's cooperative. A record of another cooperative is answered as not found. The reads a route declared
 * `@SettlesOwnReads()` gets (`@OwnReads()`, waitingFirst) first wait for the client's writes.
 */
@Injectable()
export class ReadModels {
  /** What each read waits for first (waitingFirst): the client's writes, on a route declared `@SettlesOwnReads()`. */
  private before: (() => Promise<void>) | undefined;

  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /**
   * These read models, each read first waiting for `before` (the client's writes on a route declared
   * `@SettlesOwnReads()`, ReadYourWritesGuard): passed to the route, not kept in an asynchronous context, whose promise
   * hooks would cost every await of the process (decision 243).
   */
  waitingFirst(before: () => Promise<void>): ReadModels {
    const reads = new ReadModels(this.store);
    reads.before = before;
    return reads;
  }

  async list(
    spec: CollectionSpec,
    cooperativeId: string,
    params: ListParams,
    defaultSort: readonly Sort[],
  ): Promise<ReadPage<ReadDocument>> {
    if (this.before) await this.before();
    return this.store.find(spec.name, parseListQuery(spec, params, cooperativeId, defaultSort));
  }

  /**
   * As list(), for a view of a collection under other field names (`fields`, each read from the collection's field
   * `onCollection` names): the list parameters are checked against the view's names, then asked of the collection.
   * Its `search` is the collection's (its search fields).
   */
  async listView(
    spec: CollectionSpec,
    view: { readonly fields: CollectionSpec['fields']; readonly onCollection: Readonly<Record<string, string>> },
    cooperativeId: string,
    params: ListParams,
    defaultSort: readonly Sort[],
  ): Promise<ReadPage<ReadDocument>> {
    const parsed = parseListQuery(
      { name: spec.name, fields: view.fields, search: spec.search },
      params,
      cooperativeId,
      defaultSort,
    );
    if (this.before) await this.before();
    const field = (name: string): string => (name === 'id' ? name : view.onCollection[name]!);
    return this.store.find(spec.name, {
      ...parsed,
      filters: parsed.filters?.map((f) => ({ ...f, field: field(f.field) })),
      sort: parsed.sort?.map((s) => ({ ...s, field: field(s.field) })),
    });
  }

  /** A prepared query within one cooperative (a handler that adjusts the parsed list query, e.g. "as of a date"). */
  async query(spec: CollectionSpec, cooperativeId: string, query: ReadQuery): Promise<ReadPage<ReadDocument>> {
    if (this.before) await this.before();
    return this.store.find(spec.name, { ...query, cooperativeId });
  }

  /**
   * As query(), with the page turned into a view (one the read store was opened with) and written out as JSON by the
   * store: by a read thread where they run, so that the API thread only sends the text.
   */
  async queryView(spec: CollectionSpec, cooperativeId: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
    if (this.before) await this.before();
    return this.store.findView(spec.name, { ...query, cooperativeId }, view);
  }

  /**
   * Every page of a query within one cooperative, `pageSize` documents at a time (the query's own offset and limit are
   * ignored): for the reads that go through all documents that match a filter without holding them (one loop here, not
   * one per area). The sort should end on `id`, so that pages neither repeat nor skip a document.
   */
  async *queryPages(
    spec: CollectionSpec,
    cooperativeId: string,
    query: Omit<ReadQuery, 'offset' | 'limit' | 'cooperativeId'>,
    pageSize: number,
  ): AsyncIterable<ReadDocument[]> {
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.query(spec, cooperativeId, { ...query, cooperativeId, offset, limit: pageSize });
      if (page.items.length > 0) yield page.items;
      if (page.items.length < pageSize) return;
    }
  }

  /** Every document of the cooperative in id order, in batches (ReadStore.scan): a whole collection streamed, never held. */
  scan(spec: CollectionSpec, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]> {
    const waiting = this.before?.();
    if (!waiting) return this.store.scan(spec.name, cooperativeId, batchSize);
    const store = this.store;
    return (async function* settledScan(): AsyncIterable<ReadDocument[]> {
      await waiting;
      yield* store.scan(spec.name, cooperativeId, batchSize);
    })();
  }

  /**
   * Every document of every cooperative, `pageSize` at a time in id order (pages neither repeat nor skip one): only for
   * the platform's own tasks that visit each cooperative (the settlement reminders, the closures' resumption).
   */
  async *pagesAcrossCooperatives(spec: CollectionSpec, pageSize: number = MAX_LIMIT): AsyncIterable<ReadDocument[]> {
    const byId: readonly Sort[] = [{ field: 'id', direction: 'asc' }];
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.listAcrossCooperatives(spec, { offset: String(offset), limit: String(pageSize) }, byId);
      if (page.items.length > 0) yield page.items;
      if (page.items.length < pageSize) return;
    }
  }

  /** Platform-wide listing; only for ROLE_SUPER_ADMIN paths and sign-in. */
  async listAcrossCooperatives(
    spec: CollectionSpec,
    params: ListParams,
    defaultSort: readonly Sort[],
  ): Promise<ReadPage<ReadDocument>> {
    if (this.before) await this.before();
    return this.store.find(spec.name, parseListQuery(spec, params, null, defaultSort));
  }

  async get(spec: CollectionSpec, cooperativeId: string, id: string, entity: string): Promise<ReadDocument> {
    if (this.before) await this.before();
    const doc = await this.store.get(spec.name, id);
    if (!doc || doc.cooperativeId !== cooperativeId) throw new NotFoundError(entity, id);
    return doc;
  }

  /** The documents of these ids that belong to the cooperative (others are left out, as unknown ids are), by id. */
  async getMany(
    spec: CollectionSpec,
    cooperativeId: string,
    ids: readonly string[],
  ): Promise<Map<string, ReadDocument>> {
    if (this.before) await this.before();
    // The store reads them in a read thread where they run (decision 42): a page no longer in memory then stops that
    // thread, not this one. It answers documents of any cooperative: the check is here.
    const docs = await this.store.getMany(spec.name, [...new Set(ids)]);
    const found = new Map<string, ReadDocument>();
    for (const doc of docs) if (doc.cooperativeId === cooperativeId) found.set(doc.id, doc);
    return found;
  }

  async find(
    spec: CollectionSpec,
    cooperativeId: string | null,
    field: string,
    value: string,
  ): Promise<ReadDocument | undefined> {
    if (this.before) await this.before();
    const page = await this.store.find(spec.name, { cooperativeId, filters: [{ field, op: 'eq', value }], limit: 1 });
    return page.items[0];
  }
}
