/**
 * A username cannot pass for another's (decisions 333, 344; docs/security.md "Sign-in and tokens"). A probe created
 * `\u0430dmin` (a Cyrillic `а`, U+0430, then Latin `dmin`) beside the real `admin`: 201. The name shows exactly as
 * `admin` wherever a user's name stands, its key (NFC, lower case) differs, and its NFKC form is its NFC form, so
 * neither the claim nor the look-alike rule caught it. A name mixing the Latin, Greek and Cyrillic scripts (whose
 * letters look alike) is a look-alike; a name written in one of them stays allowed unless every letter of it shows as a
 * Latin one (`\u0440\u043e\u0440` as `pop`, decision 425).
 */
import request from 'supertest';
import { auth, startApp, type TestApp, USER_PASSWORD, userWith } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
}, 60_000);
afterAll(async () => t?.close());

const create = (username: string): request.Test =>
  request(t.http)
    .post('/api/v1/users')
    .set(auth(t.adminToken))
    .send({ username, password: USER_PASSWORD, passwordRepeat: USER_PASSWORD, roles: ['ROLE_USER'] });

const LOOK_ALIKE = { errors: [{ field: 'username', template: 'usernameLookAlike', parameters: {} }] };

describe('usernames mixing Latin, Greek and Cyrillic letters', () => {
  it.each([
    ['\u0430dmin', 'a Cyrillic a before Latin letters'],
    ['adm\u0456n', 'a Cyrillic i (U+0456) among Latin letters'],
    ['\u0391dmin', 'a Greek capital Alpha before Latin letters'],
  ])('refuses %j on creation (%s) and stores nothing', async (username) => {
    const res = await create(username);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(LOOK_ALIKE);
    const list = await request(t.http).get('/api/v1/users').set(auth(t.adminToken));
    expect((list.body as { username: string }[]).map((u) => u.username)).not.toContain(username);
  });

  it('refuses a rename to a mixed-script name', async () => {
    const { id } = await userWith(t.http, t.adminToken, 'renamer', ['ROLE_USER']);
    const res = await request(t.http)
      .put(`/api/v1/users/${id}`)
      .set(auth(t.adminToken))
      .send({ username: '\u0430dmin', password: '', passwordRepeat: '', roles: ['ROLE_USER'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(LOOK_ALIKE);
  });

  it.each([
    ['\u0440\u043e\u0440', 'Cyrillic \u0440\u043e\u0440, shown as pop'],
    ['\u0405\u0415\u041e', 'Cyrillic capitals shown as SEO'],
    ['\u03a4\u039f\u039c', 'Greek capitals shown as TOM'],
    ['\u0430\u0441\u0435.2', 'Cyrillic letters shown as ace, with a digit'],
  ])('refuses %j, wholly in one script but shown as Latin letters (%s)', async (username) => {
    const res = await create(username);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(LOOK_ALIKE);
  });

  it.each([
    'M\u00fcller-Stra\u00dfe',
    '\u0418\u0432\u0430\u043d\u043e\u0432',
    '\u039d\u03af\u03ba\u03bf\u03c2',
    'anna.schmidt2',
  ])('still takes %j, written in one script', async (username) => {
    const res = await create(username);
    expect(res.status).toBe(201);
  });
});
