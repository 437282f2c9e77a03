import type { CollectionSpec, ReadDocument, ReadPage, ReadQuery, Sort } from '@coop/contracts';
import type { ListParams } from './list-query.js';
import type { ReadModels } from './read-models.js';

/**
 * One collection's reads with its typed document (decision 247): each document read from the store is turned into the
 * typed document once, by the reader its projector's module exports (`readMember`, `readCooperative`,
 * `readDividendMember`). The area that owns the collection makes one and exports it from its index.ts (`memberReads`,
 * `cooperativeReads`, `dividendResults`); every other area reads the collection only through it
 * (`read-model-through-its-owner`). Each read takes the route's `ReadModels` (which may wait for the client's writes
 * first), so the same reader serves every route.
 */
export class TypedReads<T> {
  /** The collection's name (a preview's document key). */
  readonly collection: string;

  constructor(
    private readonly spec: CollectionSpec,
    /** The entity named by a not-found answer. */
    private readonly entity: string,
    /** The stored document as its typed document. */
    readonly read: (doc: ReadDocument) => T,
  ) {
    this.collection = spec.name;
  }

  /** The document of the cooperative with this id; another cooperative's or none: NotFoundError naming the entity. */
  async get(reads: ReadModels, cooperativeId: string, id: string): Promise<T> {
    return this.read(await reads.get(this.spec, cooperativeId, id, this.entity));
  }

  /** The documents of these ids that belong to the cooperative, by id (unknown ids left out). */
  async getMany(reads: ReadModels, cooperativeId: string, ids: readonly string[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    for (const [id, doc] of await reads.getMany(this.spec, cooperativeId, ids)) found.set(id, this.read(doc));
    return found;
  }

  /** A prepared query within one cooperative (filters and sort on the collection's declared fields). */
  async query(reads: ReadModels, cooperativeId: string, query: ReadQuery): Promise<ReadPage<T>> {
    const page = await reads.query(this.spec, cooperativeId, query);
    return { items: page.items.map(this.read), total: page.total };
  }

  /** An API list query (offset, limit, search, filter, order_by) within one cooperative. */
  async list(
    reads: ReadModels,
    cooperativeId: string,
    params: ListParams,
    defaultSort: readonly Sort[],
  ): Promise<ReadPage<T>> {
    const page = await reads.list(this.spec, cooperativeId, params, defaultSort);
    return { items: page.items.map(this.read), total: page.total };
  }

  /** Platform-wide listing; only for ROLE_SUPER_ADMIN paths and the platform's own tasks. */
  async listAcrossCooperatives(
    reads: ReadModels,
    params: ListParams,
    defaultSort: readonly Sort[],
  ): Promise<ReadPage<T>> {
    const page = await reads.listAcrossCooperatives(this.spec, params, defaultSort);
    return { items: page.items.map(this.read), total: page.total };
  }

  /** Every document of every cooperative in id order, a page at a time (ReadModels.pagesAcrossCooperatives). */
  async *pagesAcrossCooperatives(reads: ReadModels, pageSize?: number): AsyncIterable<T[]> {
    for await (const page of reads.pagesAcrossCooperatives(this.spec, pageSize)) yield page.map(this.read);
  }

  /** Every page of a query within one cooperative as typed documents (ReadModels.queryPages). */
  async *queryPages(
    reads: ReadModels,
    cooperativeId: string,
    query: Omit<ReadQuery, 'offset' | 'limit' | 'cooperativeId'>,
    pageSize: number,
  ): AsyncIterable<T[]> {
    for await (const page of reads.queryPages(this.spec, cooperativeId, query, pageSize)) yield page.map(this.read);
  }

  /** Every document of the cooperative in id order, in batches: a whole collection streamed, never held. */
  async *scan(reads: ReadModels, cooperativeId: string, batchSize: number): AsyncIterable<T[]> {
    for await (const batch of reads.scan(this.spec, cooperativeId, batchSize)) yield batch.map(this.read);
  }
}
