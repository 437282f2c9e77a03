import type { Response } from 'express';
import type { ReadPage } from '@coop/contracts';

/** Sends a list the way the API conventions say: `TotalItems` header, 204 with no body when empty. */
export function sendList<D, T>(res: Response, page: ReadPage<D>, toDto: (doc: D) => T): T[] | undefined {
  res.setHeader('TotalItems', String(page.total));
  if (page.items.length === 0) {
    res.status(204);
    return undefined;
  }
  return page.items.map(toDto);
}
