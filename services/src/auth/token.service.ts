import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import { isRole } from '@coop/contracts';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';
import type { Actor } from '../platform/commands/command-context.js';

export const ISSUER = 'coop-ledger';

export interface VerifiedToken {
  readonly actor: Actor;
  /** Expiry in seconds since the epoch. */
  readonly exp: number;
}

/** Signs and verifies the HS256 session tokens. `alg: none`, other algorithms, other issuers and bad signatures are refused. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  get ttlSeconds(): number {
    return this.config.tokenTtlSeconds;
  }

  async sign(actor: Actor): Promise<string> {
    return new SignJWT({ username: actor.username, roles: [...actor.roles], cooperative: actor.cooperativeId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(actor.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.config.tokenTtlSeconds)
      .sign(this.key);
  }

  /** The token's actor, or undefined for any token that is not one of ours and still valid. */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRole) : [];
      if (typeof payload.sub !== 'string' || typeof payload.username !== 'string' || typeof payload.cooperative !== 'string' || typeof payload.exp !== 'number') {
        return undefined;
      }
      return { actor: { userId: payload.sub, username: payload.username, roles, cooperativeId: payload.cooperative }, exp: payload.exp };
    } catch {
      return undefined;
    }
  }
}
