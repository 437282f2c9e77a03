import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ADMIN_PASSWORD, auth, USER_PASSWORD, JWT_SECRET, startApp, userWith, type TestApp } from './support/app.js';

describe('sign-in, tokens and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  /** A token put together by hand: any header (alg none, another algorithm), signed with HMAC when a secret is given. */
  const handMade = (
    header: Record<string, unknown>,
    payload: Record<string, unknown>,
    secret?: string,
    hash = 'sha256',
  ): string => {
    const part = (o: Record<string, unknown>): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${part(header)}.${part(payload)}`;
    return `${body}.${secret === undefined ? '' : createHmac(hash, secret).update(body).digest('base64url')}`;
  };
  const claims = (): Record<string, unknown> => {
    const [, payload] = t.adminToken.split('.');
    return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  };

  it('answers a token holding exp, username, roles and cooperative', async () => {
    const c = claims();
    expect(c.username).toBe('admin');
    expect(c.cooperative).toBe(t.cooperativeId);
    expect(c.roles).toEqual(expect.arrayContaining(['ROLE_ADMIN', 'ROLE_SUPER_ADMIN', 'ROLE_USER']));
    expect(typeof c.exp).toBe('number');
    // The cooperative's idle time (30 minutes by default; issue 38).
    expect(c.exp as number).toBeGreaterThan(Date.now() / 1000 + 1700);
    expect(c.iss).toBe('coop-ledger');
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await request(t.http).post('/api/v1/login').send({ username: 'admin', password: 'nope' });
    const unknown = await request(t.http).post('/api/v1/login').send({ username: 'nobody', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      message: 'Invalid username or password',
      errors: [{ field: null, template: 'invalidCredentials', parameters: {} }],
    });
    expect(unknown.body).toEqual(wrong.body);
    expect(JSON.stringify(wrong.body)).not.toContain('token');
  });

  it('refuses a body without username or password', async () => {
    expect((await request(t.http).post('/api/v1/login').send({})).status).toBe(401);
    expect(
      (
        await request(t.http)
          .post('/api/v1/login')
          .send({ username: ['admin'], password: {} })
      ).status,
    ).toBe(401);
  });

  it('delays repeated failures for one username from one address, even with the right password afterwards (429, Retry-After)', async () => {
    await userWith(t.http, t.adminToken, 'victim', ['ROLE_USER']);
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await request(t.http)
            .post('/api/v1/login')
            .send({ username: 'victim', password: `guess${i}` })
        ).status,
      ).toBe(401);
    }
    const blocked = await request(t.http).post('/api/v1/login').send({ username: 'victim', password: USER_PASSWORD });
    expect(blocked.status).toBe(429);
    expect((blocked.body as { message: string }).message).toMatch(
      /^Too many failed sign-in attempts, try again in \d+ seconds$/,
    );
    const seconds = /(\d+) seconds/.exec((blocked.body as { message: string }).message)?.[1];
    expect(blocked.headers['retry-after']).toBe(seconds);
    expect(blocked.body).toMatchObject({
      errors: [{ field: null, template: 'tooManySignInAttempts', parameters: { '0': seconds } }],
    });
  });

  it('ping answers 200 with a fresh token in the body and the Authorization header', async () => {
    const res = await request(t.http).get('/api/v1/ping').set(auth(t.adminToken));
    expect(res.status).toBe(200);
    const token = (res.body as { token: string }).token;
    expect(res.headers.authorization).toBe(`Bearer ${token}`);
    expect((await request(t.http).get('/api/v1/users/me').set(auth(token))).body).toMatchObject({ username: 'admin' });
  });

  it.each([
    ['no token', undefined],
    ['garbage', 'Bearer not-a-jwt'],
    ['a bad signature', 'tamper'],
    ['alg none', 'none'],
    ['a wrong issuer', 'issuer'],
    ['an expired token', 'expired'],
    ['another secret', 'secret'],
    ['another algorithm (HS512 with our secret)', 'hs512'],
    ['alg none with our signature', 'none-signed'],
    ['a second word after the token', 'trailing'],
  ])('ping with %s answers 401', async (_name, kind) => {
    let header: string | undefined = kind;
    const c = claims();
    const sign = (secret: string, issuer: string, exp: number, alg = 'HS256'): string =>
      handMade(
        { alg, typ: 'JWT' },
        { username: c.username, roles: c.roles, cooperative: c.cooperative, sub: String(c.sub), iss: issuer, exp },
        secret,
        `sha${alg.slice(2)}`,
      );
    const later = Math.floor(Date.now() / 1000) + 600;
    if (kind === 'tamper') {
      const [h, p, s] = t.adminToken.split('.');
      const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
      payload.roles = ['ROLE_SUPER_ADMIN'];
      payload.username = 'mallory';
      header = `Bearer ${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    } else if (kind === 'none') {
      header = `Bearer ${handMade({ alg: 'none' }, { ...c, iss: 'coop-ledger', sub: String(c.sub), exp: later })}`;
    } else if (kind === 'none-signed') {
      header = `Bearer ${handMade({ alg: 'none' }, { ...c, iss: 'coop-ledger', sub: String(c.sub), exp: later }, JWT_SECRET)}`;
    } else if (kind === 'issuer') {
      header = `Bearer ${sign(JWT_SECRET, 'someone-else', later)}`;
    } else if (kind === 'expired') {
      header = `Bearer ${sign(JWT_SECRET, 'coop-ledger', Math.floor(Date.now() / 1000) - 5)}`;
    } else if (kind === 'secret') {
      header = `Bearer ${sign('x'.repeat(48), 'coop-ledger', later)}`;
    } else if (kind === 'hs512') {
      header = `Bearer ${sign(JWT_SECRET, 'coop-ledger', later, 'HS512')}`;
    } else if (kind === 'trailing') {
      header = `Bearer ${t.adminToken} ${t.adminToken}`;
    }
    const req = request(t.http).get('/api/v1/ping');
    const res = header ? await req.set('Authorization', header) : await req;
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Your session has expired or is not valid. Please sign in again.',
      errors: [{ field: null, template: 'sessionExpired', parameters: {} }],
    });
  });

  it('accepts a token made the same way by hand with our secret (the refusals above are for their one difference)', async () => {
    const c = claims();
    const made = handMade({ alg: 'HS256', typ: 'JWT' }, { ...c, exp: Math.floor(Date.now() / 1000) + 600 }, JWT_SECRET);
    expect((await request(t.http).get('/api/v1/ping').set(auth(made))).status).toBe(200);
  });

  it('a deleted user is signed out at once; a role change ends the session at once (issue 38)', async () => {
    const gone = await userWith(t.http, t.adminToken, 'leaver', ['ROLE_USER']);
    const demoted = await userWith(t.http, t.adminToken, 'demoted', ['ROLE_ADMIN']);
    expect((await request(t.http).get('/api/v1/users').set(auth(demoted.token))).status).toBe(200);
    expect((await request(t.http).delete(`/api/v1/users/${gone.id}`).set(auth(t.adminToken))).status).toBe(204);
    expect((await request(t.http).get('/api/v1/ping').set(auth(gone.token))).status).toBe(401);
    const put = await request(t.http)
      .put(`/api/v1/users/${demoted.id}`)
      .set(auth(t.adminToken))
      .send({ username: 'demoted', roles: ['ROLE_USER'] });
    expect(put.status).toBe(200);
    expect((await request(t.http).get('/api/v1/users').set(auth(demoted.token))).status).toBe(401);
  });

  it('an answer carries a fresh token only when the request says the user acted (X-User-Activity)', async () => {
    const quiet = await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken));
    expect(quiet.headers.authorization).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1100));
    const active = await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken)).set('X-User-Activity', '1');
    expect(active.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(active.headers.authorization).not.toBe(`Bearer ${t.adminToken}`);
  });

  it('stores no password in plain text and never answers a hash', async () => {
    const list = await request(t.http).get('/api/v1/users').set(auth(t.adminToken));
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|"password/i);
    const opened = JSON.stringify((await t.running.storage.events.readAll(-1n, 1000)).map((e) => e.data));
    expect(opened).toContain('$argon2id$');
    expect(opened).not.toContain(ADMIN_PASSWORD);
    // On disk the personal fields are sealed: neither the hash nor the username is readable.
    const file = ['events.sqlite', 'events.sqlite-wal']
      .map((f) => join(t.dataDir, f))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
    expect(file).toContain('UserCreated');
    expect(file).not.toContain('$argon2id$');
    expect(file).not.toContain('"username":"victim"');
  });
});
