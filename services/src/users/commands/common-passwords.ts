import { readFileSync } from 'node:fs';
import { Injectable } from '@nestjs/common';

/**
 * The 10,000 most common passwords (issue 38): `services/assets/common-passwords.txt`, Mark Burnett's "10 million
 * passwords" top 10,000 as published in SecLists (Passwords/Common-Credentials/10-million-password-list-top-10000.txt,
 * decision 122). Read once, in lower case: the check ignores case.
 */
export const COMMON_PASSWORDS_FILE = new URL('../../../assets/common-passwords.txt', import.meta.url);

export function readCommonPasswords(file: URL = COMMON_PASSWORDS_FILE): ReadonlySet<string> {
  const words = readFileSync(file, 'utf8')
    .split('\n')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== '');
  if (words.length < 10_000)
    throw new Error(`The list of common passwords ${file.pathname} holds ${words.length} entries, not 10,000`);
  return new Set(words);
}

@Injectable()
export class CommonPasswords {
  private words: ReadonlySet<string> | undefined;

  /** Whether the password, ignoring case, is one of the common passwords. */
  has(password: string): boolean {
    this.words ??= readCommonPasswords();
    return this.words.has(password.toLowerCase());
  }
}
