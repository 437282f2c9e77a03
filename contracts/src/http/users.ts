import { IsArray, IsIn, IsOptional, IsString, ValidateIf } from 'class-validator';
import { ROLES, isRole, type Role } from '../roles.js';
import {
  AsOptionalText,
  AsStrings,
  AsText,
  IsFilled,
  MaxText,
  PlainName,
  Satisfies,
  VisibleText,
  isBlankValue,
  rule,
  ruleNamingValue,
  rulePerItem,
} from './rules.js';
import { TEXT_MAX } from '../limits.js';

/** What the API answers for a user. The password hash never leaves the server. */
export class UserDto {
  @IsString() readonly id!: string;
  @IsString() readonly username!: string;
  @IsIn(ROLES, { each: true }) readonly roles!: Role[];
  @IsString() readonly cooperative!: string;
  /**
   * The user's name and roles as answered, as a tag (never its password): sent back with `PUT`, a change made meanwhile
   * is refused (409 `recordChangedMeanwhile`).
   */
  @IsString() readonly masterTag!: string;
}

const passwordsMatch = (value: unknown, body: Record<string, unknown>): boolean =>
  (value ?? '') === (body.password ?? '');
const unknownRoles = (items: readonly unknown[]): unknown[] => items.filter((r) => !isRole(r));

/**
 * `POST /users`: a new user. A password is required (`passwordRequired` when both password fields are empty; only
 * the repeat typed is `isNotEqual`). Only ROLE_SUPER_ADMIN may name another cooperative.
 */
export class UserCreate {
  @AsText()
  @IsFilled(rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.username)
  @VisibleText()
  @PlainName()
  username: string = '';
  @AsText()
  @ValidateIf((o: UserCreate) => isBlankValue(o.passwordRepeat))
  @IsFilled(rule('passwordRequired'))
  @MaxText(TEXT_MAX.password)
  password: string = '';
  @AsText()
  @Satisfies('equalsPassword', passwordsMatch, rule('isNotEqual'))
  @MaxText(TEXT_MAX.password)
  passwordRepeat: string = '';
  @AsStrings()
  @IsArray(ruleNamingValue('invalidRole'))
  @IsIn(ROLES, rulePerItem('invalidRole', unknownRoles))
  @MaxText(TEXT_MAX.code * 2, true)
  roles: string[] = [];
  @AsText() @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.id) cooperative?: string;
}

/** `PUT /users/{id}`: the whole user; the password stays unchanged when both password fields are left empty. */
export class UserWrite {
  @AsText()
  @IsFilled(rule('mustNotBeEmpty'))
  @MaxText(TEXT_MAX.username)
  @VisibleText()
  username: string = '';
  @AsText() @IsString(rule('passwordRequired')) @MaxText(TEXT_MAX.password) password: string = '';
  @AsText()
  @Satisfies('equalsPassword', passwordsMatch, rule('isNotEqual'))
  @MaxText(TEXT_MAX.password)
  passwordRepeat: string = '';
  @AsStrings()
  @IsArray(ruleNamingValue('invalidRole'))
  @IsIn(ROLES, rulePerItem('invalidRole', unknownRoles))
  @MaxText(TEXT_MAX.code * 2, true)
  roles: string[] = [];
  /**
   * The user's `masterTag` as the form read it (the console sends the record it loaded): a change of the name or roles
   * made meanwhile refuses the write `409 recordChangedMeanwhile` instead of overwriting it (a lost update: a role
   * another administrator took away given back). Left out or null: not checked. A password changed meanwhile does not
   * change the tag.
   */
  @AsOptionalText() @IsOptional() @IsString(ruleNamingValue('invalidChoice')) @MaxText(TEXT_MAX.tag) masterTag?:
    string | null = null;
}

/** `PUT /users/me/password`: the current password and the new one, typed twice (issue 38). */
export class OwnPasswordChange {
  @AsText() @IsString(rule('mustNotBeEmpty')) @MaxText(TEXT_MAX.password) currentPassword: string = '';
  @AsText() @IsString(rule('passwordRequired')) @MaxText(TEXT_MAX.password) password: string = '';
  @AsText()
  @Satisfies('equalsPassword', passwordsMatch, rule('isNotEqual'))
  @MaxText(TEXT_MAX.password)
  passwordRepeat: string = '';
}
