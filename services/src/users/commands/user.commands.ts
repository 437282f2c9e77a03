import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../platform/commands/command-context.js';

export interface UserInput {
  readonly username: string;
  readonly password: string;
  readonly passwordRepeat: string;
  readonly roles: readonly string[];
}

/** Creates a user in `cooperativeId` (the actor's own unless a super administrator names another); answers the new id. */
export class CreateUserCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly cooperativeId: string,
    readonly input: UserInput,
  ) {
    super();
  }
}

export class UpdateUserCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly input: UserInput,
    /** The user's `masterTag` as the form read it; null: not checked. */
    readonly masterTag: string | null = null,
  ) {
    super();
  }
}

/** One's own new password; `currentPassword` must be the one stored (issue 38). */
export class ChangeOwnPasswordCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly currentPassword: string,
    readonly password: string,
    readonly passwordRepeat: string,
  ) {
    super();
  }
}

export class DeleteUserCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
  ) {
    super();
  }
}

/** The actor signs out: every token of the actor's user issued before ends (issue 38). */
export class SignOutCommand extends Command<void> {
  constructor(readonly ctx: CommandContext) {
    super();
  }
}
