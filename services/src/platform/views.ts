import type { ReadDocument, ReadQuery, ReadStore } from '@coop/contracts';

// The view types and the one "page to view page" function, until the read-store port carries them (contracts:
// ViewArgs, ViewBuilder, ViewRequest, ViewPage; every adapter's findView). Areas register their view builders
// (platform/areas.ts); nothing here knows a view by name.

/** What a view is given beside each document: plain strings, so that they can be sent to a read thread. */
export type ViewArgs = Readonly<Record<string, string | undefined>>;

/**
 * Turns a read-model document into what the API answers. Only pure functions of the document (no framework, no
 * database), since they run in the read threads as well.
 */
export type ViewBuilder = (doc: ReadDocument, args: ViewArgs) => unknown;

/** The view builders of every area, by view name. */
export type ViewBuilders = Readonly<Record<string, ViewBuilder>>;

/** A view asked for by name, with its arguments. */
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

/** A page of a view read from any read store, built where this runs (where no read thread builds it). */
export async function findView(store: ReadStore, views: ViewBuilders, collection: string, query: ReadQuery, view: ViewRequest): Promise<ViewPage> {
  const { items, total } = await store.find(collection, query);
  return viewPage(views, view, items, total);
}

/** Builds a view page from documents (in a read thread, or on the API thread where no read thread runs). */
export function viewPage(views: ViewBuilders, view: ViewRequest, items: readonly ReadDocument[], total: number): ViewPage {
  const build = Object.hasOwn(views, view.name) ? views[view.name] : undefined;
  if (!build) throw new Error(`No area registers the view "${view.name}"`);
  return { json: JSON.stringify(items.map((doc) => build(doc, view.args))), count: items.length, total };
}
