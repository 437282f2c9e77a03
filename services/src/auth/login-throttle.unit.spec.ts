import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  FORGET_AFTER_MS,
  FREE_PER_ACCOUNT_AND_ADDRESS,
  FREE_PER_ADDRESS,
  LoginThrottle,
  MAX_KEYS,
} from './login-throttle.js';

const SECOND = 1000;

describe('LoginThrottle (issue 38: growing delays per account and address, no lock an attacker controls)', () => {
  let now: number;
  let throttle: LoginThrottle;
  const advance = (ms: number): void => {
    now += ms;
  };
  const fail = (times: number, username = 'anna', address = '10.0.0.1'): void => {
    for (let i = 0; i < times; i++) throttle.failed(username, address);
  };

  beforeEach(() => {
    now = Date.UTC(2024, 4, 1, 8, 0, 0);
    throttle = new LoginThrottle(() => now);
  });

  it('allows the first failures without delay', () => {
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
    fail(FREE_PER_ACCOUNT_AND_ADDRESS);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
  });

  it('counts the failures of every spelling of one name together (case, composed or not), as they sign in one user', () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS, 'm\u00f6ller');
    fail(1, 'MO\u0308LLER');
    expect(throttle.retryAfter('mo\u0308ller', '10.0.0.1')).toBe(1);
    expect(throttle.retryAfter('Möller', '10.0.0.1')).toBe(1);
  });

  it('doubles the wait with every further failure, from one second up to 15 minutes', () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      fail(1);
      waits.push(throttle.retryAfter('anna', '10.0.0.1'));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
  });

  it('counts the wait down as time passes (rounding up to whole seconds)', () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 4);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(8);
    advance(7 * SECOND + 500);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(1);
    advance(500);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
  });

  it('delays only the address that failed: the account owner signs in from another address at once', () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 10, 'Anna', '203.0.113.5');
    expect(throttle.retryAfter('ANNA', '203.0.113.5')).toBe(512);
    expect(throttle.retryAfter('anna', '198.51.100.7')).toBe(0);
    expect(throttle.retryAfter('bert', '203.0.113.5')).toBe(0);
  });

  it('a success clears the account at that address only', () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 2, 'anna', '10.0.0.1');
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 2, 'anna', '10.0.0.2');
    throttle.succeeded('ANNA', '10.0.0.1');
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
    expect(throttle.retryAfter('anna', '10.0.0.2')).toBe(2);
  });

  it('forgets failures an hour after the last one', () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 10);
    advance(FORGET_AFTER_MS - 1);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
    fail(1);
    // still remembered: the eleventh delayed failure waits 15 minutes
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(900);
    advance(FORGET_AFTER_MS);
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 1);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(1);
  });

  describe('per address, across accounts (password spraying)', () => {
    const spray = (count: number, address = '10.0.0.1'): void => {
      for (let i = 0; i < count; i++) throttle.failed(`user${i}`, address);
    };

    it(`allows ${FREE_PER_ADDRESS} failures from one address spread over usernames, then delays it for any username`, () => {
      spray(FREE_PER_ADDRESS);
      expect(throttle.retryAfter('someone-new', '10.0.0.1')).toBe(0);
      spray(1);
      expect(throttle.retryAfter('someone-new', '10.0.0.1')).toBe(1);
      spray(3);
      expect(throttle.retryAfter('someone-new', '10.0.0.1')).toBe(8);
      expect(throttle.retryAfter('someone-new', '10.0.0.2')).toBe(0);
    });

    it('is not cleared by a successful sign-in', () => {
      spray(FREE_PER_ADDRESS + 2);
      throttle.succeeded('user0', '10.0.0.1');
      expect(throttle.retryAfter('user0', '10.0.0.1')).toBe(2);
    });
  });

  it(`keeps at most ${MAX_KEYS} keys, dropping the oldest`, () => {
    fail(FREE_PER_ACCOUNT_AND_ADDRESS + 5, 'anna', '10.0.0.1');
    for (let i = 0; i < MAX_KEYS; i++) throttle.failed('x', `addr-${i}`);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
    expect(throttle.retryAfter('x', `addr-${MAX_KEYS - 1}`)).toBe(0);
  });
});
