import type { ReadDocument, ViewBuilder, ViewPage, ViewRequest } from '@coop/contracts';

/** The view builders a read store is made with, by name (ReadStore.findView). */
export type ViewBuilders = Readonly<Record<string, ViewBuilder>>;

/**
 * A page of documents turned into the named view, as one JSON array text with its item count and the number of
 * matches: what every adapter's findView() answers. A name not among `views` is an error.
 */
export function toViewPage(
  views: ViewBuilders,
  view: ViewRequest,
  items: readonly ReadDocument[],
  total: number,
): ViewPage {
  // Own names only: `toString` or `constructor` are no views.
  if (!Object.hasOwn(views, view.name)) throw new Error(`Unknown read view ${view.name}`);
  const build = views[view.name]!;
  return { json: JSON.stringify(items.map((doc) => build(doc, view.args))), count: items.length, total };
}
