import { Injectable } from '@nestjs/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { JwtService, type JwtModuleOptions } from '@nestjs/jwt';
import type { AppConfig } from '../platform/config/config.js';
import type { Actor } from '../platform/commands/command-context.js';

export const ISSUER = 'coop-ledger';
/** The only algorithm signed and accepted: HMAC with our own secret. `alg: none` and every other algorithm are refused. */
export const ALGORITHM = 'HS256';

/**
 * The secret from the config as a key object. jsonwebtoken (under @nestjs/jwt and passport-jwt) first tries to read a
 * string or Buffer secret as a PEM public or private key, and the failed attempt costs about 0.4 ms for every token
 * signed or verified; with a key object it signs or verifies in about 15 µs.
 */
export function secretKey(config: AppConfig): KeyObject {
  return createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
}

/** JwtModule's options: HS256 with the secret from the config and our issuer; each token names its own expiry. */
export function jwtModuleOptions(config: AppConfig): JwtModuleOptions {
  return {
    secret: secretKey(config),
    signOptions: { algorithm: ALGORITHM, issuer: ISSUER },
    verifyOptions: { algorithms: [ALGORITHM], issuer: ISSUER },
  };
}

/** What a token says of its session beside the actor (issue 38); times in seconds since the epoch. */
export interface SessionTerms {
  /** The user's session version it was issued for (`ver`): a password change, a role change or a sign-out ends it. */
  readonly version: number;
  /** When the session signed in (`auth_time`, OpenID Connect's name); a renewed token keeps it. */
  readonly authTime: number;
  /** When the token expires (`exp`): the idle time after the last activity, at most the absolute lifetime. */
  readonly exp: number;
}

/** Signs the session tokens (JwtService); the JwtStrategy verifies them. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  /** A token with `sub`, `username`, `roles`, `cooperative`, `ver`, `auth_time`, `iss`, `iat` and `exp`. */
  sign(actor: Actor, terms: SessionTerms): Promise<string> {
    return this.jwt.signAsync(
      {
        username: actor.username,
        roles: [...actor.roles],
        cooperative: actor.cooperativeId,
        ver: terms.version,
        auth_time: terms.authTime,
        exp: terms.exp,
      },
      { subject: actor.userId },
    );
  }
}
