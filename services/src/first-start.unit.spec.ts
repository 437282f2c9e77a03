import { describe, expect, it } from '@jest/globals';
import { checkAdminPassword, FirstStartRefused, generatePassword } from './first-start.js';
import { CommonPasswords } from './users/commands/common-passwords.js';

/** The first administrator's password follows the password rule (issue 38). */
describe('first start: the first administrator password', () => {
  const common = new CommonPasswords();

  it('draws a generated password again when it contains the user name', () => {
    const draws = ['xQbob9_aZk3LmN0p', 'xQ7o9_aZk3LmN0pW'];
    expect(generatePassword('bob', common, () => draws.shift()!)).toBe('xQ7o9_aZk3LmN0pW');
    expect(draws).toEqual([]);
  });

  it('generates 16 characters that pass the rule', () => {
    expect(generatePassword('admin', common)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it.each([
    ['Kurz-2026', 'has fewer than 12 characters'],
    ['QWERTY123456', 'is one of the 10,000 most common passwords'],
    ['Mein-ADMIN-Kennwort', 'is or contains the user name (ADMIN_USERNAME)'],
  ])('refuses ADMIN_PASSWORD %j, saying why', (password, why) => {
    expect(() => checkAdminPassword(password, 'admin', common)).toThrow(FirstStartRefused);
    expect(() => checkAdminPassword(password, 'admin', common)).toThrow(`ADMIN_PASSWORD is not accepted: it ${why}`);
  });

  it('accepts a password that meets the rule', () => {
    expect(() => checkAdminPassword('Gute-Wahl-fuer-2026', 'admin', common)).not.toThrow();
  });
});
