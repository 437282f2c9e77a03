import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import {
  ADMIN_PASSWORD,
  auth,
  JWT_SECRET,
  login,
  startApp,
  userWith,
  validCooperative,
  type TestApp,
} from './support/app.js';

/** Base64url of a JSON value or of bytes. */
const b64 = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hmac = (algorithm: 'sha256' | 'sha512', text: string, secret = JWT_SECRET): string =>
  createHmac(algorithm, secret).update(text).digest('base64url');

/** A token with this header and payload, signed by `sign` over `header.payload`. */
function token(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  sign: (text: string) => string,
): string {
  const text = `${b64(header)}.${b64(payload)}`;
  return `${text}.${sign(text)}`;
}
const decode = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * JWT attacks (issue 28): every forged, altered, expired or orphaned token answers 401 with the session refusal, on a
 * read and on a write, and the write stores nothing. A token signed as the server signs (HS256, our secret and issuer,
 * a live user of the cooperative it names) is the control: it is accepted, so each refusal is the attack's.
 */
describe('JWT attacks: each answers 401', () => {
  let t: TestApp;
  let claims: Record<string, unknown>;
  let otherCoop: string;
  let deleted: string;
  const now = (): number => Math.floor(Date.now() / 1000);
  const hs256 = (payload: Record<string, unknown>, secret = JWT_SECRET): string =>
    token({ alg: 'HS256', typ: 'JWT' }, payload, (s) => hmac('sha256', s, secret));

  beforeAll(async () => {
    t = await startApp();
    claims = decode(t.adminToken);
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'jwt-other-eg' }));
    otherCoop = (other.body as { id: string }).id;
    const gone = await userWith(t.http, t.adminToken, 'jwt-gone', ['ROLE_USER']);
    expect((await request(t.http).get('/api/v1/users/me').set(auth(gone.token))).status).toBe(200);
    expect((await request(t.http).delete(`/api/v1/users/${gone.id}`).set(auth(t.adminToken))).status).toBe(204);
    deleted = gone.token;
  });
  afterAll(async () => t.close());

  it('accepts the control: a token signed as the server signs it', async () => {
    const res = await request(t.http)
      .get('/api/v1/users/me')
      .set(auth(hs256({ ...claims, iat: now(), exp: now() + 600 })));
    expect(res.status).toBe(200);
  });

  const attacks: [string, () => string][] = [
    ['alg: none, no signature', () => token({ alg: 'none', typ: 'JWT' }, claims, () => '')],
    [
      'alg: none, the original signature',
      () => token({ alg: 'none', typ: 'JWT' }, claims, () => t.adminToken.split('.')[2]!),
    ],
    ['alg: NONE in capitals', () => token({ alg: 'NONE', typ: 'JWT' }, claims, () => '')],
    ['HS512 with our secret', () => token({ alg: 'HS512', typ: 'JWT' }, claims, (s) => hmac('sha512', s))],
    [
      'RS256 header, HMAC with our secret (key confusion)',
      () => token({ alg: 'RS256', typ: 'JWT' }, claims, (s) => hmac('sha256', s)),
    ],
    [
      'RS256 signed with an attacker key',
      () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return token({ alg: 'RS256', typ: 'JWT' }, claims, (s) =>
          createSign('RSA-SHA256').update(s).sign(privateKey).toString('base64url'),
        );
      },
    ],
    [
      'a tampered payload (more roles), the original signature',
      () =>
        `${t.adminToken.split('.')[0]}.${b64({ ...claims, roles: ['ROLE_SUPER_ADMIN'], exp: now() + 9999 })}.${t.adminToken.split('.')[2]}`,
    ],
    [
      "a tampered payload (another cooperative's id), the original signature",
      () => `${t.adminToken.split('.')[0]}.${b64({ ...claims, cooperative: otherCoop })}.${t.adminToken.split('.')[2]}`,
    ],
    [
      "another cooperative's id, signed with our secret (the user is not in that cooperative)",
      () => hs256({ ...claims, cooperative: otherCoop, iat: now(), exp: now() + 600 }),
    ],
    [
      'signed with another secret',
      () => hs256({ ...claims, iat: now(), exp: now() + 600 }, 'another-secret-0123456789-abcdefghijklmnopqrstuvwxyz'),
    ],
    ['another issuer', () => hs256({ ...claims, iss: 'someone-else', iat: now(), exp: now() + 600 })],
    ['expired', () => hs256({ ...claims, iat: now() - 7200, exp: now() - 60 })],
    [
      'without an expiry',
      () => hs256(Object.fromEntries(Object.entries({ ...claims, iat: now() }).filter(([k]) => k !== 'exp'))),
    ],
    ["a deleted user's token", () => deleted],
    [
      'a user id that never existed',
      () => hs256({ ...claims, sub: '00000000-0000-0000-0000-000000000000', iat: now(), exp: now() + 600 }),
    ],
  ];

  it.each(attacks)('%s: 401 on a read and on a write, and nothing stored', async (_name, forge) => {
    const forged = forge();
    const read = await request(t.http).get('/api/v1/users/me').set(auth(forged));
    expect(read.status).toBe(401);
    expect(read.body).toMatchObject({ errors: [{ field: null, template: 'sessionExpired', parameters: {} }] });
    const before = await t.running.storage.events.headPosition();
    const write = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(forged))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' });
    expect(write.status).toBe(401);
    expect(await t.running.storage.events.headPosition()).toBe(before);
  });

  it('the administrator signs in again afterwards: the attacks locked nothing', async () => {
    expect(typeof (await login(t.http, 'admin', ADMIN_PASSWORD))).toBe('string');
  });
});
