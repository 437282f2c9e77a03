import type { ReadQuery, ViewRequest } from '@coop/contracts';

/** What the API thread asks a read thread: one find() on the read store, as stored or turned into a view... */
export interface FindRequest {
  readonly id: number;
  readonly collection: string;
  readonly query: ReadQuery;
  readonly view?: ViewRequest;
}

/** ...or documents by id (the answer's `total` is the number found). */
export interface GetRequest {
  readonly id: number;
  readonly collection: string;
  readonly ids: readonly string[];
}

/** ...or one batch of a scan: the cooperative's documents with an id after `after`, in id order (at most `limit`). */
export interface ScanRequest {
  readonly id: number;
  readonly collection: string;
  readonly scan: { readonly cooperativeId: string; readonly after: string; readonly limit: number };
}

export type ReadRequest = FindRequest | GetRequest | ScanRequest;

/** ...or, answered by nothing: a rebuild switched the read models to this file; read it from the next request on (decision 171). */
export interface SwitchRequest {
  readonly switchTo: string;
}

/**
 * The answer: the page's documents (or view items) as one JSON array text (a string crosses threads as one copy; the
 * documents as objects would be parsed in the thread and cloned across), with the number of items and of matches;
 * a scan's batch also names its last document's id (`last`), so that the next batch can be asked before this one is
 * parsed; or the error's message (the read store's errors are plain Errors).
 */
export type FindAnswer =
  | {
      readonly id: number;
      readonly json: string;
      readonly count: number;
      readonly total: number;
      readonly last?: string;
    }
  | { readonly id: number; readonly error: string };

/** What a read thread is started with. */
export interface ReadThreadData {
  readonly file: string;
  /** The URL of the compiled module listing the areas (`Areas.module`): the thread imports it for collections and views. */
  readonly areas: string;
}
