import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The content security policy of every answer (the console, its files, the OpenAPI page, the API's JSON):
 * - scripts only from the product's own origin, never inline (`script-src 'self'`, `script-src-attr 'none'`): the
 *   built console's `index.html` loads its code as files (`/assets/*.js`) and the OpenAPI page loads
 *   `swagger-ui-init.js`, so no inline script is needed, and an injected `<script>` or `onclick=` does not run;
 * - styles from the own origin and inline (`style-src 'self' 'unsafe-inline'`): MUI's styling engine (emotion) writes
 *   `<style>` elements at run time and the OpenAPI page has a `<style>` block. A nonce would need the built console's
 *   page rewritten for every answer and emotion's cache created with it; inline styles cannot run code, so the risk
 *   left is limited to restyling (docs/security.md);
 * - no frames of or by the product (`frame-ancestors 'none'`, `frame-src 'none'`), no plugins, forms and `<base>` to
 *   the own origin, images from the own origin and `data:` (MUI's and swagger-ui's icons), fonts from the own origin.
 * No `upgrade-insecure-requests`: the product may be served over plain HTTP inside a cooperative's network, where
 * that directive would break every file of the console; HTTPS and HSTS belong to the proxy that terminates TLS.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: ["'none'"],
    imgSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    workerSrc: ["'self'"],
  },
} as const;

/** The headers a browser may read from a cross-origin answer (when CORS is opened): paging, refreshed token, files. */
const EXPOSED_HEADERS = ['TotalItems', 'Authorization', 'Content-Disposition', 'Retry-After', 'TotalOutstanding'];

/** Whether a request's URL is one of the API's (`/api/...`), not a file or page of the console. */
function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Security headers on every answer (helmet: CSP above, `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
 * `Referrer-Policy: no-referrer`, cross-origin isolation of the product's resources, …). Node and Fastify send no
 * `Server` header and no `X-Powered-By`. CORS stays closed (no `Access-Control-Allow-*` header, so a page of another
 * origin cannot read an answer) unless `CORS_ORIGINS` lists the origins allowed (docs/operations.md). Registered
 * before any route, so the headers are on the API's answers, its error answers and 404s, the console's files and the
 * OpenAPI page alike.
 */
export async function addSecurityHeaders(app: NestFastifyApplication, corsOrigins: readonly string[]): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    frameguard: { action: 'deny' },
    // Left to the TLS proxy: over plain HTTP it is ignored, and with `includeSubDomains` it would bind other hosts.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  // The API's answers carry personal data (members, addresses, bank accounts, postings, users): no browser or proxy
  // cache may keep them (a shared office computer kept them on disk after the clerk signed out). A route that sets its
  // own `Cache-Control` (the downloads: `no-store` too) keeps it; the console's files keep theirs (console-files.ts).
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply, payload) => {
      if (isApiPath(request.url) && !reply.hasHeader('Cache-Control')) void reply.header('Cache-Control', 'no-store');
      return payload;
    });
  if (corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: [...corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    });
  }
}
