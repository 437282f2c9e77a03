import { Injectable } from '@nestjs/common';
import { USER_ACTIVITY_HEADER } from '@coop/contracts';
import type { Actor } from '../platform/commands/command-context.js';
import type { AuthenticatedRequest } from './decorators.js';
import { epochSeconds, SessionLifetime } from './session-lifetime.js';
import { SessionVersions } from './session-versions.js';
import { TokenService } from './token.service.js';

const ACTIVITY = USER_ACTIVITY_HEADER.toLowerCase();

/** Whether the request says the user acted since the token was issued (the console's `X-User-Activity` header). */
export function userActed(req: AuthenticatedRequest): boolean {
  const value = req.headers[ACTIVITY];
  return typeof value === 'string' && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Issues the session tokens (issue 38): a new session at sign-in, and the token a signed-in request continues with.
 * Only user activity renews the idle time, never past the absolute lifetime; a request that changed its own user's
 * session version (its password, its roles) continues on the new version; a session that was ended gets nothing.
 */
@Injectable()
export class SessionRenewal {
  constructor(
    private readonly tokens: TokenService,
    private readonly lifetime: SessionLifetime,
    private readonly versions: SessionVersions,
  ) {}

  /** A token for a new session of `actor`, whose credentials show `projectedVersion`. */
  async signIn(actor: Actor, projectedVersion: unknown): Promise<string> {
    const now = epochSeconds();
    const version = this.versions.current(actor.userId, projectedVersion);
    return this.tokens.sign(actor, {
      version,
      authTime: now,
      exp: await this.lifetime.expiry(actor.cooperativeId, now, now),
    });
  }

  /**
   * The token `req` continues with, or undefined when it keeps its own (nothing renewed) or its session has ended.
   * `always`: a token even when nothing is renewed (ping answers one), with the same expiry.
   */
  async renewed(req: AuthenticatedRequest, always = false): Promise<string | undefined> {
    const { actor, session } = req;
    if (!actor || !session || req.sessionEnded) return undefined;
    const own = this.versions.renewalFor(actor);
    const version = own !== undefined && own > session.version ? own : session.version;
    const noted = this.versions.noted(actor.userId);
    if (noted !== undefined && noted > version) return undefined;
    // Activity renews to the cooperative's idle time as it is now (a lowered one shortens the session).
    const renewedExp = userActed(req)
      ? await this.lifetime.expiry(actor.cooperativeId, session.authTime, epochSeconds())
      : session.exp;
    const exp = Math.min(renewedExp, this.lifetime.end(session.authTime));
    if (!always && version === session.version && exp === session.exp) return undefined;
    return this.tokens.sign(actor, { version, authTime: session.authTime, exp });
  }
}
