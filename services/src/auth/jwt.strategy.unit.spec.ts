import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createHmac, KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Strategy } from 'passport-jwt';
import type { ReadDocument, ReadStore } from '@coop/contracts';
import type { AppConfig } from '../platform/config/config.js';
import { JwtStrategy } from './jwt.strategy.js';
import { SessionLifetime } from './session-lifetime.js';
import { SessionVersions } from './session-versions.js';
import { jwtModuleOptions, TokenService, type SessionTerms } from './token.service.js';

const SECRET = 's'.repeat(48);
const actor = { userId: 'u-1', username: 'anna', roles: ['ROLE_USER' as const], cooperativeId: 'coop-1' };

/** A store holding the credentials given (by user id); the test changes them between requests. */
function credentials(docs: Record<string, Partial<ReadDocument>>): ReadStore {
  return { get: async (_collection: string, id: string) => docs[id] } as unknown as ReadStore;
}

function app(
  secret: string,
  ttl: number,
  store: ReadStore = credentials({
    'u-1': { id: 'u-1', cooperativeId: 'coop-1', username: 'anna', roles: ['ROLE_USER'] },
  }),
  maxSeconds = 43_200,
) {
  const config = { jwtSecret: secret, sessionMaxSeconds: maxSeconds } as unknown as AppConfig;
  const signer = new TokenService(new JwtService(jwtModuleOptions(config)));
  const versions = new SessionVersions();
  const strategy = new JwtStrategy(config, store, versions, new SessionLifetime(config, store));
  /** A token of a session signed in now, living `ttl` seconds, for session version `version` (0 by default). */
  const tokens = {
    sign: (a: typeof actor, terms: Partial<SessionTerms> = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return signer.sign(a, { version: 0, authTime: now, exp: now + ttl, ...terms });
    },
  };
  const session = (authorization: string | undefined) => strategy.sessionOf({ headers: { authorization } }, {});
  return { tokens, strategy, session, versions };
}

/** A token put together by hand: any header (alg none, another algorithm), signed with HMAC-SHA256 when a secret is given. */
function handMade(header: object, claims: object, secret?: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part(header)}.${part(claims)}`;
  return `${body}.${secret === undefined ? '' : createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('TokenService and JwtStrategy', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('signs HS256 with sub, username, roles, cooperative, issuer, the session version, the sign-in time and the expiry given', async () => {
    const { tokens } = app(SECRET, 600);
    const token = await tokens.sign(actor, { version: 7, authTime: 1_700_000_000 });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const c = claimsOf(token);
    expect(c).toMatchObject({
      sub: 'u-1',
      username: 'anna',
      roles: ['ROLE_USER'],
      cooperative: 'coop-1',
      iss: 'coop-ledger',
      ver: 7,
      auth_time: 1_700_000_000,
    });
    expect(Math.abs((c.exp as number) - ((c.iat as number) + 600))).toBeLessThanOrEqual(1);
  });

  it('verifies its own token again and again, with the same actor, expiry and session terms', async () => {
    const { tokens, session } = app(SECRET, 600);
    const token = await tokens.sign(actor);
    const first = await session(`Bearer ${token}`);
    const c = claimsOf(token);
    expect(first).toEqual({ actor, exp: c.exp, version: 0, authTime: c.auth_time });
    expect(await session(`Bearer ${token}`)).toEqual(first);
  });

  it('checks the signature once per token text, and still reads the roles and username at every request', async () => {
    const docs: Record<string, Partial<ReadDocument>> = {
      'u-1': { id: 'u-1', cooperativeId: 'coop-1', username: 'anna', roles: ['ROLE_USER'] },
    };
    const { tokens, session } = app(SECRET, 600, credentials(docs));
    const verifier = jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
    const token = await tokens.sign(actor);
    expect(await session(`Bearer ${token}`)).toBeTruthy();
    docs['u-1'] = { id: 'u-1', cooperativeId: 'coop-1', username: 'anna-b', roles: ['ROLE_ADMIN', 'NOT_A_ROLE'] };
    expect(await session(`Bearer ${token}`)).toMatchObject({ actor: { username: 'anna-b', roles: ['ROLE_ADMIN'] } });
    expect(verifier).toHaveBeenCalledTimes(1);
  });

  it('hands jsonwebtoken the secret as a key object, for signing and verifying (a text secret is first tried as a PEM key, at about 0.4 ms a token)', async () => {
    const { tokens, session } = app(SECRET, 600);
    const options = jwtModuleOptions({ jwtSecret: SECRET } as unknown as AppConfig);
    expect(options.secret).toBeInstanceOf(KeyObject);
    expect((options.secret as KeyObject).export().toString()).toBe(SECRET);
    const verifier = jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
    expect(await session(`Bearer ${await tokens.sign(actor)}`)).toBeTruthy();
    expect(verifier.mock.calls[0]?.[1]).toBeInstanceOf(KeyObject);
  });

  it('refuses a token of a deleted user and of a user now in another cooperative, also once verified', async () => {
    const docs: Record<string, Partial<ReadDocument>> = {
      'u-1': { id: 'u-1', cooperativeId: 'coop-1', username: 'anna', roles: ['ROLE_USER'] },
    };
    const { tokens, session } = app(SECRET, 600, credentials(docs));
    const token = await tokens.sign(actor);
    expect(await session(`Bearer ${token}`)).toBeTruthy();
    docs['u-1'] = { id: 'u-1', cooperativeId: 'coop-2', username: 'anna', roles: ['ROLE_USER'] };
    expect(await session(`Bearer ${token}`)).toBe(false);
    delete docs['u-1'];
    expect(await session(`Bearer ${token}`)).toBe(false);
    expect(await app(SECRET, 600, credentials({})).session(`Bearer ${token}`)).toBe(false);
  });

  it('refuses a token it verified before, once the token has expired', async () => {
    const { tokens, session } = app(SECRET, 2);
    const token = await tokens.sign(actor);
    const verified = await session(`Bearer ${token}`);
    expect(verified).toBeTruthy();
    const expiry = (verified as { exp: number }).exp * 1000;
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'setInterval'],
      now: expiry - 1,
    });
    expect(await session(`Bearer ${token}`)).toBeTruthy();
    jest.setSystemTime(expiry);
    expect(await session(`Bearer ${token}`)).toBe(false);
    expect(await session(`Bearer ${token}`)).toBe(false);
  });

  it('refuses another secret, a tampered token, alg none, another algorithm and another issuer, even after verifying the genuine token', async () => {
    const { tokens, session } = app(SECRET, 600);
    const token = await tokens.sign(actor);
    expect(await session(`Bearer ${token}`)).toBeTruthy();
    const c = claimsOf(token);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...c, roles: ['ROLE_SUPER_ADMIN'] })).toString('base64url');
    const refused = [
      await app('x'.repeat(48), 600).tokens.sign(actor),
      `${header}.${forged}.${signature}`,
      handMade({ alg: 'none', typ: 'JWT' }, c),
      handMade({ alg: 'none', typ: 'JWT' }, c, SECRET),
      new JwtService({ secret: SECRET }).sign(c, { algorithm: 'HS512' }),
      handMade({ alg: 'HS512', typ: 'JWT' }, c, SECRET),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...c, iss: 'someone-else' }, SECRET),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...c, iss: undefined }, SECRET),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...c, exp: undefined }, SECRET),
    ];
    for (const t of refused) expect(await session(`Bearer ${t}`)).toBe(false);
    expect(await session(`Bearer ${handMade({ alg: 'HS256', typ: 'JWT' }, c, SECRET)}`)).toBeTruthy();
  });

  it('takes the token only from a lone Bearer credential in the Authorization header', async () => {
    const { tokens, session } = app(SECRET, 600);
    const token = await tokens.sign(actor);
    expect(await session(`bearer ${token}`)).toBeTruthy();
    for (const header of [undefined, '', token, `Basic ${token}`, `Bearer ${token} more`, `Bearer`]) {
      expect(await session(header)).toBe(false);
    }
  });

  it('keeps two applications in one process apart: each verifies with its own secret and reads its own store', async () => {
    const first = app(SECRET, 600);
    const second = app(
      'y'.repeat(48),
      600,
      credentials({ 'u-1': { id: 'u-1', cooperativeId: 'coop-1', username: 'other', roles: ['ROLE_ADMIN'] } }),
    );
    const token = await first.tokens.sign(actor);
    expect(await first.session(`Bearer ${token}`)).toMatchObject({ actor: { username: 'anna', roles: ['ROLE_USER'] } });
    expect(await second.session(`Bearer ${token}`)).toBe(false);
    expect(await second.session(`Bearer ${await second.tokens.sign(actor)}`)).toMatchObject({
      actor: { username: 'other' },
    });
    expect(await first.session(`Bearer ${await second.tokens.sign(actor)}`)).toBe(false);
  });

  it('refuses a token of an earlier session version (issue 38), at once when this process wrote the change', async () => {
    const docs: Record<string, Partial<ReadDocument>> = {
      'u-1': { id: 'u-1', cooperativeId: 'coop-1', username: 'anna', roles: ['ROLE_USER'], sessionVersion: 3 },
    };
    const { tokens, session, versions } = app(SECRET, 600, credentials(docs));
    const token = await tokens.sign(actor, { version: 3 });
    expect(await session(`Bearer ${token}`)).toBeTruthy();
    expect(await session(`Bearer ${await tokens.sign(actor)}`)).toBe(false);
    // The write is noted before the read model shows it: the old token ends at once.
    versions.endedAt('u-1', 5);
    expect(await session(`Bearer ${token}`)).toBe(false);
    const next = await tokens.sign(actor, { version: 5 });
    expect(await session(`Bearer ${next}`)).toBeTruthy();
    docs['u-1'] = { ...docs['u-1'], sessionVersion: 5 };
    expect(await session(`Bearer ${next}`)).toBeTruthy();
    expect(await session(`Bearer ${token}`)).toBe(false);
  });

  it('refuses a token past the absolute lifetime from its sign-in, whatever its expiry', async () => {
    const { tokens, session } = app(SECRET, 600, undefined, 3600);
    const now = Math.floor(Date.now() / 1000);
    expect(await session(`Bearer ${await tokens.sign(actor, { authTime: now - 3590 })}`)).toBeTruthy();
    expect(await session(`Bearer ${await tokens.sign(actor, { authTime: now - 3600 })}`)).toBe(false);
  });
});
