import { Injectable } from '@nestjs/common';
import { usernameKey } from '@coop/contracts';

const SECOND = 1000;
/** Failed sign-ins of one account from one address answered without delay. */
export const FREE_PER_ACCOUNT_AND_ADDRESS = 3;
/** Failed sign-ins from one address, whatever the accounts, answered without delay (password spraying). */
export const FREE_PER_ADDRESS = 20;
/** The longest delay: the wait doubles from one second up to this. */
export const MAX_DELAY_MS = 15 * 60 * SECOND;
/** Failures are forgotten this long after the last one. */
export const FORGET_AFTER_MS = 60 * 60 * SECOND;
/** Keys kept at most (the oldest are dropped first), so a flood of made-up names cannot fill the memory. */
export const MAX_KEYS = 100_000;

interface Failures {
  readonly count: number;
  readonly last: number;
}

/**
 * Slows down password guessing with growing delays (issue 38) instead of a lock an attacker could set off: failures
 * count per account and client address, so guessing from one address delays that address alone and the account's
 * owner signs in from another; and per address across accounts, so one address cannot spray many accounts. Past the
 * free failures each further one doubles the wait (1 s, 2 s, 4 s, ... up to 15 minutes); a success clears the
 * account's count for that address. The address is the connection's, or the one a proxy named in TRUSTED_PROXIES
 * reports.
 */
@Injectable()
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();
  /**
   * Attempts let through and not yet decided (argon2 still checking), per key. They count as failures until they end:
   * attempts sent at once found the count at 0 before the first failure was noted, and a burst of 200 guesses from one
   * address was checked in full.
   */
  private readonly pending = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before another attempt is allowed; 0 when allowed. */
  retryAfter(username: string, address: string): number {
    const wait = Math.max(
      this.wait(pairKey(username, address), FREE_PER_ACCOUNT_AND_ADDRESS),
      this.wait(addressKey(address), FREE_PER_ADDRESS),
    );
    return Math.ceil(wait / SECOND);
  }

  /**
   * An attempt let through (after `retryAfter` answered 0, in the same tick): counted as in flight for the account at the
   * address and for the address until the returned function is called, after `failed` or `succeeded`.
   */
  begin(username: string, address: string): () => void {
    const keys = [pairKey(username, address), addressKey(address)];
    for (const key of keys) this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      for (const key of keys) {
        const left = (this.pending.get(key) ?? 1) - 1;
        if (left > 0) this.pending.set(key, left);
        else this.pending.delete(key);
      }
    };
  }

  failed(username: string, address: string): void {
    for (const key of [pairKey(username, address), addressKey(address)]) {
      const count = (this.current(key)?.count ?? 0) + 1;
      this.failures.delete(key);
      this.failures.set(key, { count, last: this.now() });
    }
    this.trim();
  }

  succeeded(username: string, address: string): void {
    this.failures.delete(pairKey(username, address));
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && this.now() - entry.last >= FORGET_AFTER_MS) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds left of the delay the key's failures earned. */
  private wait(key: string, free: number): number {
    const entry = this.current(key);
    const inFlight = this.pending.get(key) ?? 0;
    if ((entry?.count ?? 0) + inFlight <= free) return 0;
    // Past the free attempts, one at a time: an attempt in flight may still fail and lengthen the wait.
    if (inFlight > 0) return SECOND;
    if (!entry) return 0;
    const delay = Math.min(SECOND * 2 ** Math.min(entry.count - free - 1, 30), MAX_DELAY_MS);
    return Math.max(0, entry.last + delay - this.now());
  }

  private trim(): void {
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) return;
      this.failures.delete(key);
    }
  }
}

/** The user's spellings of one name (case, composed or not) share their failures, as they sign in one user. */
const pairKey = (username: string, address: string): string => `p:${address}\u0000${usernameKey(username)}`;
const addressKey = (address: string): string => `a:${address}`;
