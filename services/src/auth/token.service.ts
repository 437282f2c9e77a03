import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import { isRole } from '@coop/contracts';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';
import type { Actor } from '../platform/commands/command-context.js';

export const ISSUER = 'coop-ledger';
/** Verified tokens kept (all are dropped when the map is full: sessions reuse one token for many requests). */
const VERIFIED_KEPT = 10_000;

export interface VerifiedToken {
  readonly actor: Actor;
  /** Expiry in seconds since the epoch. */
  readonly exp: number;
}

/** Signs and verifies the HS256 session tokens. `alg: none`, other algorithms, other issuers and bad signatures are refused. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, by their exact text: the signature and claims of the same text verify the same
   * way until it expires (checked at every use), so the HMAC is computed once per token, not per request
   * (about 0.2 ms of the API thread). The roles are not taken from here: the guard reloads them each time.
   */
  private readonly verified = new Map<string, VerifiedToken>();

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
    const kept = this.verified.get(token);
    if (kept) {
      // jose's rule: expired when `exp` is at or before the current second.
      if (kept.exp > Math.floor(Date.now() / 1000)) return kept;
      this.verified.delete(token);
      return undefined;
    }
    const result = await this.verifySignature(token);
    if (result) {
      if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
      this.verified.set(token, result);
    }
    return result;
  }

  private async verifySignature(token: string): Promise<VerifiedToken | undefined> {
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
