import type { ReadDocument, ReadPage, ReadQuery } from '@coop/contracts';

/** What the API thread asks a read thread: one find() on the read store. */
export interface FindRequest {
  readonly id: number;
  readonly collection: string;
  readonly query: ReadQuery;
}

/** The answer: the page, or the error's message (the read store's errors are plain Errors). */
export type FindAnswer =
  | { readonly id: number; readonly page: ReadPage<ReadDocument> }
  | { readonly id: number; readonly error: string };

/** What a read thread is started with. */
export interface ReadThreadData {
  readonly file: string;
}
