/**
 * The password rule (issue 38), the same for a new user, an administrator's reset, one's own change and the first
 * administrator: at least `PASSWORD_MIN_LENGTH` characters (counted as Unicode code points), not one of the common
 * passwords (the server holds the list and checks it case-insensitively), neither the user name nor containing it
 * (ignoring case; "containing" for user names of at least `USERNAME_IN_PASSWORD_MIN` characters, a shorter name would
 * forbid half the alphabet). Pure: the console shows the rule, the users decider enforces it.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const USERNAME_IN_PASSWORD_MIN = 3;

export type PasswordRuleTemplate =
  /** "At least {0} characters" / "Mindestens {0} Zeichen". */
  | 'passwordTooShort'
  /** "This password is among the most common ones; choose another" (the list: services/assets/common-passwords.txt). */
  | 'passwordTooCommon'
  /** "The password must not be or contain the user name". */
  | 'passwordContainsUsername'
  /** "The current password is not correct" (`PUT /users/me/password`). */
  | 'currentPasswordWrong'
  /** One's own password set through `PUT /users/{id}`, which asks no current password (decision 338). */
  | 'ownPasswordNeedsCurrent';

/** The first rule a typed password breaks, or null; `isCommon` answers for the password in lower case. */
export function passwordRuleBroken(
  password: string,
  username: string,
  isCommon: (lowerCase: string) => boolean,
): Exclude<PasswordRuleTemplate, 'currentPasswordWrong' | 'ownPasswordNeedsCurrent'> | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  if (name !== '' && (lower === name || (name.length >= USERNAME_IN_PASSWORD_MIN && lower.includes(name))))
    return 'passwordContainsUsername';
  if (isCommon(lower)) return 'passwordTooCommon';
  return null;
}
