import { describe, expect, it } from '@jest/globals';
import { fieldError, ValidationError, type UserEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { readCommonPasswords } from './commands/common-passwords.js';
import {
  userDecider,
  type CurrentPassword,
  type Grantor,
  type PasswordInput,
  type UserCommand,
} from './domain/user.decider.js';

/**
 * The password rule (issue 38) on every way a password is set: a new user, an administrator's reset, one's own change.
 * At least 12 characters, not a common password, not the user name nor containing it; one's own change needs the
 * current password.
 */
const spec = deciderSpec(userDecider);
const COOP = 'coop-1';
const USER = 'user-1';
const admin: Grantor = { userId: 'admin-1', roles: ['ROLE_SUPER_ADMIN'] };
const GOOD = 'Herbstlaub-Kanu-73';
const COMMON = readCommonPasswords();

/** Password fields as the handler passes them: hashed when typed twice alike, looked up in the list of common ones. */
const pw = (password: string): PasswordInput => ({
  password,
  passwordRepeat: password,
  passwordHash: password === '' ? null : `argon2(${password})`,
  common: COMMON.has(password.toLowerCase()),
});
const created: UserEvent = {
  type: 'UserCreated',
  data: {
    userId: USER,
    cooperativeId: COOP,
    username: 'martha.meier',
    passwordHash: 'argon2(old)',
    roles: ['ROLE_USER'],
  },
};
const create = (password: PasswordInput, username = 'martha.meier'): UserCommand => ({
  type: 'CreateUser',
  userId: USER,
  cooperativeId: COOP,
  username,
  roles: ['ROLE_USER'],
  by: admin,
  ...password,
});
const reset = (password: PasswordInput, username = 'martha.meier'): UserCommand => ({
  type: 'UpdateUser',
  userId: USER,
  cooperativeId: COOP,
  username,
  roles: ['ROLE_USER'],
  by: admin,
  otherAdministrators: 1,
  ...password,
});
const own = (password: PasswordInput, currentPassword: CurrentPassword = 'correct'): UserCommand => ({
  type: 'ChangeOwnPassword',
  by: { userId: USER, roles: ['ROLE_CHANGE_OWN_PASSWORD'] },
  currentPassword,
  ...password,
});
const refusedWith =
  (...errors: ReturnType<typeof fieldError>[]) =>
  (e: ValidationError) =>
    expect(e.errors).toEqual(errors);

describe('user decider: the password rule (issue 38)', () => {
  it('the list holds the 10,000 most common passwords, in lower case', () => {
    expect(COMMON.size).toBeGreaterThan(9_000);
    expect(['123456', 'password', 'qwertyuiop', 'qwerty123456'].filter((p) => !COMMON.has(p))).toEqual([]);
  });

  /** Every way a password is set: the history it meets and the command. */
  const WAYS: [string, readonly UserEvent[], (p: PasswordInput) => UserCommand][] = [
    ['create', [], (p) => create(p)],
    ['reset', [created], (p) => reset(p)],
    ['own change', [created], (p) => own(p)],
  ];
  const decided = (given: readonly UserEvent[], command: UserCommand) =>
    userDecider.decide(
      command,
      given.reduce((s, e) => userDecider.evolve(s, e), userDecider.initialState()),
    );

  it.each(WAYS)('%s: refuses a password of 11 characters and accepts one of 12', (_how, given, make) => {
    spec
      .given(given)
      .when(make(pw('Kanu-Fahrt7')))
      .thenThrows(ValidationError, refusedWith(fieldError('password', 'passwordTooShort', '12')));
    expect(decided(given, make(pw('Kanu-Fahrt71')))).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ passwordHash: 'argon2(Kanu-Fahrt71)' }) }),
    );
    // Characters, not UTF-16 units: 11 letters beyond the BMP are still 11.
    spec
      .given(given)
      .when(make(pw('𝒦'.repeat(11))))
      .thenThrows(ValidationError, refusedWith(fieldError('password', 'passwordTooShort', '12')));
  });

  it.each(WAYS)('%s: refuses a common password of 12 characters or more, whatever its case', (_how, given, make) => {
    for (const common of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y', 'Qazwsxedcrfv']) {
      spec
        .given(given)
        .when(make(pw(common)))
        .thenThrows(ValidationError, refusedWith(fieldError('password', 'passwordTooCommon')));
    }
  });

  it.each(WAYS)('%s: refuses the user name or a password containing it, whatever its case', (_how, given, make) => {
    for (const password of ['Martha.Meier', 'MARTHA.MEIER-2026', 'my-martha.meier!']) {
      spec
        .given(given)
        .when(make(pw(password)))
        .thenThrows(ValidationError, refusedWith(fieldError('password', 'passwordContainsUsername')));
    }
  });

  it('checks the user name the command sets, on a rename with a new password too', () => {
    spec
      .given([created])
      .when(reset(pw('bert.bauer-1234'), 'bert.bauer'))
      .thenThrows(ValidationError, refusedWith(fieldError('password', 'passwordContainsUsername')));
    spec
      .given([])
      .when(create(pw('martha.meier-99'), 'bert.bauer'))
      .then([
        {
          type: 'UserCreated',
          data: {
            userId: USER,
            cooperativeId: COOP,
            username: 'bert.bauer',
            passwordHash: 'argon2(martha.meier-99)',
            roles: ['ROLE_USER'],
          },
        },
      ]);
  });

  it('does not read a user name under 3 characters into every password', () => {
    // 'He' is inside 'Herbstlaub-…' (ignoring case): a two-letter name is not looked for.
    spec
      .given([])
      .when(create(pw(GOOD), 'He'))
      .then([
        {
          type: 'UserCreated',
          data: {
            userId: USER,
            cooperativeId: COOP,
            username: 'He',
            passwordHash: `argon2(${GOOD})`,
            roles: ['ROLE_USER'],
          },
        },
      ]);
  });

  it('leaves the password alone on a reset with both fields empty (no rule to meet)', () => {
    spec
      .given([created])
      .when(reset(pw('')))
      .then([]);
  });

  it('own change: refuses a wrong current password and a missing one at their field', () => {
    spec
      .given([created])
      .when(own(pw(GOOD), 'wrong'))
      .thenThrows(ValidationError, refusedWith(fieldError('currentPassword', 'currentPasswordWrong')));
    spec
      .given([created])
      .when(own(pw(GOOD), 'missing'))
      .thenThrows(ValidationError, refusedWith(fieldError('currentPassword', 'mustNotBeEmpty')));
    spec
      .given([created])
      .when(own(pw('short'), 'wrong'))
      .thenThrows(
        ValidationError,
        refusedWith(
          fieldError('currentPassword', 'currentPasswordWrong'),
          fieldError('password', 'passwordTooShort', '12'),
        ),
      );
  });

  it('own change: takes a good new password with the right current one', () => {
    spec
      .given([created])
      .when(own(pw(GOOD)))
      .then([{ type: 'UserPasswordChanged', data: { userId: USER, passwordHash: `argon2(${GOOD})` } }]);
  });
});
