import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  userStream,
  earlierUsernameStreams,
  usernameKey,
  usernameStream,
  type ExpectedRevision,
  type ReadStore,
  type StreamAppend,
  type UserEvent,
} from '@coop/contracts';
import { CREDENTIALS, USERS } from '@coop/projections/users';
import { READ_STORE } from '../../platform/tokens.js';
import { LoginThrottle } from '../../auth/login-throttle.js';
import { PasswordHasher } from '../../auth/password-hasher.js';
import { SessionVersions } from '../../auth/session-versions.js';
import { SavedNotYetShownError, TooManyAttemptsError } from '../../platform/commands/errors.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { refuseChangedMeanwhile } from '../../platform/commands/version-tag.js';
import {
  userDecider,
  type CurrentPassword,
  type Grantor,
  type PasswordInput,
  type UserCommand,
  type UserState,
} from '../domain/user.decider.js';
import { CommonPasswords } from './common-passwords.js';
import { usernameDecider } from '../domain/username.decider.js';
import {
  ChangeOwnPasswordCommand,
  CreateUserCommand,
  DeleteUserCommand,
  SignOutCommand,
  UpdateUserCommand,
} from './user.commands.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { userTagOfState } from '../master-tag.js';

const grantor = (ctx: CommandContext): Grantor => ({ userId: ctx.actor.userId, roles: ctx.actor.roles });

/** The events after which the user's earlier tokens no longer work (issue 38). */
const SESSION_ENDING = new Set<UserEvent['type']>(['UserPasswordChanged', 'UserRolesChanged', 'UserSignedOut']);

const ADMIN = 'ROLE_ADMIN';

/** The other administrators a change was decided on, and the revision checks that keep them so until it is written. */
interface OtherAdministrators {
  readonly count: number;
  readonly checks: readonly StreamAppend[];
}

/**
 * Runs a user command: the user's stream and, when the name changes, the username streams
 * (claim the new, release the old) are appended in one atomic write.
 */
@Injectable()
export class UserCommandRunner {
  constructor(
    private readonly writer: StreamWriter,
    private readonly hasher: PasswordHasher,
    private readonly common: CommonPasswords,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly sessions: SessionVersions,
  ) {}

  /**
   * The password fields for the decider: the hash of a typed password (null when none was typed or the repeat differs;
   * the decider says why) and whether it is a common password.
   */
  async passwordInput(password: string, repeat: string): Promise<PasswordInput> {
    const passwordHash = password !== '' && password === repeat ? await this.hasher.hash(password) : null;
    return { password, passwordRepeat: repeat, passwordHash, common: this.common.has(password) };
  }

  /**
   * The cooperative's users other than `userId` holding ROLE_ADMIN, as their own streams have them, and a revision check
   * of each such stream (decision 384). The users' read model names the candidates; a user it shows late as an
   * administrator is not counted (a refusal too many, never one too few), and the checks refuse the write when one of
   * the counted changed meanwhile: two administrators removing each other at once cannot both be written.
   */
  async otherAdministrators(cooperativeId: string, userId: string): Promise<OtherAdministrators> {
    const candidates: string[] = [];
    for await (const batch of this.store.scan(USERS.name, cooperativeId, 500))
      for (const doc of batch)
        if (doc.id !== userId && Array.isArray(doc.roles) && (doc.roles as unknown[]).includes(ADMIN))
          candidates.push(doc.id);
    const checks: StreamAppend[] = [];
    for (const id of candidates) {
      const other = await this.writer.load(userStream(id), userDecider);
      if (other.state.cooperativeId === cooperativeId && other.state.roles.includes(ADMIN))
        checks.push({ streamId: userStream(id), expected: other.expected, events: [] });
    }
    return { count: checks.length, checks };
  }

  /** Checks one's own current password against the stored hash (the credentials the sign-in reads). */
  async currentPassword(userId: string, typed: string): Promise<CurrentPassword> {
    if (typed === '') return 'missing';
    const cred = await this.store.get(CREDENTIALS.name, userId);
    const hash = typeof cred?.passwordHash === 'string' ? cred.passwordHash : undefined;
    return (await this.hasher.verify(hash, typed)) ? 'correct' : 'wrong';
  }

  /**
   * `command` as a function: a change that may take ROLE_ADMIN from the user is decided on the other administrators
   * counted in the same attempt, and written only while they are as counted (a conflict decides it again). `check`
   * sees the user's state loaded before it is decided on (a change's `masterTag`), inside the retry.
   */
  async run(
    userId: string,
    cooperativeId: string,
    ctx: CommandContext,
    command: UserCommand | ((otherAdministrators: number) => UserCommand),
    check: (state: UserState) => void = () => undefined,
  ): Promise<void> {
    await this.writer.retrying(async () => {
      const user = await this.writer.load(userStream(userId), userDecider);
      check(user.state);
      const others =
        typeof command === 'function' && user.state.roles.includes(ADMIN)
          ? await this.otherAdministrators(cooperativeId, userId)
          : undefined;
      const decided = typeof command === 'function' ? command(others?.count ?? 0) : command;
      const events = userDecider.decide(decided, user.state);
      if (events.length === 0) return;
      const next = events.reduce<UserState>((s, e) => userDecider.evolve(s, e), user.state);
      const appends: StreamAppend[] = [
        {
          streamId: userStream(userId),
          expected: user.expected,
          events: this.writer.stamp(events, ctx, cooperativeId),
        },
      ];
      const before = user.state.username;
      const after = next.username;
      const renamed = after !== null && before !== null && usernameKey(after) !== usernameKey(before);
      if (after !== null && (before === null || renamed)) {
        appends.push(await this.usernameAppend(after, userId, 'Claim', ctx, cooperativeId));
      }
      if (before !== null && (after === null || renamed)) {
        appends.push(await this.usernameAppend(before, userId, 'Release', ctx, cooperativeId));
      }
      const removesAdministrator = user.state.roles.includes(ADMIN) && !next.roles.includes(ADMIN);
      const checks = removesAdministrator ? (others?.checks ?? []) : [];
      await this.endingSessions(userId, user.expected, events, ctx, decided.type !== 'SignOut', () =>
        this.writer.appendAll([...appends.filter((a) => a.events.length > 0), ...checks]),
      );
    });
  }

  /**
   * Runs `append`; when `events` end the user's sessions (a password change, a role change, a sign-out; issue 38),
   * notes the revision of the last such event as the user's session version (SessionVersions), also when the write is
   * answered before the read models show it. `keep`: the acting request continues on a token of the new version when
   * it changed its own user.
   */
  private async endingSessions(
    userId: string,
    expected: ExpectedRevision,
    events: readonly UserEvent[],
    ctx: CommandContext,
    keep: boolean,
    append: () => Promise<void>,
  ): Promise<void> {
    const last = events.findLastIndex((e) => SESSION_ENDING.has(e.type));
    const note = (): void => {
      if (last < 0) return;
      const revision = (typeof expected === 'number' ? expected : -1) + 1 + last;
      this.sessions.endedAt(userId, revision, keep && userId === ctx.actor.userId ? ctx.actor : undefined);
    };
    try {
      await append();
    } catch (error) {
      if (error instanceof SavedNotYetShownError) note();
      throw error;
    }
    note();
  }

  private async usernameAppend(
    username: string,
    userId: string,
    type: 'Claim' | 'Release',
    ctx: CommandContext,
    cooperativeId: string,
  ): Promise<StreamAppend> {
    const stream = usernameStream(username);
    const loaded = await this.writer.load(stream, usernameDecider);
    if (type === 'Claim') {
      // Claimed before decision 291 under a decomposed spelling by another user: taken as well (the decider refuses).
      for (const earlier of earlierUsernameStreams(username)) {
        const before = await this.writer.load(earlier, usernameDecider);
        usernameDecider.decide({ type, username, userId }, before.state);
      }
    }
    const events = usernameDecider.decide({ type, username, userId }, loaded.state);
    return { streamId: stream, expected: loaded.expected, events: this.writer.stamp(events, ctx, cooperativeId) };
  }
}

@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand> {
  constructor(private readonly users: UserCommandRunner) {}

  async execute({ ctx, cooperativeId, input }: CreateUserCommand): Promise<string> {
    const userId = newRecordId();
    const password = await this.users.passwordInput(input.password, input.passwordRepeat);
    await this.users.run(userId, cooperativeId, ctx, {
      type: 'CreateUser',
      userId,
      cooperativeId,
      ...input,
      ...password,
      by: grantor(ctx),
    });
    return userId;
  }
}

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand> {
  constructor(private readonly users: UserCommandRunner) {}

  async execute({ ctx, userId, input, masterTag: seen }: UpdateUserCommand): Promise<void> {
    const password = await this.users.passwordInput(input.password, input.passwordRepeat);
    const cooperativeId = ctx.actor.cooperativeId;
    await this.users.run(
      userId,
      cooperativeId,
      ctx,
      (otherAdministrators) => ({
        type: 'UpdateUser',
        userId,
        cooperativeId,
        ...input,
        ...password,
        by: grantor(ctx),
        otherAdministrators,
      }),
      // A form read before another change of the name or roles would write them back (ROLE_ADMIN another administrator
      // took away given back; decision 424). A user unknown here is left to the decider (404).
      (state) => {
        if (state.exists && state.cooperativeId === cooperativeId)
          refuseChangedMeanwhile(seen, () => userTagOfState(state));
      },
    );
  }
}

@CommandHandler(ChangeOwnPasswordCommand)
export class ChangeOwnPasswordHandler implements ICommandHandler<ChangeOwnPasswordCommand> {
  /**
   * Wrong current passwords per user, slowed as failed sign-ins are (3 free, then a doubling wait): the caller holds
   * the account's token, so the count is the user's own (its id as account and as address), never another's.
   */
  private readonly guesses = new LoginThrottle();

  constructor(private readonly users: UserCommandRunner) {}

  async execute({ ctx, currentPassword, password, passwordRepeat }: ChangeOwnPasswordCommand): Promise<void> {
    const { userId, cooperativeId } = ctx.actor;
    const wait = this.guesses.retryAfter(userId, userId);
    if (wait > 0) throw new TooManyAttemptsError(wait, `Too many wrong passwords, try again in ${wait} seconds`);
    const end = this.guesses.begin(userId, userId);
    const current = await this.users.currentPassword(userId, currentPassword).finally(end);
    if (current === 'wrong') this.guesses.failed(userId, userId);
    if (current === 'correct') this.guesses.succeeded(userId, userId);
    const input = await this.users.passwordInput(password, passwordRepeat);
    await this.users.run(userId, cooperativeId, ctx, {
      type: 'ChangeOwnPassword',
      currentPassword: current,
      ...input,
      by: grantor(ctx),
    });
  }
}

@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(private readonly users: UserCommandRunner) {}

  async execute({ ctx, userId }: DeleteUserCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    await this.users.run(userId, cooperativeId, ctx, (otherAdministrators) => ({
      type: 'DeleteUser',
      userId,
      cooperativeId,
      by: grantor(ctx),
      otherAdministrators,
    }));
  }
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(private readonly users: UserCommandRunner) {}

  async execute({ ctx }: SignOutCommand): Promise<void> {
    const { userId, cooperativeId } = ctx.actor;
    await this.users.run(userId, cooperativeId, ctx, { type: 'SignOut', by: grantor(ctx) });
  }
}
