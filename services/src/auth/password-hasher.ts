import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with the OWASP parameters (19 MiB memory, 2 iterations, 1 lane). */
@Injectable()
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  }

  /** Checks a password; with no hash (unknown user) it spends the same time on a throw-away hash and fails. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (hash === undefined) {
      this.dummy ??= this.hash(randomBytes(16).toString('hex'));
      await this.check(await this.dummy, password);
      return false;
    }
    return this.check(hash, password);
  }

  private async check(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
