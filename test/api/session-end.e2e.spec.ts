import { createHmac } from 'node:crypto';
import request from 'supertest';
import {
  ADMIN_PASSWORD,
  auth,
  JWT_SECRET,
  login,
  USER_PASSWORD,
  startApp,
  userWith,
  validCooperative,
  type TestApp,
} from './support/app.js';

/** Issue 38, "Sessions that end": revocation, idle and absolute lifetime, sign-in throttling per account and address. */
describe('sessions that end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  const claimsOf = (token: string): Record<string, unknown> =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const now = (): number => Math.floor(Date.now() / 1000);
  /** A token signed as the server signs, with the claims of `like` changed by `claims`. */
  const signed = (like: string, claims: Record<string, unknown>): string => {
    const part = (o: Record<string, unknown>): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claimsOf(like), ...claims })}`;
    return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
  };
  const ping = (token: string, active = false) => {
    const req = request(t.http).get('/api/v1/ping').set(auth(token));
    return active ? req.set('X-User-Activity', '1') : req;
  };
  const expired = {
    message: 'Your session has expired or is not valid. Please sign in again.',
    errors: [{ field: null, template: 'sessionExpired', parameters: {} }],
  };

  describe('revocation', () => {
    it('a token stops working when its user changes the password; the answer carries the new session', async () => {
      const u = await userWith(t.http, t.adminToken, 'changer', ['ROLE_CHANGE_OWN_PASSWORD']);
      const other = await login(t.http, 'changer', USER_PASSWORD);
      const password = 'A-much-longer-pass-2026';
      const res = await request(t.http)
        .put('/api/v1/users/me/password')
        .set(auth(u.token))
        .send({ currentPassword: USER_PASSWORD, password, passwordRepeat: password });
      expect(res.status).toBe(204);
      const old = await ping(other);
      expect(old.status).toBe(401);
      expect(old.body).toEqual(expired);
      expect((await ping(u.token)).status).toBe(401);
      const fresh = /^Bearer (\S+)$/.exec(String(res.headers.authorization))?.[1];
      expect(fresh).toBeDefined();
      expect((await ping(fresh!)).status).toBe(200);
      expect((await ping(await login(t.http, 'changer', password))).status).toBe(200);
    });

    it('a token stops working when an administrator resets the password', async () => {
      const u = await userWith(t.http, t.adminToken, 'resetme', ['ROLE_USER']);
      const password = 'Reset-by-admin-2026-x';
      const put = await request(t.http)
        .put(`/api/v1/users/${u.id}`)
        .set(auth(t.adminToken))
        .send({ username: 'resetme', roles: ['ROLE_USER'], password, passwordRepeat: password });
      expect(put.status).toBe(200);
      expect((await request(t.http).get('/api/v1/members').set(auth(u.token))).status).toBe(401);
      expect((await ping(await login(t.http, 'resetme', password))).status).toBe(200);
    });

    it('a token stops working when the roles change (also when a role is added)', async () => {
      const u = await userWith(t.http, t.adminToken, 'promoted', ['ROLE_RESTRICTED_USER']);
      const put = await request(t.http)
        .put(`/api/v1/users/${u.id}`)
        .set(auth(t.adminToken))
        .send({ username: 'promoted', roles: ['ROLE_RESTRICTED_USER', 'ROLE_USER'] });
      expect(put.status).toBe(200);
      expect((await ping(u.token)).status).toBe(401);
    });

    it('a rename alone leaves the session as it is', async () => {
      const u = await userWith(t.http, t.adminToken, 'renamed', ['ROLE_USER']);
      expect(
        (
          await request(t.http)
            .put(`/api/v1/users/${u.id}`)
            .set(auth(t.adminToken))
            .send({ username: 'renamed2', roles: ['ROLE_USER'] })
        ).status,
      ).toBe(200);
      expect((await ping(u.token)).status).toBe(200);
    });

    it('sign-out ends the token at once and every other token of the user; the event is on the user stream', async () => {
      const u = await userWith(t.http, t.adminToken, 'leaving', ['ROLE_USER']);
      const second = await login(t.http, 'leaving', USER_PASSWORD);
      const out = await request(t.http).post('/api/v1/logout').set(auth(u.token));
      expect(out.status).toBe(204);
      expect(out.headers.authorization).toBeUndefined();
      expect((await ping(u.token)).status).toBe(401);
      expect((await request(t.http).get('/api/v1/members').set(auth(second)).set('X-User-Activity', '1')).status).toBe(
        401,
      );
      expect((await request(t.http).post('/api/v1/logout').set(auth(u.token))).status).toBe(401);
      const events = await t.running.storage.events.readStream(`user-${u.id}`);
      expect(events.map((e) => e.type)).toContain('UserSignedOut');
      expect((await ping(await login(t.http, 'leaving', USER_PASSWORD))).status).toBe(200);
    });
  });

  describe('idle and absolute lifetime', () => {
    it('a token lives for the cooperative idle time (default 30 minutes), not an hour', async () => {
      const token = await login(t.http, 'admin', ADMIN_PASSWORD);
      const c = claimsOf(token);
      expect(c.exp as number).toBeLessThanOrEqual(now() + 30 * 60 + 1);
      expect(c.exp as number).toBeGreaterThanOrEqual(now() + 30 * 60 - 5);
      expect(typeof c.auth_time).toBe('number');
    });

    it('the idle time is the cooperative setting an administrator edits', async () => {
      const coop = await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken));
      expect(coop.body).toMatchObject({ sessionIdleMinutes: 30 });
      const bad = await request(t.http)
        .put(`/api/v1/cooperatives/${t.cooperativeId}`)
        .set(auth(t.adminToken))
        .send(validCooperative({ sessionIdleMinutes: 0 }));
      expect(bad.status).toBe(400);
      const put = await request(t.http)
        .put(`/api/v1/cooperatives/${t.cooperativeId}`)
        .set(auth(t.adminToken))
        .send(validCooperative({ sessionIdleMinutes: 5 }));
      expect(put.status).toBe(200);
      try {
        const token = await login(t.http, 'admin', ADMIN_PASSWORD);
        expect(claimsOf(token).exp as number).toBeLessThanOrEqual(now() + 5 * 60 + 1);
        const active = await ping(t.adminToken, true);
        expect(claimsOf((active.body as { token: string }).token).exp as number).toBeLessThanOrEqual(
          now() + 5 * 60 + 1,
        );
      } finally {
        await request(t.http)
          .put(`/api/v1/cooperatives/${t.cooperativeId}`)
          .set(auth(t.adminToken))
          .send(validCooperative({ sessionIdleMinutes: 30 }))
          .expect(200);
      }
    });

    it('background requests (no user activity) do not extend the session: ping keeps the expiry, answers carry no fresh token', async () => {
      const soon = signed(t.adminToken, { exp: now() + 20, auth_time: now() });
      const res = await ping(soon);
      expect(res.status).toBe(200);
      expect(claimsOf((res.body as { token: string }).token).exp).toBe(claimsOf(soon).exp);
      const list = await request(t.http).get('/api/v1/elmanumbers').set(auth(soon));
      expect(list.headers.authorization).toBeUndefined();
    });

    it('user activity extends the session to the idle time, keeping the sign-in time', async () => {
      const signIn = now() - 100;
      const soon = signed(t.adminToken, { exp: now() + 20, auth_time: signIn });
      const res = await request(t.http).get('/api/v1/elmanumbers').set(auth(soon)).set('X-User-Activity', '1');
      const fresh = /^Bearer (\S+)$/.exec(String(res.headers.authorization))?.[1];
      expect(fresh).toBeDefined();
      expect(claimsOf(fresh!).exp as number).toBeGreaterThanOrEqual(now() + 30 * 60 - 5);
      expect(claimsOf(fresh!).auth_time).toBe(signIn);
    });

    it('an expired (idle) token is refused by the server', async () => {
      expect((await ping(signed(t.adminToken, { exp: now() - 1, auth_time: now() - 60 }), true)).body).toEqual(expired);
    });

    it('ping never extends past the absolute lifetime (12 hours from the sign-in), and a token past it is refused', async () => {
      const signIn = now() - 12 * 3600 + 30;
      const old = signed(t.adminToken, { exp: now() + 20, auth_time: signIn });
      const res = await ping(old, true);
      expect(res.status).toBe(200);
      const renewed = (res.body as { token: string }).token;
      expect(claimsOf(renewed).exp as number).toBeLessThanOrEqual(signIn + 12 * 3600);
      expect(claimsOf(renewed).auth_time).toBe(signIn);
      const beyond = signed(t.adminToken, { exp: now() + 600, auth_time: now() - 12 * 3600 - 1 });
      expect((await ping(beyond, true)).body).toEqual(expired);
    });

    it('the absolute lifetime is configurable (SESSION_MAX_SECONDS) and ends the session even with activity', async () => {
      const short = await startApp({ SESSION_MAX_SECONDS: '2' });
      try {
        const token = await login(short.http, 'admin', ADMIN_PASSWORD);
        expect(claimsOf(token).exp as number).toBeLessThanOrEqual((claimsOf(token).auth_time as number) + 2);
        await new Promise((r) => setTimeout(r, 2100));
        expect(
          (await request(short.http).get('/api/v1/ping').set(auth(token)).set('X-User-Activity', '1')).status,
        ).toBe(401);
      } finally {
        await short.close();
      }
    });
  });
});

describe('sign-in throttling per account and address', () => {
  const attempt = (http: TestApp['http'], username: string, password: string, from?: string) => {
    const req = request(http).post('/api/v1/login');
    return (from ? req.set('X-Forwarded-For', from) : req).send({ username, password });
  };

  it('an attacker at one address cannot lock out the user at another (behind a trusted proxy)', async () => {
    const t = await startApp({ TRUSTED_PROXIES: '127.0.0.1,::1' });
    try {
      await userWith(t.http, t.adminToken, 'target', ['ROLE_USER']);
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) answers.push((await attempt(t.http, 'target', `guess-${i}`, '203.0.113.5')).status);
      expect(answers).toContain(429);
      const refused = await attempt(t.http, 'target', USER_PASSWORD, '203.0.113.5');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ errors: [{ field: null, template: 'tooManySignInAttempts' }] });
      const real = await attempt(t.http, 'target', USER_PASSWORD, '198.51.100.7');
      expect(real.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('forged X-Forwarded-For headers from a client that is not a named proxy do not get past the per-address limit', async () => {
    const t = await startApp();
    try {
      const answers: number[] = [];
      for (let i = 0; i < 30; i++)
        answers.push((await attempt(t.http, `sprayed-${i}`, 'wrong-password', `198.18.0.${i + 1}`)).status);
      expect(answers).toContain(429);
      expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
