/** The kinds of declared fields a collection can be filtered and sorted by. */
export type FieldKind = 'string' | 'number' | 'boolean';

/** A read-model collection and the fields its queries may use; each declared field is indexed. */
export interface CollectionSpec {
  readonly name: string;
  /** Fields that can be filtered and sorted; every document also has `id` and `cooperativeId`. */
  readonly fields: Readonly<Record<string, FieldKind>>;
  /**
   * Fields of the documents (strings or numbers, declared or not) matched by the text search: a document matches when
   * their text contains every word of the search, in any order, ignoring case and the spelling of umlauts (ä or ae).
   */
  readonly search: readonly string[];
  /**
   * A declared number field (a member number): a search that is one whole number lists the documents whose field
   * equals it first, then the other matches.
   */
  readonly searchNumber?: string;
  /** Fields that hold arrays of strings; equality on them means "contains". */
  readonly arrays?: readonly string[];
  /**
   * A declared string field (not an array) that lists of this collection are usually sorted by (a name). An
   * adapter may keep its text index in this order (then id), so that a search sorted by it reads its matches in
   * order and stops at the page's end instead of sorting every match. Results are the same either way.
   */
  readonly textOrder?: string;
  /**
   * The platform's own look-ups across cooperatives (`cooperativeId: null`: sign-in by username, the task worker's
   * queue), each as the declared fields it filters and then sorts by. An adapter whose indexes start with the
   * cooperative (MongoDB) gives each its own index without it, so that such a look-up is not a scan of every tenant.
   */
  readonly crossTenant?: readonly (readonly string[])[];
}

export type Scalar = string | number | boolean;

export type Filter =
  | { readonly field: string; readonly op: 'eq'; readonly value: Scalar | null }
  | { readonly field: string; readonly op: 'in'; readonly values: readonly Scalar[] }
  | { readonly field: string; readonly op: 'range'; readonly gte?: Scalar; readonly lte?: Scalar };

export interface Sort {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface ReadQuery {
  /** Tenant of the query; `null` only for the platform's own cross-tenant look-ups (sign-in, super admin). */
  readonly cooperativeId: string | null;
  readonly filters?: readonly Filter[];
  readonly search?: string;
  readonly sort?: readonly Sort[];
  readonly offset?: number;
  readonly limit?: number;
}

/** A stored read-model document. `position` is the global log position of the last event applied to it. */
export interface ReadDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly [field: string]: unknown;
}

export interface ReadPage<D> {
  readonly items: D[];
  readonly total: number;
}

export type WriteOp =
  | { readonly kind: 'put'; readonly collection: string; readonly doc: ReadDocument }
  | { readonly kind: 'delete'; readonly collection: string; readonly id: string };

/** What a view is given beside each document: plain strings, so that a request for it can cross threads. */
export type ViewArgs = Readonly<Record<string, string | undefined>>;

/**
 * Turns a stored document into what a list answers. A pure function of its arguments (no framework, no database),
 * since an adapter may run it elsewhere than the caller (a read thread).
 */
export type ViewBuilder = (doc: ReadDocument, args: ViewArgs) => unknown;

/** A view asked for by name (one of the builders the adapter was made with), with its arguments. */
export interface ViewRequest {
  readonly name: string;
  readonly args: ViewArgs;
}

/** A page of a view: its items as one JSON array text, how many items that is, and the number of matches. */
export interface ViewPage {
  readonly json: string;
  readonly count: number;
  readonly total: number;
}

/**
 * Storage of read models. One adapter per engine (SQLite, MongoDB); one contract suite for all. An adapter is given
 * the view builders findView() may use when it is made.
 */
export interface ReadStore {
  /**
   * The most documents one applyBatch() should write (an engine whose transactions must stay small: MongoDB). The
   * projection runner ends its batches at an event before they grow past it; a batch that is larger all the same (one
   * event touching more documents) is written in parts, its checkpoint removed first (see applyBatch). Undefined: no bound.
   */
  readonly maxBatchDocuments?: number;
  /** Creates collections and their indexes; idempotent. */
  ensureCollections(specs: readonly CollectionSpec[]): Promise<void>;
  get(collection: string, id: string): Promise<ReadDocument | undefined>;
  /**
   * The documents of these ids that exist, in the order asked (an id asked twice is answered twice); unknown ids are
   * left out. Of every cooperative: the caller checks the tenant.
   */
  getMany(collection: string, ids: readonly string[]): Promise<ReadDocument[]>;
  find(collection: string, query: ReadQuery): Promise<ReadPage<ReadDocument>>;
  /**
   * As find(), with the page's documents turned into the named view and written out as one JSON array text (which
   * an HTTP answer sends as it is). A view name the adapter was not given is an error.
   */
  findView(collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage>;
  /**
   * Every document of one cooperative in id order, in batches of at most `batchSize` (keyset paging on the id, never
   * an offset): each batch is one indexed range read after the last id of the one before, so a caller streams a whole
   * collection (a year's dividend over every member) without holding it in memory. Batches are read one after the
   * other, each seeing the store as it is then; documents written meanwhile behind the last id read are met later.
   */
  scan(collection: string, cooperativeId: string, batchSize: number): AsyncIterable<ReadDocument[]>;
  /**
   * Applies the operations and stores the checkpoint together: all or nothing. Only a batch of more than
   * `maxBatchDocuments` documents is written in parts: the checkpoint is removed first, each part is written whole, and
   * the checkpoint comes back with the last, so that a crash or a failure half way leaves no checkpoint (which the
   * projection runner answers with a rebuild).
   */
  applyBatch(ops: readonly WriteOp[], checkpoint: { readonly name: string; readonly position: bigint }): Promise<void>;
  /** Last position the named projection applied, -1n when none. */
  checkpoint(name: string): Promise<bigint>;
  /**
   * Empties the collections and removes the checkpoint (for a rebuild). The checkpoint goes first: an adapter that
   * empties the collections one by one (MongoDB) leaves, after a crash half way, no checkpoint (which the projection
   * runner answers with a rebuild).
   */
  reset(collections: readonly string[], checkpointName: string): Promise<void>;
  close(): Promise<void>;
}
