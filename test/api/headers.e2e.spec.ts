import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import request, { type Response } from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';

/** The built console (`npm test` builds it first; alone: `npm run build -w admin-ui`). */
const CONSOLE_DIR = resolve(fileURLToPath(new URL('../../admin-ui/dist', import.meta.url)));

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: Response): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer carries (issue 28, "Web security"), whatever its route, status or content. */
function expectSecurityHeaders(res: Response, what: string): void {
  const csp = directives(res);
  expect({ what, scriptSrc: csp.get('script-src') }).toEqual({ what, scriptSrc: ["'self'"] });
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
  expect({ what, nosniff: res.headers['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
  expect({ what, frame: res.headers['x-frame-options'] }).toEqual({ what, frame: 'DENY' });
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect({ what, server: res.headers.server, poweredBy: res.headers['x-powered-by'] }).toEqual({
    what,
    server: undefined,
    poweredBy: undefined,
  });
  // CORS closed: no page of another origin may read this answer.
  expect({ what, cors: res.headers['access-control-allow-origin'] }).toEqual({ what, cors: undefined });
}

/** The `<script>` tags of an HTML page without a `src`: inline code, which the policy would block. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/.test(m[1] ?? ''))
    .map((m) => m[0]);
}

describe('security headers (issue 28)', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(join(CONSOLE_DIR, 'index.html')))
      throw new Error(`${CONSOLE_DIR} is missing: run \`npm run build -w admin-ui\` first`);
    t = await startApp({ ADMIN_UI_DIR: CONSOLE_DIR });
  });
  afterAll(async () => {
    await t.close();
  });
  const from = { Origin: 'https://evil.example' };

  it('are on the API answers: 200, 401, 404, 400 and a sign-in refusal', async () => {
    const answers: [string, Response][] = [
      ['users 200', await request(t.http).get('/api/v1/users').set(auth(t.adminToken)).set(from)],
      ['ping 401', await request(t.http).get('/api/v1/ping').set(from)],
      ['unknown 404', await request(t.http).get('/api/v1/nope').set(from)],
      [
        'bad JSON 400',
        await request(t.http)
          .post('/api/v1/login')
          .set(from)
          .set('Content-Type', 'application/json')
          .send('{"username":'),
      ],
      [
        'wrong password',
        await request(t.http).post('/api/v1/login').set(from).send({ username: 'admin', password: 'wrong-password' }),
      ],
    ];
    expect(answers.map(([, r]) => r.status)).toEqual([200, 401, 404, 400, 401]);
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
  });

  it("are on the console's page, its own paths and its files, and the page needs no inline script", async () => {
    const page = await request(t.http).get('/').set(from);
    expect(page.status).toBe(200);
    expectSecurityHeaders(page, 'console /');
    expect(inlineScripts(page.text)).toEqual([]);
    expect(page.text).toMatch(/<script [^>]*src="\/assets\//);
    expectSecurityHeaders(await request(t.http).get('/members/42'), 'console path');
    const assets = readdirSync(join(CONSOLE_DIR, 'assets'));
    for (const file of [
      assets.find((f) => f.endsWith('.js')),
      assets.find((f) => f.endsWith('.css')),
      '../favicon.svg',
    ]) {
      const res = await request(t.http).get(`/assets/${file!}`.replace('/assets/../', '/'));
      expect({ file, status: res.status }).toEqual({ file, status: 200 });
      expectSecurityHeaders(res, file!);
    }
  });

  it('are on the OpenAPI page, its script and its document, and that page needs no inline script', async () => {
    const page = await request(t.http).get('/api/docs');
    expect(page.status).toBe(200);
    expectSecurityHeaders(page, 'OpenAPI page');
    expect(inlineScripts(page.text)).toEqual([]);
    const init = await request(t.http).get('/api/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    expectSecurityHeaders(init, 'swagger-ui-init.js');
    const doc = await request(t.http).get('/api/docs-json');
    expect(doc.status).toBe(200);
    expectSecurityHeaders(doc, 'OpenAPI document');
  });

  it('keep CORS closed: a preflight from another origin is not allowed', async () => {
    const preflight = await request(t.http)
      .options('/api/v1/users')
      .set(from)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('CORS opened by CORS_ORIGINS (docs/operations.md)', () => {
  let t: TestApp;
  const allowed = 'https://console.example.org';
  beforeAll(async () => {
    t = await startApp({ CORS_ORIGINS: `${allowed}, http://localhost:5173` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows the listed origins only, with the headers the console reads', async () => {
    const preflight = await request(t.http)
      .options('/api/v1/users')
      .set('Origin', allowed)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const list = await request(t.http).get('/api/v1/users').set('Origin', allowed).set(auth(t.adminToken));
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(list.headers['access-control-expose-headers'])).toContain('TotalItems');
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    const other = await request(t.http)
      .get('/api/v1/users')
      .set('Origin', 'https://evil.example')
      .set(auth(t.adminToken));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
