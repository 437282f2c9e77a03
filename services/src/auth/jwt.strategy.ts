import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy } from 'passport-jwt';
import { isRole, type ReadStore } from '@coop/contracts';
import { CREDENTIALS } from '@coop/projections/users';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG, READ_STORE } from '../platform/tokens.js';
import { epochSeconds, SessionLifetime } from './session-lifetime.js';
import { SessionVersions } from './session-versions.js';
import { ALGORITHM, ISSUER, secretKey } from './token.service.js';
import { tokenClaims, VerifiedTokens, type VerifiedToken } from './verified-tokens.js';

export const JWT_STRATEGY = 'jwt';

/** A signed-in request: the actor with the roles and username read now from the credentials, and the token's terms. */
export type Session = VerifiedToken;

type HttpRequest = { readonly headers: { readonly authorization?: string | undefined } };

/** The token of an `Authorization: Bearer <token>` header, and nothing else (no second word, no other scheme). */
export function bearerToken(req: HttpRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/**
 * The passport-jwt strategy for our session tokens: HS256 with our secret and issuer only (jsonwebtoken refuses
 * `alg: none`, other algorithms, other issuers, bad signatures and expired tokens), then the user's current roles and
 * username from the credentials read model: a deleted user or a user moved to another cooperative has no session, nor
 * has a token issued for an earlier session version (a password change, a role change, a sign-out: SessionVersions) or
 * one past the absolute lifetime from its sign-in (issue 38).
 *
 * Two things beyond the textbook strategy:
 * - its own passport instance (`getPassportInstance`, @nestjs/passport's hook for it), not passport's global
 *   singleton: each application verifies with its own secret and reads its own store, also when a process runs
 *   several (the tests do);
 * - tokens verified before are kept by their text until they expire (VerifiedTokens): a session sends the same token
 *   with every request, so the signature is checked once per token, not per request, and a kept token skips the
 *   passport round (`sessionOf`), which cost the posting path several microseconds a request. The roles are still
 *   read every time.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  // Set during the base constructor (by getPassportInstance), so no initializer may run after it.
  declare private ownPassport: passport.Authenticator | undefined;
  private readonly verified = new VerifiedTokens();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly versions: SessionVersions,
    private readonly lifetime: SessionLifetime,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // jsonwebtoken takes a key object (see secretKey); @types/passport-jwt lists only string and Buffer.
      secretOrKey: secretKey(config) as unknown as Buffer,
      issuer: ISSUER,
      algorithms: [ALGORITHM],
      passReqToCallback: true,
    });
  }

  /** This application's passport, with this strategy alone registered (called by the base constructor). */
  getPassportInstance(): passport.Authenticator {
    this.ownPassport ??= new passport.Passport();
    return this.ownPassport;
  }

  /**
   * The request's session, or false for a missing, invalid or expired token and for a user who is gone. A token
   * verified before (kept until it expires) is not handed to passport again: its roles are read now, and that is all a
   * request with it needs. Any other token goes through passport-jwt.
   */
  async sessionOf(req: HttpRequest, res: unknown): Promise<Session | false> {
    const text = bearerToken(req);
    const kept = text === null ? undefined : this.verified.get(text);
    if (kept) return this.current(kept);
    return new Promise((resolve, reject) => {
      const done = (err: unknown, session?: Session | false): void => (err ? reject(err) : resolve(session ?? false));
      const authenticate = this.getPassportInstance().authenticate(JWT_STRATEGY, { session: false }, done) as (
        req: unknown,
        res: unknown,
        next: (err?: unknown) => void,
      ) => void;
      authenticate(req, res, (err?: unknown) => done(err, false));
    });
  }

  /** Called by passport-jwt with a token it has verified. */
  async validate(req: HttpRequest, payload: unknown): Promise<Session | false> {
    const claims = tokenClaims(payload);
    const text = bearerToken(req);
    if (!claims || text === null) return false;
    this.verified.remember(text, claims);
    return this.current(claims);
  }

  private async current(token: VerifiedToken): Promise<Session | false> {
    const cred = await this.store.get(CREDENTIALS.name, token.actor.userId);
    if (!cred || cred.cooperativeId !== token.actor.cooperativeId) return false;
    if (token.version !== this.versions.current(token.actor.userId, cred.sessionVersion)) return false;
    if (this.lifetime.end(token.authTime) <= epochSeconds()) return false;
    const roles = Array.isArray(cred.roles) ? cred.roles.filter(isRole) : [];
    const username = typeof cred.username === 'string' ? cred.username : token.actor.username;
    return { ...token, actor: { ...token.actor, roles, username } };
  }
}
