import type { Response } from 'express';
import type { ReadPage } from '@coop/contracts';
import type { ViewPage } from '../../read-views.js';

/** Sends a list the way the API conventions say: `TotalItems` header, 204 with no body when empty. */
export function sendList<D, T>(res: Response, page: ReadPage<D>, toDto: (doc: D) => T): T[] | undefined {
  res.setHeader('TotalItems', String(page.total));
  if (page.items.length === 0) {
    res.status(204);
    return undefined;
  }
  return page.items.map(toDto);
}

/** As sendList(), for a page already written out as JSON (a view built by a read thread): the text is the body. */
export function sendJsonList(res: Response, page: ViewPage): string | undefined {
  res.setHeader('TotalItems', String(page.total));
  if (page.count === 0) {
    res.status(204);
    return undefined;
  }
  res.type('application/json');
  return page.json;
}
