import { randomBytes, randomUUID } from 'node:crypto';
import { stopHereInTests } from './platform/commands/test-stop.js';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { passwordRuleBroken, PASSWORD_MIN_LENGTH, ROLES, cooperativeStream, type EventStore } from '@coop/contracts';
import { RegisterCooperativeCommand } from './cooperatives/commands/cooperative.commands.js';
import { contextFor } from './platform/commands/command-context.js';
import { SavedNotYetShownError } from './platform/commands/errors.js';
import type { AppConfig } from './platform/config/config.js';
import { CreateUserCommand } from './users/commands/user.commands.js';
import { CommonPasswords } from './users/commands/common-passwords.js';

/** The first start refuses to run: the message says why and what to do (main.ts prints it and exits). */
export class FirstStartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirstStartRefused';
  }
}

const RULE_TEXT: Record<NonNullable<ReturnType<typeof passwordRuleBroken>>, string> = {
  passwordTooShort: `it has fewer than ${PASSWORD_MIN_LENGTH} characters`,
  passwordContainsUsername: 'it is or contains the user name (ADMIN_USERNAME)',
  passwordTooCommon: 'it is one of the 10,000 most common passwords',
};

/** Refuses an ADMIN_PASSWORD that breaks the password rule (issue 38) before anything is written. */
export function checkAdminPassword(password: string, username: string, common: CommonPasswords): void {
  const broken = passwordRuleBroken(password, username, (p) => common.has(p));
  if (broken) {
    throw new FirstStartRefused(
      `ADMIN_PASSWORD is not accepted: ${RULE_TEXT[broken]}. A password needs at least ${PASSWORD_MIN_LENGTH} characters, must not be ` +
        'a common password and must not be or contain the user name. Set another one, or leave ADMIN_PASSWORD unset to have a strong one generated.',
    );
  }
}

export interface FirstStart {
  readonly cooperativeId: string;
  readonly username: string;
  /** Set only when the password was generated; shown once and never stored in plain text. */
  readonly generatedPassword: string | undefined;
}

/** Where the first start stands, read from the event log (decision 141). */
export type FirstStartState =
  | { readonly kind: 'empty' }
  /** The cooperative is registered and nothing else was ever written: the administrator is still to be created. */
  | { readonly kind: 'cooperativeRegistered'; readonly cooperativeId: string }
  | { readonly kind: 'done' };

/** The steps a test may stop the first start after (`COOP_TEST_STOP_AT`), to start again on what it left. */
export type FirstStartStep = 'first-start:cooperative-registered';

/** More events than a half-done first start ever leaves (one cooperative's registration). */
const HALF_DONE_MAX_EVENTS = 10;

/**
 * On an empty event store: registers the first cooperative and its administrator, who holds every role. With no
 * ADMIN_PASSWORD a strong one is generated. Runs to its end once: a start that stopped after the cooperative (killed, or
 * the host went down) leaves a log holding that cooperative's registration alone, and the next start creates the
 * administrator for it. Once anything else was written (a user was created, even if deleted since), it never runs again.
 *
 * It does not wait for the read models: each step is an append, and with `RUN_PROJECTIONS=false` a worker that is not
 * running yet, or is slower than the read-your-writes wait, shows them later (a step that answers "saved, shown
 * shortly" is done).
 *
 * "Empty" means that this installation has no events: on a shared KurrentDB server `headPosition` and `readAll` look at
 * this installation's streams only (EVENT_STORE_STREAM_PREFIX) and count no event that is not this product's, so the
 * events of other applications in the server's log do not stop the first start (issue 30).
 */
export async function firstStart(
  app: INestApplication,
  events: EventStore,
  config: AppConfig,
): Promise<FirstStart | undefined> {
  const state = await firstStartState(events);
  if (state.kind === 'done') return undefined;
  const common = app.get(CommonPasswords);
  if (config.adminPassword !== undefined) checkAdminPassword(config.adminPassword, config.adminUsername, common);
  const commands = app.get(CommandBus);
  const cooperativeId = state.kind === 'cooperativeRegistered' ? state.cooperativeId : randomUUID();
  const system = contextFor({ userId: 'system', username: 'system', roles: [...ROLES], cooperativeId });
  if (state.kind === 'empty') {
    await stored(
      commands.execute(new RegisterCooperativeCommand(system, { name: config.cooperativeName }, true, cooperativeId)),
    );
    stopHereInTests('first-start:cooperative-registered' satisfies FirstStartStep);
  }
  const generatedPassword = config.adminPassword ? undefined : generatePassword(config.adminUsername, common);
  const password = config.adminPassword ?? generatedPassword!;
  await stored(
    commands.execute(
      new CreateUserCommand(system, cooperativeId, {
        username: config.adminUsername,
        password,
        passwordRepeat: password,
        roles: [...ROLES],
      }),
    ),
  );
  return { cooperativeId, username: config.adminUsername, generatedPassword };
}

/** What the log says of the first start: empty, the first cooperative registered and nothing else, or done. */
export async function firstStartState(events: EventStore): Promise<FirstStartState> {
  if ((await events.headPosition()) < 0n) return { kind: 'empty' };
  const head = await events.readAll(-1n, HALF_DONE_MAX_EVENTS);
  const cooperativeId = head[0]?.type === 'CooperativeRegistered' ? head[0].metadata.cooperativeId : undefined;
  const onlyTheCooperative =
    cooperativeId !== undefined && head.every((e) => e.streamId === cooperativeStream(cooperativeId));
  return onlyTheCooperative && head.length < HALF_DONE_MAX_EVENTS
    ? { kind: 'cooperativeRegistered', cooperativeId }
    : { kind: 'done' };
}

/** The step's write, done once it is stored: the read models may show it later (a worker that is slow or not yet running). */
async function stored(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof SavedNotYetShownError)) throw error;
  }
}

/**
 * 16 random base64url characters; drawn again in the rare case they contain the user name (a short ADMIN_USERNAME
 * such as `bob` turns up in about one of 20,000 draws), so the first administrator's creation cannot be refused.
 */
export function generatePassword(
  username: string,
  common: CommonPasswords,
  draw: () => string = () => randomBytes(12).toString('base64url'),
): string {
  for (;;) {
    const password = draw();
    if (passwordRuleBroken(password, username, (p) => common.has(p)) === null) return password;
  }
}
