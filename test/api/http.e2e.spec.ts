import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';

// The HTTP layer itself (Fastify, docs/decisions.md 39): the console's files beside the API, and request bodies.
describe('the HTTP layer', () => {
  let t: TestApp;
  const consoleDir = mkdtempSync(join(tmpdir(), 'coop-console-'));
  const page = '<!doctype html><title>Coop Ledger console</title>';
  beforeAll(async () => {
    writeFileSync(join(consoleDir, 'index.html'), page);
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'assets', 'app-1.js'), 'console.log("app");');
    // The proxy on this host is named (issue 38: X-Forwarded-For counts only from the proxies in TRUSTED_PROXIES).
    t = await startApp({ ADMIN_UI_DIR: consoleDir, TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('serves the console at / and its files at their paths', async () => {
    const root = await request(t.http).get('/');
    expect(root.status).toBe(200);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    expect(root.text).toBe(page);
    const file = await request(t.http).get('/assets/app-1.js');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/javascript/);
    expect(file.text).toBe('console.log("app");');
  });

  it("answers the console's page for its own paths, so a reload or a bookmark opens the screen", async () => {
    for (const path of ['/members/42', '/balances/new/type/1/member/abc', '/shares?page=2']) {
      const res = await request(t.http).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(page);
    }
  });

  it("answers an unknown API path with the API's 404, never the console's page", async () => {
    for (const path of ['/api/v1/nope', '/api/nope', '/api']) {
      const res = await request(t.http).get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({
        message: `Cannot GET ${path}`,
        errors: [{ field: null, template: 'routeNotFound', parameters: { '0': `Cannot GET ${path}` } }],
      });
    }
    // A path of 10,000 characters is not repeated whole, twice (decision 419).
    const long = `/api/v1/notifications/${'x'.repeat(10_000)}`;
    const cut = await request(t.http).get(long).set(auth(t.adminToken));
    expect(cut.status).toBe(404);
    expect(cut.body).toMatchObject({
      message: `Cannot GET ${long}`.slice(0, 200) + '…',
      errors: [{ template: 'routeNotFound', parameters: { '0': `Cannot GET ${long}`.slice(0, 200) + '…' } }],
    });
    expect(JSON.stringify(cut.body).length).toBeLessThan(1_000);
    const post = await request(t.http).post('/api/v1/nope').send({});
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ message: 'Cannot POST /api/v1/nope' });
  });

  it('finds a route with a trailing slash, as the API always did', async () => {
    const res = await request(t.http).get('/api/v1/users/').set(auth(t.adminToken));
    expect(res.status).toBe(200);
    expect(res.headers.totalitems).toBe('1');
  });

  it("throttles sign-ins by the client's address a proxy named in TRUSTED_PROXIES forwards, not by the proxy's", async () => {
    // More than the free failures from one address (login-throttle.ts), each with another username: the delays grow.
    const fail = (address: string, i: number) =>
      request(t.http)
        .post('/api/v1/login')
        .set('X-Forwarded-For', address)
        .send({ username: `guest${address}-${i}`, password: 'x' });
    const answers: number[] = [];
    for (let i = 0; i < 26; i++) answers.push((await fail('203.0.113.7', i)).status);
    expect(answers.slice(0, 20)).toEqual(Array<number>(20).fill(401));
    expect(answers).toContain(429);
    expect((await fail('198.51.100.9', 0)).status).toBe(401);
  });

  it('reads an empty JSON body as {} (a DELETE sent with the header), as the API always did', async () => {
    const res = await request(t.http)
      .delete('/api/v1/users/00000000-0000-4000-8000-000000000000')
      .set(auth(t.adminToken))
      .set('Content-Type', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: 'User not found',
      errors: [{ field: null, template: 'userNotFound', parameters: { '0': 'User' } }],
    });
  });

  it('refuses malformed JSON and prototype keys with 400, a body over 100 KiB with 413 and another content type with 415', async () => {
    const malformed = await request(t.http)
      .post('/api/v1/login')
      .set('Content-Type', 'application/json')
      .send('{"username":');
    expect(malformed.status).toBe(400);
    const proto = await request(t.http)
      .post('/api/v1/login')
      .set('Content-Type', 'application/json')
      .send('{"__proto__":{"admin":true}}');
    expect(proto.status).toBe(400);
    const big = await request(t.http)
      .post('/api/v1/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'a'.repeat(100 * 1024), password: 'x' }));
    expect(big.status).toBe(413);
    const fits = await request(t.http)
      .post('/api/v1/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'a'.repeat(90 * 1024), password: 'x' }));
    expect(fits.status).toBe(401);
    const xml = await request(t.http).post('/api/v1/login').set('Content-Type', 'application/xml').send('<login/>');
    expect(xml.status).toBe(415);
  });
});
