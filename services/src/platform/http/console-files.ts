import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The most files and bytes (with their compressed copies) the console's directory may hold: it is read whole at start. */
export const CONSOLE_FILES_MAX = 5_000;
export const CONSOLE_BYTES_MAX = 64 * 1024 * 1024;

/** Hashed build output (`assets/name-hash.js`): a new build has new names, so a browser may keep these for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page and the unhashed files: the browser asks again each time (a 304 when unchanged), so a new build shows at once. */
const REVALIDATE = 'no-cache';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** The encodings the build writes beside a file (`admin-ui/vite.config.ts`, `precompress`), in the order preferred. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

interface ConsoleFile {
  readonly body: Buffer;
  readonly encoded: ReadonlyMap<Encoding, Buffer>;
  readonly type: string;
  /** The content's hash, the entity tag without quotes and encoding. */
  readonly etag: string;
  readonly cacheControl: string;
}

function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(path);
      if (found.length > CONSOLE_FILES_MAX)
        throw new Error(`ADMIN_UI_DIR ${dir} holds more than ${CONSOLE_FILES_MAX} files: is it the built console?`);
    }
  };
  walk(dir);
  return found;
}

/**
 * Reads the built console into memory once: each file's bytes, its compressed copies written by the build (`.br`,
 * `.gz` beside it), its type, a strong ETag and its caching rule. Answering a request is then a lookup: no disk access,
 * no compression and no path resolution per request (issue 43: the first load asks for about 35 files at once, on the
 * cores that also answer the screen's first API request).
 */
export function readConsoleFiles(dir: string): ReadonlyMap<string, ConsoleFile> {
  const paths = listFiles(dir);
  const all = new Set(paths);
  let bytes = 0;
  for (const path of paths) {
    bytes += statSync(path).size;
    if (bytes > CONSOLE_BYTES_MAX)
      throw new Error(`ADMIN_UI_DIR ${dir} holds more than ${CONSOLE_BYTES_MAX} bytes: is it the built console?`);
  }
  const files = new Map<string, ConsoleFile>();
  for (const path of paths) {
    if (ENCODINGS.some(({ suffix }) => path.endsWith(suffix) && all.has(path.slice(0, -suffix.length)))) continue;
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    const body = readFileSync(path);
    const encoded = new Map<Encoding, Buffer>();
    for (const { name, suffix } of ENCODINGS)
      if (all.has(path + suffix)) encoded.set(name, readFileSync(path + suffix));
    files.set(url, {
      body,
      encoded,
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    });
  }
  return files;
}

/** The encodings an `Accept-Encoding` header accepts (q above 0). */
export function acceptedEncodings(header: string | undefined): ReadonlySet<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').slice(0, 1024).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

/** The entity tags an `If-None-Match` header names (weak or strong), at most 64 of them. */
function namedTags(header: string | undefined): ReadonlySet<string> {
  return new Set(
    (header ?? '')
      .slice(0, 4096)
      .split(',')
      .slice(0, 64)
      .map((tag) => tag.trim().replace(/^W\//, '')),
  );
}

/**
 * Answers with the copy the browser accepts. Each copy has its own strong tag (the content's hash, `-br` or `-gzip`
 * for a compressed copy: a strong validator names one representation); a browser that names any of them has the file.
 */
function send(request: FastifyRequest, reply: FastifyReply, file: ConsoleFile): FastifyReply {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const encoding = ENCODINGS.find(({ name }) => file.encoded.has(name) && accepted.has(name))?.name;
  const tag = (suffix: string) => `"${file.etag}${suffix}"`;
  void reply
    .header('Content-Type', file.type)
    .header('Cache-Control', file.cacheControl)
    .header('ETag', tag(encoding ? `-${encoding}` : ''));
  if (file.encoded.size > 0) void reply.header('Vary', 'Accept-Encoding');
  const named = namedTags(request.headers['if-none-match']);
  if ([tag(''), ...ENCODINGS.map(({ name }) => tag(`-${name}`))].some((t) => named.has(t)))
    return reply.code(304).send();
  const body = encoding ? file.encoded.get(encoding) : undefined;
  if (encoding && body) return reply.header('Content-Encoding', encoding).send(body);
  return reply.send(file.body);
}

/**
 * Serves the built console from `dir`: each of its files at its own path, and `index.html` for any other GET outside
 * `/api` and `/assets`, so the console's own paths (`/members/42`, `/balances/new/type/1/member/…`) open on a reload or
 * from a bookmark. A GET under `/api` that no route answers gets the API's 404, never the console's page; so does a
 * file under `/assets` that this build does not have (a page of an older build asking for its chunk gets a 404, which
 * the console reports, not a page in place of a script). Nothing is served when the console is not built
 * (`npm run build` builds it). The files are read once at start (`readConsoleFiles`; the build does not change while
 * the product runs).
 */
export function serveConsole(fastify: FastifyInstance, dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) return;
  const files = readConsoleFiles(dir);
  const page = files.get('/index.html');
  if (!page) return;
  const answer = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?', 1)[0] ?? '';
    const file = files.get(path);
    if (file) return send(request, reply, file);
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) {
      reply.callNotFound();
      return reply;
    }
    return send(request, reply, page);
  };
  fastify.get('/', answer);
  fastify.get('/*', answer);
}
