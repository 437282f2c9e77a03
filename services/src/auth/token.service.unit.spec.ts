import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { AppConfig } from '../platform/config/config.js';
import { TokenService } from './token.service.js';

const actor = { userId: 'u-1', username: 'anna', roles: ['ROLE_USER' as const], cooperativeId: 'coop-1' };
const service = (secret: string, ttl: number): TokenService =>
  new TokenService({ jwtSecret: secret, tokenTtlSeconds: ttl } as unknown as AppConfig);

describe('TokenService', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('verifies its own token again and again, with the same actor and expiry', async () => {
    const tokens = service('s'.repeat(48), 600);
    const token = await tokens.sign(actor);
    const first = await tokens.verify(token);
    expect(first?.actor).toEqual(actor);
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a token it verified before, once the token has expired', async () => {
    const tokens = service('s'.repeat(48), 2);
    const token = await tokens.sign(actor);
    const verified = await tokens.verify(token);
    expect(verified).toBeDefined();
    const expiry = verified!.exp * 1000;
    // Only the clock is faked (the HMAC's promise resolves through the real event loop).
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'setInterval'], now: expiry - 1 });
    expect(await tokens.verify(token)).toBeDefined();
    jest.setSystemTime(expiry);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret, and a tampered one, even after verifying the genuine token', async () => {
    const tokens = service('s'.repeat(48), 600);
    const token = await tokens.sign(actor);
    expect(await tokens.verify(token)).toBeDefined();
    expect(await tokens.verify(await service('x'.repeat(48), 600).sign(actor))).toBeUndefined();
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged.roles = ['ROLE_SUPER_ADMIN'];
    expect(await tokens.verify(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`)).toBeUndefined();
  });
});
