import type { ReadQuery } from '@coop/contracts';

/** What the API thread asks a read thread: one find() on the read store. */
export interface FindRequest {
  readonly id: number;
  readonly collection: string;
  readonly query: ReadQuery;
}

/**
 * The answer: the page's documents as one JSON array text (a string crosses threads as one copy; the documents as
 * objects would be parsed in the thread and cloned across), with the number of matches; or the error's message
 * (the read store's errors are plain Errors).
 */
export type FindAnswer =
  | { readonly id: number; readonly json: string; readonly total: number }
  | { readonly id: number; readonly error: string };

/** What a read thread is started with. */
export interface ReadThreadData {
  readonly file: string;
}
