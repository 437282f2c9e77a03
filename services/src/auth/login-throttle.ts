import { Injectable } from '@nestjs/common';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;

/**
 * Slows down password guessing: after MAX_FAILURES failed sign-ins for one username (or from one
 * address, five times that) within the window, further attempts are refused until it passes.
 */
@Injectable()
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before another attempt is allowed; 0 when allowed. */
  retryAfter(username: string, address: string): number {
    return Math.max(this.wait(`u:${username.toLowerCase()}`, MAX_FAILURES), this.wait(`a:${address}`, MAX_FAILURES * 5));
  }

  failed(username: string, address: string): void {
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  succeeded(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private wait(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    return Math.ceil((list[list.length - max]! + WINDOW_MS - this.now()) / 1000);
  }
}
