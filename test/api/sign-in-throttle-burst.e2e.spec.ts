/**
 * Sign-in throttling against a burst (docs/security.md "Sign-in and tokens"; issue 38): past 3 failures of one account
 * from one address each further attempt waits. The throttle asked its count when an attempt arrived and counted the
 * failure only after argon2 had checked the password, so attempts sent at once all found the count at 0: a probe sent
 * 200 guesses for `admin` in parallel from one address and all 200 were checked (401), none refused (429). An attempt
 * in flight counts as a failure until it is known to have succeeded.
 */
import request from 'supertest';
import { auth, startApp, type TestApp, USER_PASSWORD, userWith } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
  await userWith(t.http, t.adminToken, 'target', ['ROLE_USER']);
}, 60_000);
afterAll(async () => t?.close());

const attempt = (username: string, password: string): Promise<request.Response> =>
  request(t.http)
    .post('/api/v1/login')
    .send({ username, password })
    .then((res) => res);

describe('a burst of sign-ins sent at once', () => {
  it('checks at most the free attempts of one account from one address; the others are refused 429 unchecked', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('target', `guess-${i}-wrong`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Three failures are free, the fourth attempt is let through at once (the free count is "past 3"): 4 at most.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(36);
  }, 60_000);

  it('spraying many accounts at once from one address checks at most the free attempts of the address', async () => {
    const fresh = await startApp();
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          request(fresh.http)
            .post('/api/v1/login')
            .send({ username: `sprayed-${i}`, password: 'wrong-password' }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      // 20 failures of one address over any accounts are free, the 21st attempt is let through at once: 21 at most.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(21);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('a correct password sent alone still signs in once the wait has passed, and the session works', async () => {
    const other = await startApp();
    try {
      await userWith(other.http, other.adminToken, 'owner', ['ROLE_USER']);
      const res = await request(other.http).post('/api/v1/login').send({ username: 'owner', password: USER_PASSWORD });
      expect(res.status).toBe(200);
      const me = await request(other.http)
        .get('/api/v1/users/me')
        .set(auth((res.body as { token: string }).token));
      expect(me.status).toBe(200);
    } finally {
      await other.close();
    }
  }, 60_000);
});
