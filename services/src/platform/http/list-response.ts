import type { FastifyReply } from 'fastify';
import type { ReadPage, ViewPage } from '@coop/contracts';

/** Sends a list the way the API conventions say: `TotalItems` header, 204 with no body when empty. */
export function sendList<D, T>(res: FastifyReply, page: ReadPage<D>, toDto: (doc: D) => T): T[] | undefined {
  return listHead(res, page.total, page.items.length) ? page.items.map(toDto) : undefined;
}

/** As sendList(), for a page already written out as JSON (a view built by a read thread): the text is the body. */
export function sendJsonList(res: FastifyReply, page: ViewPage): string | undefined {
  if (!listHead(res, page.total, page.count)) return undefined;
  res.type('application/json');
  return page.json;
}

/** Sets `TotalItems`, and 204 for a page without items; whether the page has a body. */
function listHead(res: FastifyReply, total: number, items: number): boolean {
  res.header('TotalItems', String(total));
  if (items > 0) return true;
  res.status(204);
  return false;
}
