import { beforeEach, describe, expect, it } from '@jest/globals';
import { LoginThrottle } from './login-throttle.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const WINDOW = 15 * MINUTE;

describe('LoginThrottle', () => {
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

  it('allows a username with no failures', () => {
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
  });

  it('still allows after 4 failures', () => {
    fail(4);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
  });

  it('blocks after 5 failures for the whole window, in seconds', () => {
    fail(5);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(900);
  });

  it('counts the wait down as time passes (rounding up to whole seconds)', () => {
    fail(5);
    advance(MINUTE);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(840);
    advance(10 * MINUTE + 500);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(240);
    advance(4 * MINUTE - 1500);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(1);
  });

  it('blocks the username from any address, case-insensitively', () => {
    fail(5, 'Anna');
    expect(throttle.retryAfter('ANNA', '192.168.1.7')).toBe(900);
    expect(throttle.retryAfter('bert', '192.168.1.7')).toBe(0);
  });

  it('unblocks once the window has passed', () => {
    fail(5);
    advance(WINDOW - 1);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBeGreaterThan(0);
    advance(1);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
  });

  it('slides the window: only failures within the last 15 minutes count', () => {
    for (let i = 0; i < 5; i++) {
      throttle.failed('anna', '10.0.0.1');
      advance(MINUTE);
    }
    // failures at 0, 1, 2, 3, 4 minutes; now is 5 minutes: blocked until the first leaves the window (15 min)
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(600);
    advance(10 * MINUTE);
    // the first failure has left the window: four remain
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
    throttle.failed('anna', '10.0.0.1');
    // five again (1, 2, 3, 4, 15 minutes): blocked until the one at 1 minute leaves
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(60);
  });

  it('resets the username on a successful sign-in', () => {
    fail(5);
    throttle.succeeded('ANNA');
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
    fail(4);
    expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(0);
  });

  it('does not reset other usernames on success', () => {
    fail(5, 'anna');
    fail(5, 'bert');
    throttle.succeeded('anna');
    expect(throttle.retryAfter('bert', '10.0.0.1')).toBe(900);
  });

  describe('per address', () => {
    const spray = (count: number, address = '10.0.0.1'): void => {
      for (let i = 0; i < count; i++) throttle.failed(`user${i}`, address);
    };

    it('allows 24 failures from one address spread over usernames', () => {
      spray(24);
      expect(throttle.retryAfter('someone-new', '10.0.0.1')).toBe(0);
    });

    it('blocks the address after 25 failures, for any username', () => {
      spray(25);
      expect(throttle.retryAfter('someone-new', '10.0.0.1')).toBe(900);
      expect(throttle.retryAfter('someone-new', '10.0.0.2')).toBe(0);
    });

    it('is not reset by a successful sign-in', () => {
      spray(25);
      throttle.succeeded('user0');
      expect(throttle.retryAfter('user0', '10.0.0.1')).toBe(900);
    });

    it('unblocks the address after the window', () => {
      spray(25);
      advance(WINDOW);
      expect(throttle.retryAfter('someone-new', '10.0.0.1')).toBe(0);
    });

    it('answers the longer of the username and the address wait', () => {
      fail(5, 'anna', '10.0.0.9');
      advance(5 * MINUTE);
      spray(25, '10.0.0.1');
      expect(throttle.retryAfter('anna', '10.0.0.1')).toBe(900);
      expect(throttle.retryAfter('anna', '10.0.0.2')).toBe(600);
    });
  });
});
