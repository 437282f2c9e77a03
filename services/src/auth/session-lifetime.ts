import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_SESSION_IDLE_MINUTES,
  MAX_SESSION_IDLE_MINUTES,
  MIN_SESSION_IDLE_MINUTES,
  type ReadStore,
} from '@coop/contracts';
import { COOPERATIVES, readCooperative } from '@coop/projections/cooperatives';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG, READ_STORE } from '../platform/tokens.js';

/**
 * How long a session lives (issue 38): a token expires after the cooperative's idle time (`sessionIdleMinutes`, 30
 * minutes unless an administrator sets another) from the last user activity, and never later than the absolute
 * lifetime (`SESSION_MAX_SECONDS`, 12 hours) from the sign-in. Times are in seconds since the epoch, as in the token.
 */
@Injectable()
export class SessionLifetime {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  get maxSeconds(): number {
    return this.config.sessionMaxSeconds;
  }

  /** The cooperative's idle time in seconds (its setting, or the default when unset or out of range). */
  async idleSeconds(cooperativeId: string): Promise<number> {
    const doc = await this.store.get(COOPERATIVES.name, cooperativeId);
    const minutes = doc ? readCooperative(doc).sessionIdleMinutes : DEFAULT_SESSION_IDLE_MINUTES;
    const valid =
      Number.isSafeInteger(minutes) && minutes >= MIN_SESSION_IDLE_MINUTES && minutes <= MAX_SESSION_IDLE_MINUTES;
    return (valid ? minutes : DEFAULT_SESSION_IDLE_MINUTES) * 60;
  }

  /** The expiry of a token issued at `now` on user activity, for a session signed in at `authTime`. */
  async expiry(cooperativeId: string, authTime: number, now: number): Promise<number> {
    return Math.min(now + (await this.idleSeconds(cooperativeId)), this.end(authTime));
  }

  /** When the session signed in at `authTime` ends whatever happens (the absolute lifetime). */
  end(authTime: number): number {
    return authTime + this.config.sessionMaxSeconds;
  }
}

/** Now in whole seconds since the epoch, as tokens count. */
export const epochSeconds = (): number => Math.floor(Date.now() / 1000);
