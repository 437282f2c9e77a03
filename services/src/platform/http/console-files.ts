import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console from `dir`: each of its files at its own path, and `index.html` for any other GET outside
 * `/api`, so the console's own paths (`/members/42`, `/balances/new/type/1/member/…`) open on a reload or from a
 * bookmark. A GET under `/api` that no route answers gets the API's 404, never the console's page. Nothing is served
 * when the console is not built (`npm run build` builds it).
 */
export async function serveConsole(fastify: FastifyInstance, dir: string): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) return;
  // wildcard false: one route per file found now (the console's build does not change while the product runs), so a
  // request for the API never looks at the disk.
  await fastify.register(fastifyStatic, { root: dir, wildcard: false });
  fastify.get('/*', (req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
