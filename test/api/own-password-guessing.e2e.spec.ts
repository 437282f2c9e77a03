/**
 * Guessing the current password through one's own change (`PUT /users/me/password`, decision 123; docs/security.md).
 * A stolen token alone cannot change the password, because the change asks the current one; but wrong current
 * passwords were not slowed at all: a probe sent 100 guesses with one token, each checked by argon2 (and each hashing
 * the new password too), all answered `400 currentPasswordWrong`. A token lives up to 12 hours, and the password found
 * outlives it. Wrong current passwords now count like failed sign-ins of the account (3 free, then a doubling wait,
 * `429 tooManySignInAttempts` with `Retry-After`, unchecked), also when sent at once.
 */
import request from 'supertest';
import { auth, login, startApp, type TestApp, USER_PASSWORD, userWith } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
}, 60_000);
afterAll(async () => t?.close());

const NEW = 'Neues-Passwort-Lang-77';
const change = (token: string, currentPassword: string): request.Test =>
  request(t.http)
    .put('/api/v1/users/me/password')
    .set(auth(token))
    .send({ currentPassword, password: NEW, passwordRepeat: NEW });

describe('wrong current passwords of one own change', () => {
  it('are checked at most 4 times in a row; further guesses are refused 429 without a check', async () => {
    const { token } = await userWith(t.http, t.adminToken, 'guessed', ['ROLE_CHANGE_OWN_PASSWORD']);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await change(token, `guess-${i}-wrong`)).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toEqual([429, 429, 429, 429, 429, 429]);
    const refused = await change(token, USER_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ errors: [{ field: null, template: 'tooManySignInAttempts' }] });
    // Nothing was changed: the old password still signs in.
    await expect(login(t.http, 'guessed', USER_PASSWORD)).resolves.toEqual(expect.any(String));
  }, 60_000);

  it('sent at once, are checked at most 4 times', async () => {
    const { token } = await userWith(t.http, t.adminToken, 'burst', ['ROLE_CHANGE_OWN_PASSWORD']);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(token, `guess-${i}-wrong`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(4);
  }, 60_000);

  it('one user guessing does not slow another user, and the right current password still changes it', async () => {
    const { token } = await userWith(t.http, t.adminToken, 'bystander', ['ROLE_CHANGE_OWN_PASSWORD']);
    const res = await change(token, USER_PASSWORD);
    expect(res.status).toBe(204);
    await expect(login(t.http, 'bystander', NEW)).resolves.toEqual(expect.any(String));
  }, 60_000);
});
