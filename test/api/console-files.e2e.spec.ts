import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { startApp, type TestApp } from './support/app.js';

/**
 * How the built console is served (issue 43, decision 254): from memory, the build's compressed copies chosen by the
 * browser's `Accept-Encoding`, hashed files cached for a year, the page revalidated, a missing file under `/assets` a 404.
 */
describe('the console files', () => {
  let t: TestApp;
  let dir: string;
  const script = 'export const answer = 42;\n'.repeat(200);
  const page = '<!doctype html><html><head><script type="module" src="/assets/main-AbC123.js"></script></head></html>';
  const br = brotliCompressSync(Buffer.from(script));
  const gz = gzipSync(Buffer.from(script));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coop-console-files-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'assets', 'main-AbC123.js'), script);
    writeFileSync(join(dir, 'assets', 'main-AbC123.js.br'), br);
    writeFileSync(join(dir, 'assets', 'main-AbC123.js.gz'), gz);
    writeFileSync(join(dir, 'assets', 'plain-XyZ789.css'), 'body{margin:0}');
    t = await startApp({ ADMIN_UI_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers with the build's brotli copy when the browser takes it, else gzip, else the file itself", async () => {
    const asBr = await request(t.http).get('/assets/main-AbC123.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(asBr.status).toBe(200);
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(Number(asBr.headers['content-length'])).toBe(br.length);
    expect(asBr.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(asBr.headers['content-type']).toBe('application/javascript; charset=utf-8');

    const asGzip = await request(t.http).get('/assets/main-AbC123.js').set('Accept-Encoding', 'gzip, br;q=0');
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(Number(asGzip.headers['content-length'])).toBe(gz.length);

    // Each copy its own strong tag; a browser naming any of them has the file.
    const tags = [asBr, asGzip].map((r) => String(r.headers['etag']));
    expect(tags[0]).toMatch(/^"[\w-]+-br"$/);
    expect(tags[1]).toBe(tags[0]!.replace('-br"', '-gzip"'));
    const revalidated = await request(t.http)
      .get('/assets/main-AbC123.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .set('If-None-Match', `W/"other", ${tags[0]!}`);
    expect(revalidated.status).toBe(304);

    const plain = await request(t.http).get('/assets/main-AbC123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('lets the browser keep the hashed files for a year and revalidate the page and the unhashed files', async () => {
    const asset = await request(t.http).get('/assets/plain-XyZ789.css');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const path of ['/', '/index.html', '/members/42', '/favicon.svg']) {
      const res = await request(t.http).get(path);
      expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cache: 'no-cache',
      });
    }
    const again = await request(t.http)
      .get('/users')
      .set('If-None-Match', String(asset.headers['etag'] ?? ''));
    expect(again.status).toBe(200);
    const first = await request(t.http).get('/users');
    expect(first.text).toBe(page);
    const unchanged = await request(t.http).get('/users').set('If-None-Match', String(first.headers['etag']));
    expect(unchanged.status).toBe(304);
  });

  it('answers 404 for a file under /assets that the build does not have, and the API its own 404', async () => {
    const missing = await request(t.http).get('/assets/main-OLD000.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<!doctype html>');
    const api = await request(t.http).get('/api/v1/nope');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });
});
