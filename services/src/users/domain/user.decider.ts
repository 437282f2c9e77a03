import {
  fieldError,
  isBlank,
  isPlainName,
  isRole,
  NotFoundError,
  passwordRuleBroken,
  PASSWORD_MIN_LENGTH,
  PermissionError,
  ValidationError,
  type Decider,
  type FieldError,
  type Role,
  type UserEvent,
} from '@coop/contracts';

export interface UserState {
  readonly exists: boolean;
  readonly userId: string | null;
  readonly cooperativeId: string | null;
  readonly username: string | null;
  readonly roles: readonly Role[];
}

/** What the actor may grant: the roles it holds itself, or any role for ROLE_SUPER_ADMIN. */
export interface Grantor {
  readonly userId: string;
  readonly roles: readonly Role[];
}

/**
 * Password fields as typed, the hash the handler computed for a non-empty password, and whether the password is in the
 * list of common passwords (the handler looks it up; the decider applies the rule).
 */
export interface PasswordInput {
  readonly password: string;
  readonly passwordRepeat: string;
  readonly passwordHash: string | null;
  readonly common: boolean;
}

/** The current password of one's own change as the handler found it against the stored hash. */
export type CurrentPassword = 'correct' | 'wrong' | 'missing';

export type UserCommand =
  | ({
      type: 'CreateUser';
      userId: string;
      cooperativeId: string;
      username: string;
      roles: readonly string[];
      by: Grantor;
    } & PasswordInput)
  | ({
      type: 'UpdateUser';
      userId: string;
      cooperativeId: string;
      username: string;
      roles: readonly string[];
      by: Grantor;
      /** The cooperative's other users holding ROLE_ADMIN (their streams): none, this one keeps it (decisions 377, 384). */
      otherAdministrators: number;
    } & PasswordInput)
  | ({ type: 'ChangeOwnPassword'; by: Grantor; currentPassword: CurrentPassword } & PasswordInput)
  | { type: 'DeleteUser'; userId: string; cooperativeId: string; by: Grantor; otherAdministrators: number }
  /** The actor signs out: the sessions of the actor end (issue 38). */
  | { type: 'SignOut'; by: Grantor };

const initial: UserState = { exists: false, userId: null, cooperativeId: null, username: null, roles: [] };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => initial,
  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated':
        return {
          exists: true,
          userId: event.data.userId,
          cooperativeId: event.data.cooperativeId,
          username: event.data.username,
          roles: event.data.roles,
        };
      case 'UserRenamed':
        return { ...state, username: event.data.username };
      case 'UserRolesChanged':
        return { ...state, roles: event.data.roles };
      case 'UserPasswordChanged':
      case 'UserSignedOut':
        return state;
      case 'UserDeleted':
        return initial;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateUser': {
        if (state.exists) throw new ValidationError([fieldError(null, 'invalidChoice', 'userId')]);
        const roles = checkRoles(command.roles, command.by, []);
        validate(command.username, command, true);
        return [
          {
            type: 'UserCreated',
            data: {
              userId: command.userId,
              cooperativeId: command.cooperativeId,
              username: command.username.trim(),
              passwordHash: command.passwordHash!,
              roles,
            },
          },
        ];
      }
      case 'UpdateUser': {
        const userId = requireUser(state, command.cooperativeId, command);
        mayChange(command.by, state.roles);
        // One's own password needs the current one (ChangeOwnPassword): a token alone cannot take the account over.
        if (userId === command.by.userId && command.password !== '')
          throw new ValidationError([fieldError('password', 'ownPasswordNeedsCurrent')]);
        const roles = checkRoles(command.roles, command.by, state.roles);
        validate(command.username, command, false);
        const events: UserEvent[] = [];
        const username = command.username.trim();
        // A new name must not pass for another's (decision 333); a name kept as it is stays, whatever it holds (a user
        // named before that rule, such as `O´Brien` with an acute accent, is edited without a rename; decision 344).
        if (username !== state.username && !isPlainName(username))
          throw new ValidationError([fieldError('username', 'usernameLookAlike')]);
        if (username !== state.username) events.push({ type: 'UserRenamed', data: { userId, username } });
        if (command.passwordHash)
          events.push({ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash } });
        if (!sameRoles(roles, state.roles)) {
          if (isLastAdministrator(state, command.otherAdministrators) && !roles.includes(ADMIN))
            throw new ValidationError([fieldError('roles', 'lastAdministrator')]);
          events.push({ type: 'UserRolesChanged', data: { userId, roles } });
        }
        return events;
      }
      case 'ChangeOwnPassword': {
        if (!state.exists) throw new NotFoundError('User', command.by.userId);
        const errors = [
          ...currentPasswordErrors(command.currentPassword),
          ...passwordErrors(command, true, state.username ?? ''),
        ];
        if (errors.length > 0) throw new ValidationError(errors);
        return [
          { type: 'UserPasswordChanged', data: { userId: command.by.userId, passwordHash: command.passwordHash! } },
        ];
      }
      case 'DeleteUser': {
        const userId = requireUser(state, command.cooperativeId, command);
        if (userId === command.by.userId) throw new ValidationError([fieldError(null, 'cannotDeleteSelf')]);
        if (state.roles.includes('ROLE_SUPER_ADMIN') && !command.by.roles.includes('ROLE_SUPER_ADMIN')) {
          throw new PermissionError(
            'Only a super administrator may delete a super administrator.',
            'onlySuperAdminDeletesSuperAdmin',
          );
        }
        mayChange(command.by, state.roles);
        if (isLastAdministrator(state, command.otherAdministrators))
          throw new ValidationError([fieldError(null, 'lastAdministrator')]);
        return [{ type: 'UserDeleted', data: { userId } }];
      }
      case 'SignOut': {
        if (!state.exists) throw new NotFoundError('User', command.by.userId);
        return [{ type: 'UserSignedOut', data: { userId: command.by.userId } }];
      }
    }
  },
};

/** A user of another cooperative is answered as not found, like one that never existed. */
function requireUser(state: UserState, cooperativeId: string, command: { userId: string }): string {
  if (!state.exists || state.userId === null || state.cooperativeId !== cooperativeId)
    throw new NotFoundError('User', command.userId);
  return state.userId;
}

function validate(username: string, pw: PasswordInput, isNew: boolean): void {
  const errors: FieldError[] = [];
  if (isBlank(username)) errors.push(fieldError('username', 'mustNotBeEmpty'));
  errors.push(...passwordErrors(pw, isNew, username));
  if (errors.length > 0) throw new ValidationError(errors);
}

function passwordErrors(pw: PasswordInput, required: boolean, username: string): FieldError[] {
  if (pw.password === '' && pw.passwordRepeat === '') {
    return required ? [fieldError('password', 'passwordRequired')] : [];
  }
  if (pw.password !== pw.passwordRepeat) return [fieldError('passwordRepeat', 'isNotEqual')];
  const broken = passwordRuleBroken(pw.password, username, () => pw.common);
  if (broken === 'passwordTooShort') return [fieldError('password', broken, String(PASSWORD_MIN_LENGTH))];
  if (broken) return [fieldError('password', broken)];
  if (!pw.passwordHash) return [fieldError('password', 'passwordRequired')];
  return [];
}

function currentPasswordErrors(current: CurrentPassword): FieldError[] {
  if (current === 'missing') return [fieldError('currentPassword', 'mustNotBeEmpty')];
  if (current === 'wrong') return [fieldError('currentPassword', 'currentPasswordWrong')];
  return [];
}

/**
 * No way up the roles (issue 38): the actor may change a user (name, password, roles, deletion) only when it holds every
 * role that user holds, before and after the change; the super administrator holds them all, and only a super
 * administrator holds ROLE_SUPER_ADMIN, so a super administrator is changed by a super administrator alone. The roles
 * after the change are `checkRoles`' part: every role added or removed must be held too.
 */
function mayChange(by: Grantor, targetRoles: readonly Role[]): void {
  if (by.roles.includes('ROLE_SUPER_ADMIN')) return;
  if (targetRoles.includes('ROLE_SUPER_ADMIN')) {
    throw new PermissionError(
      'Only a super administrator may change a super administrator.',
      'onlySuperAdminChangesSuperAdmin',
    );
  }
  const beyond = targetRoles.filter((r) => !by.roles.includes(r));
  if (beyond.length > 0) {
    throw new PermissionError(
      `You may change only users whose roles you all hold yourself; this user also holds: ${beyond.join(', ')}`,
      'userHoldsRolesNotHeld',
      [beyond.join(', ')],
    );
  }
}

/** Unknown roles are a validation error; granting a role one does not hold is forbidden (no escalation). */
function checkRoles(requested: readonly string[], by: Grantor, current: readonly Role[]): Role[] {
  const unknown = requested.filter((r) => !isRole(r));
  if (unknown.length > 0) throw new ValidationError(unknown.map((r) => fieldError('roles', 'invalidRole', r)));
  const roles = [...new Set(requested as Role[])].sort();
  if (!by.roles.includes('ROLE_SUPER_ADMIN')) {
    const added = roles.filter((r) => !current.includes(r));
    const removed = current.filter((r) => !roles.includes(r));
    const beyond = [...added, ...removed].filter((r) => !by.roles.includes(r));
    if (beyond.length > 0)
      throw new PermissionError(
        `You may not grant or remove roles you do not hold: ${beyond.join(', ')}`,
        'rolesNotHeld',
        [beyond.join(', ')],
      );
  }
  return roles;
}

function sameRoles(a: readonly Role[], b: readonly Role[]): boolean {
  return a.length === b.length && [...a].sort().every((r, i) => r === [...b].sort()[i]);
}

const ADMIN = 'ROLE_ADMIN';

/**
 * Whether the user is its cooperative's last administrator (decision 377): it holds ROLE_ADMIN and no other user of the
 * cooperative does. Without one, nobody of the cooperative manages its users and settings (a probe: one admin deleted
 * the other and then removed its own role: users and the cooperative answered 403 to all).
 */
function isLastAdministrator(state: UserState, otherAdministrators: number): boolean {
  return state.roles.includes(ADMIN) && otherAdministrators === 0;
}
