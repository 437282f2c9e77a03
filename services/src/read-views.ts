import type { ReadDocument, ReadQuery, ReadStore } from '@coop/contracts';
import { toMemberDto } from './members/queries/member.view.js';

/** What a view is given beside each document: plain strings, so that they can be sent to a read thread. */
export type ViewArgs = Readonly<Record<string, string | undefined>>;

/**
 * The list views a read thread builds itself (ThreadedReadStore.findView): the page's documents turned into
 * what the API answers and written out as JSON in the thread, so the API thread only sends the text. Only
 * pure functions of the document (no framework, no database), since they run in the read threads as well.
 */
export const READ_VIEWS = {
  /** The member list (`GET /members`): `today` and, for "as of a date", `date` (both `YYYY-MM-DD`). */
  member: (doc: ReadDocument, args: ViewArgs) => toMemberDto(doc, args.today ?? '', args.date),
} as const satisfies Record<string, (doc: ReadDocument, args: ViewArgs) => unknown>;

export type ReadViewName = keyof typeof READ_VIEWS;

/** A view asked for by name, with its arguments. */
export interface ViewRequest {
  readonly name: ReadViewName;
  readonly args: ViewArgs;
}

/** A page of a view: its items as one JSON array text, how many items that is, and the number of matches. */
export interface ViewPage {
  readonly json: string;
  readonly count: number;
  readonly total: number;
}

/** A page of a view read from any read store, built where this runs (where no read thread builds it). */
export async function findView(store: ReadStore, collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
  const { items, total } = await store.find(collection, query);
  return viewPage(view, items, total);
}

/** Builds a view page from documents (in a read thread, or on the API thread where no read thread runs). */
export function viewPage(view: ViewRequest, items: readonly ReadDocument[], total: number): ViewPage {
  const build = READ_VIEWS[view.name];
  return { json: JSON.stringify(items.map((doc) => build(doc, view.args))), count: items.length, total };
}
